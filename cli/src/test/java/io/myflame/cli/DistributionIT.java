package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution {@code mvn package} writes, {@code cli/target/myflame-VERSION.tar.gz}, unpacked with
 * the system's tar in an empty directory and run from there, outside the checkout and without
 * Maven: {@code bin/myflame collapse} and {@code bin/myflame report} on a real capture print what the
 * jar prints, and the class-data archive the first run trains serves the commands users run.
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
        // The first run trained the class-data archive on the bundled capture, whatever it ran itself.
        assertTrue(Files.exists(home.resolve("lib/myflame.jsa")), "no class-data archive after the first run");
        String report = launch(home, "report", capture.toString(), "--top", "5");
        assertEquals(Myflame.run("report", capture.toString(), "--top", "5").out(), report);
        assertTrue(report.contains("handle_one_connection"), report);
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

    /**
     * Start-up does not depend on the first command after install: after a first {@code --help},
     * every class of myflame's own that reading a perf.data into a table loads (the native reader,
     * symbols, the table) and that drawing a flamegraph loads comes from the class-data archive.
     */
    @Test
    void archiveIsTrainedOnRepresentativeCommandsWhateverRanFirst() throws Exception {
        Path home = unpack();
        launch(home, "--help");
        Path jsa = home.resolve("lib/myflame.jsa");
        assertTrue(Files.exists(jsa), "no class-data archive after a first --help");
        Path data = dir.resolve("perf.data");
        Path xz = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete-fp/perf.data.xz").toAbsolutePath();
        exec(dir, List.of("bash", "-c", "xz -dc '" + xz + "' > '" + data + "'"));
        for (List<String> args : List.of(List.of("report", data.toString(), "--top", "0"),
                List.of("flamegraph", data.toString(), "-o", dir.resolve("f.svg").toString()))) {
            List<String> cmd = new java.util.ArrayList<>(List.of("java", "-Xshare:on", "-XX:SharedArchiveFile=" + jsa,
                    "-Xlog:class+load", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar",
                    home.resolve("lib/myflame.jar").toRealPath().toString()));
            cmd.addAll(args);
            List<String> loaded = exec(dir, cmd).lines().filter(l -> l.contains(" io.myflame.")).toList();
            assertTrue(loaded.size() > 100, args.get(0) + " loaded only " + loaded.size() + " myflame classes");
            List<String> fromJar = loaded.stream().filter(l -> !l.contains("source: shared objects file"))
                    .filter(l -> !l.contains("$$Lambda"))
                    // picocli's type converters: picocli is compiled for Java 5, which JDK 17 does not archive
                    .filter(l -> !l.contains("io.myflame.cli.OptionValues$")).toList();
            assertEquals(List.of(), fromJar, args.get(0) + ": classes loaded from the jar, not the archive");
        }
    }

    private Path unpack() throws Exception {
        return Distribution.unpack(dir);
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
