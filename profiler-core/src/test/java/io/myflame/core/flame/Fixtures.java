package io.myflame.core.flame;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.core.model.SampledThread;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Test inputs: folded stacks that {@code myflame collapse} produced from the compat suite's perf
 * script files and from a real MariaDB capture (the folded reader itself lives in perf-ingest).
 */
final class Fixtures {
    private Fixtures() {
    }

    static String text(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/flame/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads folded lines; the first frame is the thread's comm, as collapse writes it. */
    static Profile folded(String name) {
        return folded(name, text(name));
    }

    /** Folded lines given as text, named {@code name}. */
    static Profile folded(String name, String lines) {
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames).info(new ProfileInfo(name, null, name));
        for (String line : lines.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            int sp = line.lastIndexOf(' ');
            String[] parts = line.substring(0, sp).split(";");
            int[] stack = new int[parts.length - 1];
            for (int i = 1; i < parts.length; i++) {
                stack[i - 1] = frames.intern(parts[i]);
            }
            long w = Long.parseLong(line.substring(sp + 1).trim());
            b.add(b.thread(new SampledThread(parts[0], -1, -1)), stack, stack.length, w, 1);
        }
        return b.build();
    }

    static Path target(String file) throws IOException {
        Path dir = Path.of("target", "flame");
        Files.createDirectories(dir);
        return dir.resolve(file);
    }
}
