package io.myflame.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs myflame as if on another machine: in a private mount namespace where {@code /proc/kallsyms}
 * is an empty file and {@code ~/.debug} and the given directories (the recorded binaries) are
 * empty directories. What myflame then names, it named from what travelled with the perf.data.
 */
final class MaskedMachine {
    /** Mounts the masks, checks they hold, then runs the command; exit 99 when a mask did not hold. */
    private static final String SCRIPT = """
            set -e
            empty_file="$1"; empty_dir="$2"; shift 2
            mount --bind "$empty_file" /proc/kallsyms
            while [ "$1" != "--" ]; do mount --bind "$empty_dir" "$1"; shift; done
            shift
            if [ -s /proc/kallsyms ] || [ -n "$(ls -A "$HOME/.debug")" ]; then exit 99; fi
            exec "$@"
            """;

    private MaskedMachine() {
    }

    /** Skips the test where a private mount namespace cannot be made (not root, no unshare). */
    static void assumePossible() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "masked-machine tests need root (mount)");
        Process p = new ProcessBuilder("unshare", "--mount", "--propagation", "private", "true").start();
        assumeTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, "unshare --mount is not possible here");
    }

    /** {@code myflame args} with the running kernel's symbols, ~/.debug and each of {@code hide} masked. */
    static Myflame.Result run(Path scratch, List<Path> hide, String... args) throws IOException, InterruptedException {
        Path emptyFile = scratch.resolve("empty-kallsyms");
        Path emptyDir = scratch.resolve("empty-dir");
        Files.createDirectories(emptyDir);
        if (!Files.exists(emptyFile)) {
            Files.createFile(emptyFile);
        }
        Path debug = Path.of(System.getProperty("user.home"), ".debug");
        Files.createDirectories(debug);
        List<String> cmd = new ArrayList<>(List.of("unshare", "--mount", "--propagation", "private", "sh", "-c", SCRIPT,
                "sh", emptyFile.toString(), emptyDir.toString(), debug.toString()));
        for (Path h : hide) {
            cmd.add(h.toString());
        }
        cmd.add("--");
        cmd.addAll(Myflame.command(List.of(), args));
        Process p = new ProcessBuilder(cmd).start();
        p.getOutputStream().close();
        CompletableFuture<String> out = read(p.getInputStream());
        CompletableFuture<String> err = read(p.getErrorStream());
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException("masked myflame " + String.join(" ", args) + " did not finish");
        }
        if (p.exitValue() == 99) {
            throw new AssertionError("the masks did not hold: /proc/kallsyms or ~/.debug still visible");
        }
        return new Myflame.Result(p.exitValue(), out.join(), err.join());
    }

    private static CompletableFuture<String> read(java.io.InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }
}
