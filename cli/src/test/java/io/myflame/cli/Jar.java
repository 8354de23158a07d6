package io.myflame.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the shaded myflame jar as a real process, the way users run it. */
final class Jar {
    static final Path JAR = Path.of("target", "myflame.jar").toAbsolutePath();

    private Jar() {
    }

    record Result(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
        }
    }

    static Result run(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("java", "-jar", JAR.toString()));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile("myflame-out", ".txt");
        Path err = Files.createTempFile("myflame-err", ".txt");
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError("timed out: " + cmd);
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** The real captures under samples/captures. */
    static Path capture(String name) {
        Path p = Path.of(System.getProperty("myflame.samples", "../samples"), "captures", name);
        if (!Files.isDirectory(p)) {
            throw new AssertionError("missing real capture " + p);
        }
        return p;
    }
}
