package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution {@code mvn package} writes, {@code cli/target/myflame-VERSION.tar.gz}, unpacked with
 * the system's tar in an empty directory and run from there, outside the checkout and without
 * Maven: {@code bin/myflame collapse} and {@code bin/myflame report} on a real capture print what the
 * jar prints.
 */
class DistributionIT {
    @TempDir
    Path dir;

    @Test
    void unpackedDistributionRunsCollapseAndReport() throws Exception {
        Path home = unpack();
        for (String f : List.of("bin/myflame", "lib/myflame.jar", "README.md", "LICENSE", "samples/rows/delete.rows")) {
            assertTrue(Files.exists(home.resolve(f)), f + " is missing from the distribution");
        }
        assertTrue(Files.isExecutable(home.resolve("bin/myflame")));
        Path script = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete/perf.script.gz").toAbsolutePath();
        Path capture = script.getParent();
        String collapse = launch(home, "collapse", script.toString());
        assertEquals(Myflame.run("collapse", script.toString()).out(), collapse);
        // The first run listed the classes it loaded next to the jar; the second archives them.
        assertTrue(Files.size(home.resolve("lib/myflame.classlist")) > 0, "no class list after the first run");
        assertTrue(Files.notExists(home.resolve("lib/myflame.jsa")));
        String report = launch(home, "report", capture.toString(), "--top", "5");
        assertEquals(Myflame.run("report", capture.toString(), "--top", "5").out(), report);
        assertTrue(report.contains("handle_one_connection"), report);
        assertTrue(Files.exists(home.resolve("lib/myflame.jsa")), "no class-data archive after the second run");
        // Later runs map the archive and print the same.
        assertEquals(collapse, launch(home, "collapse", script.toString()));
        assertEquals(report, launch(home, "report", capture.toString(), "--top", "5"));
        // The JVM takes an archive only with the jar path it was made for: a moved installation
        // makes a new one (named by its new absolute path) and still prints the same.
        assertEquals(home.resolve("lib/myflame.jar").toRealPath().toString(),
                Files.readString(home.resolve("lib/myflame.jar-path")).strip());
        Path moved = Files.createDirectories(dir.resolve("elsewhere")).resolve(home.getFileName());
        Files.move(home, moved);
        assertEquals(report, launch(moved, "report", capture.toString(), "--top", "5"));
        assertEquals(moved.resolve("lib/myflame.jar").toRealPath().toString(),
                Files.readString(moved.resolve("lib/myflame.jar-path")).strip());
    }

    private Path unpack() throws Exception {
        Path tarball;
        try (Stream<Path> s = Files.list(Path.of("target"))) {
            tarball = s.filter(p -> p.getFileName().toString().matches("myflame-.*\\.tar\\.gz")).findFirst()
                    .orElseThrow(() -> new AssertionError("run after package: no target/myflame-VERSION.tar.gz"));
        }
        exec(dir, List.of("tar", "xzf", tarball.toAbsolutePath().toString()));
        String name = tarball.getFileName().toString().replaceFirst("\\.tar\\.gz$", "");
        return dir.resolve(name);
    }

    /** Runs bin/myflame from the unpacked tree, in a working directory outside the checkout. */
    private String launch(Path home, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(home.resolve("bin/myflame").toString()));
        cmd.addAll(List.of(args));
        return exec(dir, cmd);
    }

    private static String exec(Path cwd, List<String> cmd) throws IOException, InterruptedException {
        Path out = Files.createTempFile(cwd, "out", ".txt");
        Path err = Files.createTempFile(cwd, "err", ".txt");
        Process p = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError(cmd + " did not finish");
        }
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + ": " + Files.readString(err, StandardCharsets.UTF_8));
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
