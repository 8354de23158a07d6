package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.recorder.process.ChildProcesses;
import io.myflame.recorder.server.ThrowawayServer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real recordings that go wrong (issue 9): a failed re-record keeps the previous capture, a
 * successful one replaces it wholly, a full disk still leaves a valid capture.json, an interrupt
 * during install-db says "interrupted" and removes the data directory, and SIGKILL of the JVM
 * leaves no perf, server or sysbench running and no data directory.
 */
@Records
class RecordFaultsIT {
    @TempDir
    Path tmp;

    @BeforeEach
    void needsRealParts() {
        RealParts.assumeRecordingPossible();
    }

    private static Path copyOfSampleCapture(Path out) throws Exception {
        Path sample = Myflame.samples().resolve("captures/mariadb-10.11-oltp_point_select");
        Files.createDirectories(out);
        try (Stream<Path> s = Files.list(sample)) {
            for (Path f : s.toList()) {
                Files.copy(f, out.resolve(f.getFileName()));
            }
        }
        return out;
    }

    private static JsonNode meta(Path dir) throws Exception {
        return new ObjectMapper().readTree(dir.resolve("capture.json").toFile());
    }

    /** The server refuses an option (whose value, echoed in the progress lines, holds ESC, BEL and CR). */
    @Test
    void failedReRecordKeepsThePreviousCapture() throws Exception {
        Path cap = copyOfSampleCapture(tmp.resolve("cap"));
        byte[] before = Files.readAllBytes(cap.resolve("capture.json"));
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "record", "--out", cap.toString(), "--force",
                "--no-overhead-check", "--workload", "oltp_point_select", "--time", "2", "--warmup", "0",
                "--server-opt", "no_such_option_at_all=\u001b[31mred\u0007\rx");
        assertEquals(1, p.waitFor(600), p.err());
        assertTrue(p.err().contains("previous capture in " + cap + " is unchanged"), p.err());
        assertTrue(p.err().contains("myflame record: starting ") && p.err().contains("\\x1b[31mred\\x07\\x0dx"), p.err());
        assertFalse(p.err().contains("\u001b") || p.err().contains("\u0007") || p.err().contains("\r"), p.err());
        assertEquals(new String(before), Files.readString(cap.resolve("capture.json")));
        assertTrue(Files.exists(cap.resolve("perf.script.gz")));
        Path attempt = tmp.resolve("cap.incomplete");
        assertFalse(meta(attempt).get("incomplete").isNull(), meta(attempt).toPrettyString());
        assertNoWorkDirectories();
    }

    /** A capture may be an experiment that cannot be repeated: it is replaced only with --force, refused before anything runs. */
    @Test
    void reRecordWithoutForceIsRefused() throws Exception {
        Path cap = copyOfSampleCapture(tmp.resolve("cap"));
        byte[] before = Files.readAllBytes(cap.resolve("capture.json"));
        Myflame.Result r = Myflame.run("record", "--out", cap.toString(), "--workload", "oltp_point_select",
                "--no-overhead-check", "--table-size", "1000", "--time", "2", "--warmup", "0", "--freq", "99");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().startsWith("myflame record: " + cap + ": holds a capture already; --force replaces it"), r.err());
        assertFalse(r.err().contains("starting"), "refused only after starting a server: " + r.err());
        assertEquals(new String(before), Files.readString(cap.resolve("capture.json")));
        assertTrue(Files.exists(cap.resolve("perf.script.gz")));
        assertNoWorkDirectories();
        Path sweep = Files.createDirectories(tmp.resolve("sweep"));
        copyOfSampleCapture(sweep.resolve("default/threads-1"));
        Myflame.Result s = Myflame.run("sweep", "--out", sweep.toString(), "--threads", "1", "--time", "1");
        assertEquals(2, s.exit(), s.err());
        assertTrue(s.err().contains("holds a sweep already; --force replaces it"), s.err());
        assertTrue(Files.exists(sweep.resolve("default/threads-1/perf.script.gz")));
    }

    @Test
    void successfulReRecordReplacesTheCaptureWholly() throws Exception {
        Path cap = copyOfSampleCapture(tmp.resolve("cap"));
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "record", "--out", cap.toString(), "--force",
                "--workload", "oltp_point_select", "--table-size", "1000", "--time", "2", "--warmup", "0",
                "--no-overhead-check", "--freq", "99");
        assertEquals(0, p.waitFor(600), p.err());
        assertFalse(Files.exists(cap.resolve("perf.script.gz")), "old samples beside the new metadata");
        assertFalse(Files.exists(cap.resolve("perf-report-children.txt")), "old files kept");
        assertTrue(meta(cap).get("incomplete").isNull(), meta(cap).toPrettyString());
        assertTrue(Files.exists(cap.resolve("perf.data")));
        assertNoWorkDirectories();
    }

    @Test
    void fullDiskStillLeavesAValidCaptureJsonThatReadersWarnAbout() throws Exception {
        try (SmallFileSystem fs = SmallFileSystem.mount(tmp.resolve("small"), "128k")) {
            Path cap = fs.dir().resolve("cap");
            Myflame.Running p = Myflame.start(tmp.resolve("log"), "record", "--out", cap.toString(),
                    "--workload", "oltp_point_select", "--table-size", "1000", "--time", "8", "--warmup", "1",
                    "--no-overhead-check", "--freq", "999");
            assertEquals(1, p.waitFor(600), p.err());
            assertFalse(p.err().contains("\tat "), p.err());
            JsonNode m = meta(cap);
            assertFalse(m.get("incomplete").isNull(), m.toPrettyString());
            for (String status : List.of("status-before.txt", "status-after.txt")) {
                Path f = cap.resolve(status);
                assertTrue(!Files.exists(f) || Files.readString(f).endsWith("\n"), status + " cut mid-line");
            }
            Myflame.Result r = Myflame.run("report", cap.toString());
            assertTrue(r.err().contains("incomplete capture") || r.exit() == 1, r.err());
            assertFalse(r.hasStackTrace(), r.err());
        }
    }

    @Test
    void interruptDuringInstallDbSaysInterruptedAndRemovesTheDataDirectory() throws Exception {
        Path cap = tmp.resolve("cap");
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "record", "--no-overhead-check", "--out", cap.toString(),
                "--workload", "oltp_point_select", "--time", "2", "--warmup", "0");
        String datadir = awaitChildArgument(p, "--datadir=", 300).orElseThrow(() -> new AssertionError(errOf(p)));
        p.process().destroy(); // SIGTERM, handled like Ctrl-C
        assertEquals(143, p.waitFor(180), p.err()); // 128 + SIGTERM, as a shell expects
        assertTrue(p.err().contains("interrupted"), p.err());
        assertFalse(p.err().contains("died"), p.err());
        assertTrue(meta(cap).get("incomplete").asText().startsWith("interrupted"), meta(cap).toPrettyString());
        Path scratch = Path.of(datadir).getParent();
        assertGone(scratch);
        RecordIT.assertNoneLeft(scratch.toString(), cap);
    }

    @Test
    void sigkillLeavesNoProcessesAndNoDataDirectory() throws Exception {
        Path cap = tmp.resolve("cap");
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "record", "--no-overhead-check", "--out", cap.toString(),
                "--workload", "oltp_point_select", "--table-size", "1000", "--time", "60", "--warmup", "0",
                "--freq", "99");
        assertTrue(p.awaitStderr("measured run", 300), p.err());
        Matcher m = RecordIT.SERVER_UP.matcher(p.err());
        assertTrue(m.find(), p.err());
        String scratch = m.group(2);
        assertFalse(RealParts.processesMentioning("perf record").stream().noneMatch(c -> c.contains(tmp.toString())),
                "perf is not running yet");
        p.process().destroyForcibly(); // SIGKILL: no shutdown hook runs
        p.process().waitFor(60, TimeUnit.SECONDS);
        RecordIT.assertNoneLeft(scratch, tmp);
        assertGone(Path.of(scratch));
        for (int i = 0; i < 100; i++) {
            try (Stream<Path> s = Files.list(tmp)) {
                if (s.noneMatch(f -> f.getFileName().toString().contains(".recording-"))) {
                    break;
                }
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        assertNoWorkDirectories();
    }

    /** A server password: never in the capture, and its private file gone even after SIGKILL. */
    @Test
    void passwordNeverInTheCaptureAndItsFileRemovedAfterSigkill() throws Exception {
        ChildProcesses children = new ChildProcesses();
        String secret = "s3cret-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        try (ThrowawayServer server = RealParts.serverWithBenchUser(children, secret)) {
            Path cap = tmp.resolve("cap");
            Myflame.Running p = Myflame.start(tmp.resolve("log"), Map.of("BENCH_PW", secret), "record",
                    "--out", cap.toString(), "--socket", server.endpoint().socket(), "--user", "bench",
                    "--password-env", "BENCH_PW", "--workload", "oltp_point_select", "--table-size", "1000",
                    "--no-overhead-check", "--time", "60", "--warmup", "0", "--freq", "99");
            assertTrue(p.awaitStderr("measured run", 300), p.err());
            List<Path> optionFiles = filesHolding(Path.of(System.getProperty("java.io.tmpdir")), secret, 1);
            assertEquals(1, optionFiles.size(), "sysbench's private option file during the run");
            assertEquals(List.of(), filesHolding(tmp, secret, Integer.MAX_VALUE), "the password in the capture");
            p.process().destroyForcibly(); // SIGKILL: no shutdown hook runs; the guard cleans up
            p.process().waitFor(60, TimeUnit.SECONDS);
            assertGone(optionFiles.get(0));
            RecordIT.assertNoneLeft(tmp.toString(), cap);
        } finally {
            children.stopAll(30_000);
        }
    }

    private static List<Path> filesHolding(Path dir, String text, int depth) throws Exception {
        try (Stream<Path> s = Files.walk(dir, depth)) {
            return s.filter(Files::isRegularFile).filter(f -> {
                try {
                    return Files.size(f) < (1 << 20) && Files.readString(f, java.nio.charset.StandardCharsets.ISO_8859_1)
                            .contains(text);
                } catch (Exception e) {
                    return false;
                }
            }).toList();
        }
    }

    private static Optional<String> awaitChildArgument(Myflame.Running p, String prefix, long seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline && p.process().isAlive()) {
            Optional<String> arg = p.process().descendants()
                    .flatMap(h -> Stream.of(cmdline(h.pid()).split("\0")))
                    .filter(a -> a.startsWith(prefix)).map(a -> a.substring(prefix.length())).findFirst();
            if (arg.isPresent()) {
                return arg;
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
        return Optional.empty();
    }

    private static String cmdline(long pid) {
        try {
            return Files.readString(Path.of("/proc/" + pid + "/cmdline"));
        } catch (Exception e) {
            return "";
        }
    }

    private static String errOf(Myflame.Running p) {
        try {
            return p.err();
        } catch (Exception e) {
            return e.toString();
        }
    }

    /** Polls: the guard removes a killed run's files a moment after the JVM is gone. */
    private static void assertGone(Path dir) throws InterruptedException {
        for (int i = 0; i < 100 && Files.exists(dir); i++) {
            TimeUnit.MILLISECONDS.sleep(100);
        }
        assertFalse(Files.exists(dir), dir + " left behind");
    }

    private void assertNoWorkDirectories() throws Exception {
        try (Stream<Path> s = Files.list(tmp)) {
            List<String> left = s.map(f -> f.getFileName().toString()).filter(n -> n.contains(".recording-")).toList();
            assertEquals(List.of(), left);
        }
    }
}
