package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The workload does what its name says, and the capture checks itself: real mariadbd, sysbench and
 * perf. The figures are computed here from the capture's own {@code SHOW GLOBAL STATUS} snapshots
 * and sysbench's output, not taken from capture.json.
 */
@Records
class WorkloadChecksIT {
    static final Pattern TRANSACTIONS = Pattern.compile("^\\s*transactions:\\s+(\\d+)", Pattern.MULTILINE);

    @TempDir
    Path tmp;

    @BeforeEach
    void needsRealParts() {
        RealParts.assumeRecordingPossible();
    }

    @ParameterizedTest(name = "{0} thread(s)")
    @ValueSource(ints = {1, 2})
    void deleteWorkloadDeletesOneCachedRowPerTransaction(int threads) throws Exception {
        Path cap = tmp.resolve("cap");
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "record", "--no-overhead-check", "--out", cap.toString(),
                "--workload", "oltp_delete", "--threads", Integer.toString(threads), "--time", "5", "--warmup", "2",
                "--freq", "499");
        assertEquals(0, p.waitFor(600), p.err());
        Map<String, Long> delta = delta(cap);
        long transactions = transactions(cap);
        assertTrue(transactions > 100, "transactions: " + transactions);
        assertEquals(transactions, delta.get("Com_delete"), "one DELETE per transaction");
        double rowsPerDelete = delta.get("Handler_delete") / (double) delta.get("Com_delete");
        assertTrue(rowsPerDelete >= 0.99, "rows deleted per DELETE: " + rowsPerDelete);
        double poolReads = delta.get("Innodb_buffer_pool_reads") / (double) transactions;
        assertTrue(poolReads <= 0.01, "buffer-pool reads per transaction: " + poolReads);
        assertFalse(p.err().contains("warning: rows per transaction"), p.err());
        assertFalse(p.err().contains("warning: buffer-pool misses"), p.err());
        assertTrue(p.out().contains("rows deleted per DELETE"), p.out());
        // The warm-up deletes real rows from start to end: the tables were grown for it first, and
        // myflame's script never says a thread passed the last row (10,000 rows lasted a second).
        assertTrue(Files.readString(cap.resolve("sysbench-refill-warmup.txt")).contains("sysbench"), "grown before the warm-up");
        // When it fails, the warm-up's own log and the recorder's say why (the capture is a temporary directory).
        String warmup = Files.readString(cap.resolve("sysbench-warmup.txt"));
        assertFalse(warmup.contains("myflame: thread "), "the warm-up ran out:\n" + warmup
                + "\nrefill: " + Files.readString(cap.resolve("sysbench-refill-warmup.txt")) + "\n" + p.err());
        assertFalse(p.err().contains("the warm-up deleted every row"), p.err());

        Map<String, String> variables = snapshot(cap.resolve("variables.txt"));
        assertEquals("ROW", variables.get("binlog_format"), "a default throwaway server logs rows");
        assertEquals("ON", variables.get("log_bin"));
        JsonNode meta = json(cap);
        assertEquals(variables.get("sync_binlog"), meta.at("/server/settings/sync_binlog").asText());
        assertEquals(variables.get("innodb_flush_log_at_trx_commit"),
                meta.at("/server/settings/innodb_flush_log_at_trx_commit").asText());
        assertEquals(rowsPerDelete, meta.at("/checks/rows/rows_per_statement").asDouble(), 1e-4);
    }

    @Test
    void updateAfterADeleteRunFindsEveryRowAgain() throws Exception {
        Path work = tmp.resolve("work");
        Myflame.Running delete = Myflame.start(tmp.resolve("log-delete"), "record", "--no-overhead-check", "--out",
                tmp.resolve("delete").toString(), "--work", work.toString(), "--workload", "oltp_delete",
                "--time", "3", "--warmup", "1", "--freq", "499");
        assertEquals(0, delete.waitFor(600), delete.err());
        Path cap = tmp.resolve("update");
        Myflame.Running p = Myflame.start(tmp.resolve("log-update"), "record", "--out", cap.toString(),
                "--work", work.toString(), "--workload", "oltp_update_index", "--rand-type", "uniform",
                "--no-overhead-check", "--time", "3", "--warmup", "0", "--freq", "499");
        assertEquals(0, p.waitFor(600), p.err());
        assertTrue(p.err().contains("refill: ids 1..10000"), "the rows the delete run removed come back: " + p.err());
        Map<String, Long> delta = delta(cap);
        double rowsPerUpdate = delta.get("Handler_update") / (double) delta.get("Com_update");
        assertTrue(rowsPerUpdate >= 0.99, "rows updated per UPDATE: " + rowsPerUpdate);
        assertEquals(transactions(cap), delta.get("Com_update"), "one UPDATE per transaction");
    }

    @Test
    void stockDeleteOnATinyTableIsFlagged() throws Exception {
        Path stock = Path.of("/usr/share/sysbench/oltp_delete.lua");
        assumeTrue(Files.isRegularFile(stock), "sysbench's own oltp_delete.lua at " + stock);
        Path cap = tmp.resolve("cap");
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "record", "--no-overhead-check", "--out", cap.toString(),
                "--workload", stock.toString(), "--table-size", "200", "--time", "3", "--warmup", "2",
                "--freq", "499");
        assertEquals(0, p.waitFor(600), p.err());
        Map<String, Long> delta = delta(cap);
        double rowsPerDelete = delta.getOrDefault("Handler_delete", 0L) / (double) delta.get("Com_delete");
        assertTrue(rowsPerDelete < 0.5, "the stock script on 200 rows deletes next to nothing: " + rowsPerDelete);
        assertTrue(p.err().contains("warning: rows per transaction:"), p.err());
        assertTrue(warnings(cap).contains("rows per transaction:"), warnings(cap));
    }

    @Test
    void tinyBufferPoolIsFlagged() throws Exception {
        Path cap = tmp.resolve("cap");
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "record", "--no-overhead-check", "--out", cap.toString(),
                "--workload", "oltp_point_select", "--rand-type", "uniform", "--table-size", "150000",
                "--server-opt", "innodb_buffer_pool_size=6M", "--time", "3", "--warmup", "1", "--freq", "499");
        assertEquals(0, p.waitFor(600), p.err());
        double poolReads = delta(cap).get("Innodb_buffer_pool_reads") / (double) transactions(cap);
        assertTrue(poolReads > 0.01, "a 6 MB pool cannot hold 150000 rows: " + poolReads);
        assertTrue(p.err().contains("warning: buffer-pool misses"), p.err());
        assertTrue(warnings(cap).contains("buffer-pool misses"), warnings(cap));
        assertEquals("innodb_buffer_pool_size=6M", optionNamed(cap, "innodb_buffer_pool_size"),
                "--server-opt replaces the default");
    }

    @Test
    void eventPerfCannotRecordIsRefusedBeforeAnyServerStarts() throws Exception {
        Path cap = tmp.resolve("cap");
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "record", "--no-overhead-check", "--out", cap.toString(),
                "--workload", "oltp_delete", "--event", "no_such_event_here");
        assertEquals(2, p.waitFor(120), p.err());
        assertTrue(p.err().contains("perf cannot record --event no_such_event_here"), p.err());
        assertFalse(p.err().contains("starting") || p.err().contains("prepare"), p.err());
        assertFalse(Files.exists(cap), "no capture directory for a refused recording");
    }

    /** after - before of every numeric status counter that fits a long. */
    static Map<String, Long> delta(Path cap) throws Exception {
        Map<String, String> before = snapshot(cap.resolve("status-before.txt"));
        Map<String, String> after = snapshot(cap.resolve("status-after.txt"));
        Map<String, Long> d = new HashMap<>();
        after.forEach((k, v) -> {
            String b = before.get(k);
            // 18 digits at most: a few variables are unsigned 64-bit (18446744073709551615)
            if (b != null && v.matches("\\d{1,18}") && b.matches("\\d{1,18}")) {
                d.put(k, Long.parseLong(v) - Long.parseLong(b));
            }
        });
        return d;
    }

    /** {@code name<TAB>value} lines, as the capture stores SHOW GLOBAL STATUS / VARIABLES. */
    static Map<String, String> snapshot(Path file) throws Exception {
        Map<String, String> m = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            int tab = line.indexOf('\t');
            if (tab > 0) {
                m.put(line.substring(0, tab), line.substring(tab + 1));
            }
        }
        return m;
    }

    static long transactions(Path cap) throws Exception {
        Matcher m = TRANSACTIONS.matcher(Files.readString(cap.resolve("sysbench.txt")));
        assertTrue(m.find(), "sysbench printed its transaction count");
        return Long.parseLong(m.group(1));
    }

    static JsonNode json(Path cap) throws Exception {
        return new ObjectMapper().readTree(cap.resolve("capture.json").toFile());
    }

    static String warnings(Path cap) throws Exception {
        return json(cap).get("warnings").toString();
    }

    static String optionNamed(Path cap, String name) throws Exception {
        for (JsonNode o : json(cap).at("/server/options")) {
            if (o.asText().startsWith(name + "=")) {
                return o.asText();
            }
        }
        return null;
    }
}
