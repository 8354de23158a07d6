package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What stands between myflame and perf: a {@code --perf} program that is not perf (hangs, prints
 * without end, is a directory, crashes), a perf.data whose name starts or ends with a space, and a
 * perf.data piped in (spooled to a temporary file that no signal may leave behind, and named
 * {@code <stdin>} in errors). Real perf records the data; the programs are real processes.
 */
class PerfProgramIT {
    @TempDir
    static Path tmp;
    static Path data;

    @BeforeAll
    static void record() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/perf")), "perf is not installed (scripts/test installs linux-perf)");
        data = tmp.resolve("perf.data");
        Process p = new ProcessBuilder("perf", "record", "-F", "999", "-g", "-o", data.toString(), "--",
                "perl", "-e", "my $x = 0; for (1..3000000) { $x += sqrt($_) } print STDERR $x")
                .redirectErrorStream(true).redirectOutput(tmp.resolve("record.log").toFile()).start();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), Files.readString(tmp.resolve("record.log")));
    }

    private static Path script(String name, String body) throws Exception {
        Path f = tmp.resolve(name);
        Files.writeString(f, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
        return f;
    }

    /** Runs the jar with a short --version bound, so a hanging program costs seconds. */
    private static Myflame.Result runBounded(String... args) throws Exception {
        return runBounded(List.of(), args);
    }

    private static Myflame.Result runBounded(List<String> properties, String... args) throws Exception {
        List<String> jvm = new ArrayList<>(List.of("-Dmyflame.perf.version.seconds=3", "-Dmyflame.perf.silence.seconds=3"));
        jvm.addAll(properties);
        Process p = new ProcessBuilder(Myflame.command(jvm, args))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        var out = java.util.concurrent.CompletableFuture.supplyAsync(() -> OutputFilesIT.readAll(p.getInputStream()));
        var err = java.util.concurrent.CompletableFuture.supplyAsync(() -> OutputFilesIT.readAll(p.getErrorStream()));
        if (!p.waitFor(2, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("myflame " + String.join(" ", args) + " hangs");
        }
        return new Myflame.Result(p.exitValue(), out.get(), err.get());
    }

    private static void assertOneLine(Myflame.Result r, String... fragments) {
        assertEquals(1, r.exit(), r.err());
        assertFalse(r.hasStackTrace(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        for (String f : fragments) {
            assertTrue(r.err().contains(f), "wanted '" + f + "' in: " + r.err());
        }
        assertFalse(r.err().contains("Exit value"), r.err());
    }

    @Test
    void aPerfProgramThatIsNotPerfIsNamedAndNeverHangs() throws Exception {
        Path hangs = script("hangs", "exec sleep 1000");
        Path endless = script("endless", "exec yes perf");
        Path notPerf = script("notperf", "echo 'GNU coreutils 9.1'");
        Path crashes = script("crashes", "case \"$1\" in --version) echo 'perf version 6.1';; *) kill -BUS $$;; esac");
        // Answers as perf, then hangs: the read is stopped after the silence bound.
        Path hangsLater = script("hangs-later", "case \"$1\" in --version) echo 'perf version 6.1';; *) exec sleep 1000;; esac");
        Path dir = Files.createDirectories(tmp.resolve("bin-dir"));
        String d = data.toString();
        assertOneLine(runBounded("report", d, "--via-perf-script", "--perf", hangs.toString()), hangs.toString(), "hangs");
        assertOneLine(runBounded("report", d, "--via-perf-script", "--perf", endless.toString()), endless.toString(),
                "prints without end");
        assertOneLine(runBounded("report", d, "--via-perf-script", "--perf", notPerf.toString()), "is not perf",
                "GNU coreutils");
        assertOneLine(runBounded("report", d, "--via-perf-script", "--perf", hangsLater.toString()), hangsLater.toString(),
                "printed nothing for 3 s");
        assertOneLine(runBounded("report", d, "--via-perf-script", "--perf", dir.toString()), dir.toString(),
                "is a directory");
        assertOneLine(runBounded("collapse", d, "--via-perf-script", "--perf", crashes.toString()), crashes.toString(),
                "SIGBUS", "crashed");
    }

    /**
     * A program that answers {@code --version} as perf and then prints without end, garbage or
     * samples, never goes silent: the read stops at the output bound (set low here, so the test
     * takes seconds) with one line naming the program.
     */
    @Test
    void aPerfProgramThatPrintsWithoutEndIsStopped() throws Exception {
        Path garbage = script("garbage", "case \"$1\" in --version) echo 'perf version 6.1';; *) exec yes garbage;; esac");
        Path samples = script("endless-samples", "case \"$1\" in --version) echo 'perf version 6.1';; *) while :; do"
                + " printf 'mariadbd  6186   427.306757:    2004008 cpu-clock:\\n\\t    55d4c2a1b2c3 do_command+0x1"
                + " (/usr/sbin/mariadbd)\\n\\n'; done;; esac");
        String d = data.toString();
        for (Path program : List.of(garbage, samples)) {
            for (String command : List.of("report", "flamegraph")) {
                Myflame.Result r = runBounded(List.of("-Dmyflame.perf.output.max.bytes=4194304"), command, d,
                        "--via-perf-script", "--perf", program.toString(), "-o", tmp.resolve("out-" + command).toString());
                assertOneLine(r, program.toString(), "printed more than 4 MB", d);
                assertFalse(Files.exists(tmp.resolve("out-" + command)), command + " left an output behind");
            }
        }
        // The real perf is well within the default bound.
        Myflame.Result real = runBounded(List.of(), "report", d, "--via-perf-script");
        assertEquals(0, real.exit(), real.err());
    }

    @Test
    void aPerfDataNamedWithSpacesIsReadThroughPerfScript() throws Exception {
        Myflame.Result plain = Myflame.run("collapse", "--via-perf-script", data.toString());
        assertEquals(0, plain.exit(), plain.err());
        assertTrue(plain.out().contains("perl;"), plain.out());
        for (String name : List.of(" lead.data", "trail.data ")) {
            Path odd = Files.copy(data, tmp.resolve(name));
            Myflame.Result r = Myflame.run("collapse", "--via-perf-script", odd.toString());
            assertEquals(0, r.exit(), name + ": " + r.err());
            assertEquals(plain.out(), r.out(), name);
            Myflame.Result relative = Myflame.runIn(tmp, null, "collapse", "--via-perf-script", name);
            assertEquals(plain.out(), relative.out(), name + ": " + relative.err());
        }
    }

    @Test
    void errorsAboutAPipedPerfDataNameStdin() throws Exception {
        Path broken = tmp.resolve("broken.data");
        Files.write(broken, java.util.Arrays.copyOf(Files.readAllBytes(data), 3000));
        for (List<String> args : List.of(List.of("report", "-", "--via-perf-script"), List.of("report", "-"))) {
            Myflame.Result r = Myflame.runWithStdin(broken, args.toArray(String[]::new));
            assertFalse(r.hasStackTrace(), r.err());
            assertFalse(r.err().contains(System.getProperty("java.io.tmpdir") + "/myflame-"), args + ": " + r.err());
            assertTrue(r.err().contains("<stdin>"), args + ": " + r.err());
        }
    }

    /** SIGTERM and SIGINT while a perf.data on a pipe is being spooled: the copy never survives. */
    @Test
    void signalsWhileSpoolingLeaveNoCopy() throws Exception {
        Path spool = Files.createDirectories(tmp.resolve("spool"));
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(data), 200_000);
        // A suite started as a background job of a non-interactive shell inherits SIGINT ignored, and
        // a JVM started so keeps ignoring it: there only SIGTERM can be sent as a user would.
        List<String> signals = sigintIgnoredHere() ? List.of("-TERM") : List.of("-TERM", "-INT");
        for (String signal : signals) {
            Process p = new ProcessBuilder(Myflame.command(List.of("-Djava.io.tmpdir=" + spool), "report", "-"))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            OutputStream in = p.getOutputStream();
            in.write(head);
            in.flush();
            // The pipe stays open: myflame is still copying when the signal comes.
            assertTrue(Myflame.await(() -> spooled(spool).stream().anyMatch(PerfProgramIT::nonEmpty), 60),
                    "no spool file appeared in " + spool);
            assertEquals(0, new ProcessBuilder("kill", signal, Long.toString(p.pid())).start().waitFor());
            assertTrue(p.waitFor(1, TimeUnit.MINUTES), "myflame did not stop on " + signal);
            in.close();
            assertEquals(List.of(), spooled(spool), signal);
        }
    }

    /** Whether this process ignores SIGINT (bit 2 of SigIgn in /proc/self/status), as its children then do. */
    private static boolean sigintIgnoredHere() throws java.io.IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring(7).strip(), 16) & (1L << 1)) != 0;
            }
        }
        return false;
    }

    private static List<Path> spooled(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return new ArrayList<>(s.filter(f -> f.getFileName().toString().startsWith("myflame-")).toList());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static boolean nonEmpty(Path f) {
        try {
            return Files.size(f) > 0;
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
