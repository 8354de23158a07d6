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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** sweep, demo and recording an existing server with a password, with real parts. */
@Records
class SweepDemoIT {
    @TempDir
    Path tmp;

    @BeforeEach
    void needsRealParts() {
        RealParts.assumeRecordingPossible();
    }

    @Test
    void sweepWritesTableJsonAndCharts() throws Exception {
        Path ini = tmp.resolve("configs.ini");
        Files.writeString(ini, "[ahi-on]\nserver-opt = innodb_adaptive_hash_index=ON\n"
                + "[ahi-off]\nserver-opt = innodb_adaptive_hash_index=OFF\n");
        Path out = tmp.resolve("sweep");
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "sweep", "--out", out.toString(),
                "--configs", ini.toString(), "--threads", "1,2", "--time", "2", "--warmup", "0");
        assertEquals(0, p.waitFor(300), p.err());
        List<String> csv = Files.readAllLines(out.resolve("sweep.csv"));
        assertEquals("config,threads,tps,qps,p95_ms,avg_ms,errors,error", csv.get(0));
        assertEquals(5, csv.size(), String.join("\n", csv));
        JsonNode json = new ObjectMapper().readTree(out.resolve("sweep.json").toFile());
        for (JsonNode point : json.get("points")) {
            assertTrue(point.get("qps").asDouble() > 0, point.toString());
        }
        for (String chart : List.of("qps-vs-threads.svg", "p95-vs-threads.svg")) {
            String svg = Files.readString(out.resolve(chart));
            assertTrue(svg.contains(">ahi-on<") && svg.contains(">ahi-off<"), chart + " has a line per configuration");
        }
        assertTrue(Files.isRegularFile(out.resolve("ahi-off/threads-2/capture.json")));
    }

    /**
     * The demo's main job: two releases recorded and compared, the honest view first (CPU per
     * transaction by category, then the DELETE rows), the movers, the differential flamegraph and the
     * one-page report; a stale failed attempt and old outputs of an earlier demo are gone.
     */
    @Test
    void demoComparesTwoReleasesAndWritesTheReportPage() throws Exception {
        Path out = tmp.resolve("demo");
        // What an earlier, failed demo left: an attempt marked incomplete and an output of the old layout.
        Files.createDirectories(out.resolve(DemoCommand.BASE_RELEASE + ".incomplete"));
        Files.writeString(out.resolve(DemoCommand.BASE_RELEASE + ".incomplete/perf.data"), "stale");
        Files.writeString(out.resolve("report-top.txt"), "stale");
        Files.writeString(out.resolve("notes-of-mine.txt"), "not the demo's");
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "demo", "--out", out.toString(), "--time", "3");
        assertEquals(0, p.waitFor(600), p.err());
        assertFalse(p.out().startsWith("\n"), "stdout starts with a blank line");
        // Full-symbol releases by default, never the stripped system server unless asked; it says what it fetches.
        assertTrue(p.err().contains("myflame demo: profiling MariaDB " + DemoCommand.BASE_RELEASE), p.err());
        assertTrue(p.err().contains(" and " + DemoCommand.PREFERRED_RELEASE), p.err());
        for (String v : List.of(DemoCommand.BASE_RELEASE, DemoCommand.PREFERRED_RELEASE)) {
            JsonNode meta = new ObjectMapper().readTree(out.resolve(v).resolve("capture.json").toFile());
            assertTrue(meta.at("/checks/rows/rows_per_statement").asDouble() >= 0.99, meta.at("/checks").toString());
            assertTrue(meta.at("/server/version").asText().startsWith(v), meta.toString());
        }
        assertFalse(Files.exists(out.resolve(DemoCommand.BASE_RELEASE + ".incomplete")), "stale attempt left");
        assertFalse(Files.exists(out.resolve("report-top.txt")), "an old output left beside the new ones");
        assertTrue(Files.exists(out.resolve("notes-of-mine.txt")), "a file the demo did not write was removed");
        // The honest view first: CPU per transaction by category, then the statement's steps.
        String categories = Files.readString(out.resolve("categories-per-txn.txt"));
        assertTrue(categories.contains("\u00b5s/txn") && categories.contains("SQL/foreground"), categories);
        String rows = Files.readString(out.resolve("delete-per-txn.txt"));
        assertTrue(rows.lines().anyMatch(l -> l.matches("  mysql_delete \\| Sql_cmd_dml::execute.*\\d+\\.\\d\\d\\s+\\d+\\.\\d\\d.*")),
                "the statement's row has both versions' costs: " + rows);
        assertTrue(p.out().indexOf("SQL/foreground") < p.out().indexOf("ha_commit_trans"), p.out());
        assertTrue(Files.readString(out.resolve("movers-per-txn.txt")).contains("delta"));
        String svg = Files.readString(out.resolve("diff-per-txn.svg"));
        assertTrue(svg.contains("ha_commit_trans") && svg.contains("\u00b5s/txn"), "differential flamegraph per txn");
        String index = Files.readString(out.resolve("index.html"));
        assertTrue(index.contains("<section id=\"categories\">") && index.contains("<svg"), "the rich report page");
        assertTrue(index.contains(DemoCommand.BASE_RELEASE) && index.contains(DemoCommand.PREFERRED_RELEASE), "both versions");
    }

    /** One version: that capture's tables, flamegraph and index, as before. */
    @Test
    void demoOfOneVersionWritesItsReportAndIndex() throws Exception {
        Path out = tmp.resolve("demo1");
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "demo", "--out", out.toString(), "--time", "3",
                "--mariadb", DemoCommand.PREFERRED_RELEASE);
        assertEquals(0, p.waitFor(300), p.err());
        assertTrue(p.out().contains("ha_commit_trans"), p.out());
        assertTrue(p.out().contains("checks: ") && p.out().contains("rows deleted per DELETE"), p.out());
        JsonNode demo = new ObjectMapper().readTree(out.resolve(DemoCommand.PREFERRED_RELEASE + "/capture.json").toFile());
        assertTrue(demo.at("/checks/unresolved_share").asDouble() < 0.03, demo.at("/checks").toString());
        assertTrue(Files.readString(out.resolve("report-top.txt")).contains("do_command"));
        List<String> rows = Files.readAllLines(out.resolve("report-rows.txt"));
        assertTrue(rows.stream().anyMatch(l -> l.startsWith("  mysql_delete") && l.strip().matches(".*\\s\\d+\\.\\d\\d$")),
                String.join("\n", rows));
        assertTrue(Files.readString(out.resolve("flamegraph.svg")).contains("ha_commit_trans"));
        String index = Files.readString(out.resolve("index.html"));
        assertTrue(index.contains("href=\"" + DemoCommand.PREFERRED_RELEASE + "/capture.json\"")
                && index.contains("href=\"report-top.txt\"") && index.contains("href=\"flamegraph.svg\""), index);
    }

    @Test
    void existingServerWithPasswordNeverShowsIt() throws Exception {
        ChildProcesses children = new ChildProcesses();
        String secret = "s3cret-" + ProcessHandle.current().pid();
        try (ThrowawayServer server = RealParts.serverWithBenchUser(children, secret)) {
            Path cap = tmp.resolve("cap");
            Myflame.Running p = Myflame.start(tmp.resolve("log"), Map.of("BENCH_PW", secret), "record",
                    "--out", cap.toString(), "--socket", server.endpoint().socket(), "--user", "bench",
                    "--password-env", "BENCH_PW", "--workload", "oltp_point_select", "--time", "3", "--warmup", "0",
                    "--no-overhead-check", "--freq", "499");
            boolean leaked = false;
            while (p.process().isAlive()) {
                leaked |= !RealParts.processesMentioning(secret).isEmpty();
                Thread.sleep(100);
            }
            assertEquals(0, p.waitFor(10), p.err());
            assertFalse(leaked, "the password appeared in a process command line");
            String meta = Files.readString(cap.resolve("capture.json"));
            assertFalse(meta.contains(secret), "password in capture.json");
            assertFalse(p.err().contains(secret) || p.out().contains(secret), "password in the output");
            // Its binary may be unknown: the progress line then names none, never "(null)".
            assertFalse(p.err().contains("(null)") || p.out().contains("(null)"), p.err());
            JsonNode json = new ObjectMapper().readTree(meta);
            assertEquals(server.pid(), json.at("/server/pid").asLong(), "pid found from the server");
            assertTrue(json.at("/perf/samples").asLong() > 0);
            assertTrue(json.at("/checks/buffer_pool_reads_per_transaction").isNumber(), "an existing server is checked too");
            assertTrue(json.at("/server/settings/binlog_format").isTextual(), "its settings are recorded");
            assertEquals(0, json.at("/server/options").size(), "an existing server is not reconfigured");
            try (var files = Files.list(cap)) {
                assertTrue(files.noneMatch(f -> f.getFileName().toString().startsWith(".sysbench-")), "option file removed");
            }
        } finally {
            children.stopAll(30_000);
        }
    }
}
