package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code myflame record} end to end with real parts: a throwaway mariadbd, sysbench and perf, for a
 * few seconds of load each.
 */
@Records
class RecordIT {
    static final Pattern SERVER_UP = Pattern.compile("server up: pid (\\d+), socket (\\S+)/mysqld\\.sock");
    static final Pattern TOP_ROW = Pattern.compile("^\\s*([\\d.]+)%\\s+([\\d.]+)%\\s+(.+)$", Pattern.MULTILINE);

    @TempDir
    Path tmp;

    @BeforeEach
    void needsRealParts() {
        RealParts.assumeRecordingPossible();
    }

    /**
     * A user who may not attach perf to the server (here nobody, against a server run by root) is
     * told so before the tables are prepared, which takes minutes on a large --table-size: one line,
     * exit 1, no sysbench run and no sbtest table made.
     */
    @Test
    void anUnprivilegedUserIsRefusedBeforeTablesArePrepared() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue("root".equals(System.getProperty("user.name")),
                "needs root to run myflame as nobody (runuser)");
        io.myflame.recorder.process.ChildProcesses children = new io.myflame.recorder.process.ChildProcesses();
        String secret = "s3cret-" + ProcessHandle.current().pid();
        try (io.myflame.recorder.server.ThrowawayServer server = RealParts.serverWithBenchUser(children, secret)) {
            // nobody reaches the socket and writes --out; the server itself stays root's.
            Path socket = Path.of(server.endpoint().socket());
            Files.setPosixFilePermissions(socket.getParent(), java.nio.file.attribute.PosixFilePermissions.fromString("rwx--x--x"));
            Path open = Files.createDirectories(tmp.resolve("open"));
            Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rwx--x--x"));
            Files.setPosixFilePermissions(open, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
            Myflame.Result r = Myflame.runAs("nobody", Map.of("BENCH_PW", secret), "record",
                    "--out", open.resolve("cap").toString(), "--socket", socket.toString(), "--user", "bench",
                    "--password-env", "BENCH_PW", "--pid", Long.toString(server.pid()), "--workload", "oltp_point_select",
                    "--time", "3", "--warmup", "0");
            assertEquals(1, r.exit(), r.err());
            // Progress lines (the server found, its version), then the one-line error, last.
            List<String> lines = r.err().lines().toList();
            String error = lines.get(lines.size() - 1);
            assertFalse(r.hasStackTrace(), r.err());
            assertTrue(error.startsWith("myflame record: no permission to attach perf to pid " + server.pid()), r.err());
            assertTrue(error.contains("it runs as root, we run as nobody"), r.err());
            assertTrue(error.contains("run myflame as root (sudo)") && !error.contains("or as root"), r.err());
            // Nothing was prepared: no sysbench progress line, no table in the server.
            assertTrue(r.err().lines().noneMatch(l -> l.contains("prepar") || l.contains("sysbench")), r.err());
            io.myflame.recorder.server.SqlClient root = new io.myflame.recorder.server.SqlClient(
                    io.myflame.recorder.server.SqlClient.findClient(null, children), server.endpoint(), children);
            assertEquals(List.of(), root.query("SHOW DATABASES LIKE 'sbtest'"), "tables were prepared before the check");
        } finally {
            children.stopAll(30_000);
        }
    }

    @Test
    void deleteWorkloadWithBinlogMakesACompleteCapture() throws Exception {
        Path cap = tmp.resolve("cap");
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "record", "--out", cap.toString(),
                "--workload", "oltp_delete", "--table-size", "50000", "--time", "4", "--warmup", "1",
                "--freq", "499", "--server-opt", "log_bin=ON", "--overhead-rounds", "3");
        assertEquals(0, p.waitFor(300), p.err());
        JsonNode meta = new ObjectMapper().readTree(cap.resolve("capture.json").toFile());
        assertTrue(meta.get("incomplete").isNull(), meta.toPrettyString());
        assertEquals(1, meta.get("schema_version").asInt());
        assertEquals("cycles", meta.at("/perf/requested_event").asText());
        assertEquals(eventInPerfData(cap.resolve("perf.data")), meta.at("/perf/event").asText());
        assertTrue(meta.at("/workload/results/tps").asDouble() > 0, "tps");
        assertTrue(meta.at("/workload/results/transactions").asLong() > 0, "transactions");
        assertTrue(meta.at("/perf/samples").asLong() > 0, "samples");
        assertTrue(meta.at("/counters/per_transaction/binlog_bytes").asDouble() > 0, "binlog bytes per transaction");
        assertTrue(meta.at("/server/version").asText().contains("MariaDB"), "server version");
        assertTrue(meta.at("/server/build_id").asText().matches("[0-9a-f]{40}"), "Debian's mariadbd has a build-id");
        for (String f : List.of("perf.data", "stacks.folded", "sysbench.txt", "status-before.txt", "status-after.txt")) {
            assertTrue(Files.size(cap.resolve(f)) > 0, f);
        }
        assertTruncatedShareChecked(cap, meta, p.err());
        assertOverheadMeasuredInTurns(cap, meta);
        assertEquals(3, meta.at("/checks/profiling_overhead/rounds").asInt(), "--overhead-rounds 3");
        Map<String, Double> top = reportTop(cap);
        double delete = top.entrySet().stream().filter(e -> e.getKey().equals("mysql_delete")
                || e.getKey().startsWith("Sql_cmd_delete::")).mapToDouble(Map.Entry::getValue).max().orElse(0);
        assertTrue(delete > 1, "mysql_delete / Sql_cmd_delete::* above 1%: " + delete);
        assertTrue(top.getOrDefault("ha_commit_trans", 0.0) > 1, "ha_commit_trans above 1%: " + top.get("ha_commit_trans"));
        assertEquals(List.of(), RealParts.processesMentioning(tmp.toString()));
    }

    /**
     * perf's cost, measured with sampling switched on and off in one run before the window: the
     * figures in checks.profiling_overhead are those of the marked sysbench log the capture keeps
     * (recounted here, each counted second's rate on its side), the ratio and its standard error are
     * theirs, and the paused perf's own data is gone.
     */
    private static void assertOverheadMeasuredInTurns(Path cap, JsonNode meta) throws Exception {
        JsonNode how = meta.at("/checks/profiling_overhead");
        assertEquals("interleaved", how.path("method").asText(), meta.at("/checks").toString());
        assertTrue(how.path("rounds").asInt() >= 2, how.toString());
        String log = Files.readString(cap.resolve("sysbench-overhead.txt"));
        List<String> marks = log.lines().filter(l -> l.startsWith("myflame: perf ")).toList();
        assertEquals(2 * how.path("rounds").asInt(), marks.size(), log);
        assertTrue(marks.get(0).matches("myflame: perf on after \\d+s"), marks.toString());
        long counted = 0;
        int lastSwitch = 0;
        boolean sampling = false;
        List<List<Double>> rates = List.of(new java.util.ArrayList<>(), new java.util.ArrayList<>());
        for (String line : log.lines().toList()) {
            java.util.regex.Matcher m = Pattern.compile("^(?:myflame: perf (\\w+) after |\\[ *)(\\d+)s(?: \\] thds: \\d+ tps: ([0-9.]+))?")
                    .matcher(line);
            if (!m.find()) {
                continue;
            }
            int second = Integer.parseInt(m.group(2));
            if (line.startsWith("myflame")) {
                lastSwitch = second;
                sampling = m.group(1).equals("on");
            } else if (second > 1 && second > lastSwitch + 1) {
                counted++;
                rates.get(sampling ? 1 : 0).add(Double.parseDouble(m.group(3)));
            }
        }
        assertEquals(counted, how.path("profiled_s").asLong() + how.path("unprofiled_s").asLong(), how.toString());
        assertEquals(rates.get(1).size(), how.path("profiled_s").asInt(), how.toString());
        double on = mean(rates.get(1));
        double off = mean(rates.get(0));
        assertEquals(on, how.path("profiled_tps").asDouble(), 0.01, how.toString());
        assertEquals(on / off, meta.at("/checks/profiled_tps_ratio").asDouble(), 0.001, how.toString());
        double relOn = sd(rates.get(1), on) / on;
        double relOff = sd(rates.get(0), off) / off;
        double se = on / off * Math.sqrt(relOn * relOn / rates.get(1).size() + relOff * relOff / rates.get(0).size());
        assertTrue(se > 0, "the rates of a real run vary: " + rates);
        assertEquals(se, how.path("ratio_standard_error").asDouble(), 0.001, how.toString());
        assertFalse(Files.exists(cap.resolve("perf-overhead-check.data")), "the check's perf data was kept");
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }

    private static double sd(List<Double> values, double mean) {
        return Math.sqrt(values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / (values.size() - 1));
    }

    /**
     * checks.truncated_share against the capture's stacks.folded counted here (a line is whole when the
     * frame after its thread is start_thread or, walked by dwarf, clone3), and
     * the warning above 5 %.
     */
    private static void assertTruncatedShareChecked(Path cap, JsonNode meta, String err) throws Exception {
        long total = 0;
        long cut = 0;
        for (String line : Files.readAllLines(cap.resolve("stacks.folded"), StandardCharsets.ISO_8859_1)) {
            long w = Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
            total += w;
            String first = line.split(";")[1];
            cut += first.equals("start_thread") || first.equals("clone3") ? 0 : w;
        }
        double share = meta.at("/checks/truncated_share").asDouble(-1);
        assertEquals(cut / (double) total, share, 0.01, meta.at("/checks").toString());
        assertEquals(share > 0.05, meta.get("warnings").toString().contains("of the samples are in truncated stacks"),
                meta.get("warnings").toString());
        assertEquals(share > 0.05, err.contains("warning: " + String.format(Locale.ROOT, "%.1f%%", 100 * share)
                + " of the samples are in truncated stacks"), err);
    }

    @Test
    void serverKilledMidRunLeavesAnIncompleteCaptureAndNoProcesses() throws Exception {
        Path cap = tmp.resolve("cap");
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "record", "--out", cap.toString(),
                "--workload", "oltp_point_select", "--time", "30", "--warmup", "0", "--freq", "499",
                "--no-overhead-check");
        assertTrue(p.awaitStderr("measured run", 180), p.err());
        Matcher m = SERVER_UP.matcher(p.err());
        assertTrue(m.find(), p.err());
        long serverPid = Long.parseLong(m.group(1));
        String scratch = m.group(2);
        awaitSamples(p);
        ProcessHandle.of(serverPid).orElseThrow().destroyForcibly();
        assertEquals(1, p.waitFor(120), p.err());
        assertTrue(p.err().contains("the server died during the measured run (killed by signal 9)"), p.err());
        JsonNode meta = new ObjectMapper().readTree(cap.resolve("capture.json").toFile());
        assertTrue(meta.get("incomplete").asText().startsWith("the server died"), meta.toPrettyString());
        assertNoneLeft(scratch, cap);
    }

    /** Waits until perf has written samples: perf.data grows past what it held when perf attached. */
    /** Waits until perf has written samples to the perf.data it was started with (written beside --out, then swapped in). */
    private static void awaitSamples(Myflame.Running p) throws Exception {
        Matcher o = Pattern.compile(" -o (\\S+/perf\\.data)").matcher(p.err());
        assertTrue(o.find(), p.err());
        Path data = Path.of(o.group(1));
        long attached = size(data);
        assertTrue(Myflame.await(() -> size(data) > attached, 60), "perf wrote no samples to " + data);
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (java.io.IOException e) {
            return 0;
        }
    }

    @Test
    void interruptStopsEverythingAndExitsAsTheSignalSays() throws Exception {
        Path cap = tmp.resolve("cap");
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "record", "--out", cap.toString(),
                "--workload", "oltp_point_select", "--time", "30", "--warmup", "0", "--freq", "499",
                "--no-overhead-check");
        assertTrue(p.awaitStderr("measured run", 180), p.err());
        Matcher m = SERVER_UP.matcher(p.err());
        assertTrue(m.find(), p.err());
        awaitSamples(p);
        p.process().destroy(); // SIGTERM, which the JVM handles like Ctrl-C's SIGINT: shutdown hooks run
        assertEquals(143, p.waitFor(120), p.err()); // 128 + SIGTERM, as a shell expects
        assertFalse(p.err().contains("perf record stopped during the measured run"), p.err());
        assertTrue(p.err().contains("interrupted"), p.err());
        JsonNode meta = new ObjectMapper().readTree(cap.resolve("capture.json").toFile());
        assertTrue(meta.get("incomplete").asText().startsWith("interrupted"), meta.toPrettyString());
        assertNoneLeft(m.group(2), cap);
    }

    @Test
    void mariadbReleaseFromMavenCentral() throws Exception {
        Path cap = tmp.resolve("cap");
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "record", "--out", cap.toString(),
                "--mariadb", "10.2.11", "--workload", "oltp_point_select", "--time", "3", "--warmup", "0",
                "--freq", "499", "--no-overhead-check");
        assertEquals(0, p.waitFor(1200), p.err());
        JsonNode meta = new ObjectMapper().readTree(cap.resolve("capture.json").toFile());
        // --no-overhead-check: no sysbench run with sampling in turns, and capture.json claims none.
        assertFalse(Files.exists(cap.resolve("sysbench-overhead.txt")));
        assertFalse(p.err().contains("perf's cost:"), p.err());
        assertFalse(meta.at("/checks/profiling_overhead/method").asText().equals("interleaved"), meta.toPrettyString());
        assertTrue(meta.at("/server/version").asText().startsWith("10.2.11-MariaDB"), meta.toPrettyString());
        assertTrue(meta.at("/perf/samples").asLong() > 0);
        // The throwaway server's temporary files go to its own directory, never the shared /tmp
        // (install-db failed once on another server's #sql-temptable file there).
        String tmpdir = Files.readAllLines(cap.resolve("variables.txt")).stream().filter(l -> l.startsWith("tmpdir\t"))
                .findFirst().orElseThrow().substring("tmpdir\t".length());
        assertTrue(tmpdir.matches("/tmp/myflame-[^/]+/tmp"), "tmpdir " + tmpdir);
        assertTrue(meta.at("/workload/results/qps").asDouble() > 0);
    }

    /** Polls until no process mentions the server's scratch directory or the capture (perf -o). */
    static void assertNoneLeft(String scratch, Path cap) throws InterruptedException {
        List<String> left = List.of();
        for (int i = 0; i < 50; i++) {
            left = new java.util.ArrayList<>(RealParts.processesMentioning(scratch));
            left.addAll(RealParts.processesMentioning(cap.toString()));
            if (left.isEmpty()) {
                return;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        assertEquals(List.of(), left, "processes left behind");
    }

    /** The event name as perf itself reads it back from the file. */
    static String eventInPerfData(Path data) throws Exception {
        Process p = new ProcessBuilder("perf", "evlist", "-i", data.toString()).redirectErrorStream(false).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        p.waitFor();
        return out.lines().findFirst().orElse("");
    }

    /** {@code myflame report DIR --top 0}: function → inclusive percent. */
    static Map<String, Double> reportTop(Path cap) throws Exception {
        Myflame.Running r = Myflame.start(cap.getParent().resolve("report-log"), "report", cap.toString(), "--top", "0");
        assertEquals(0, r.waitFor(300), r.err());
        Map<String, Double> m = new HashMap<>();
        Matcher row = TOP_ROW.matcher(r.out());
        while (row.find()) {
            m.put(row.group(3).strip(), Double.parseDouble(row.group(1)));
        }
        return m;
    }
}
