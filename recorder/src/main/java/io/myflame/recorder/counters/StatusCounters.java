package io.myflame.recorder.counters;

import io.myflame.core.Decimals;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.server.Sql;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * {@code SHOW GLOBAL STATUS} around the measured run, and the deltas that explain a profile:
 * statements ({@code Questions}, {@code Com_*}), rows ({@code Innodb_rows_*}, {@code Rocksdb_rows_*})
 * and binary log bytes — {@code Binlog_bytes_written} on MariaDB and Percona; upstream MySQL has
 * no such variable, so its binlog bytes come from performance_schema's file I/O summary.
 */
public final class StatusCounters {
    /** The pseudo-variable holding MySQL's binlog bytes from performance_schema. */
    public static final String PS_BINLOG = "performance_schema.binlog_bytes_written";
    private static final String PS_QUERY = "SELECT SUM_NUMBER_OF_BYTES_WRITE FROM performance_schema."
            + "file_summary_by_event_name WHERE EVENT_NAME = 'wait/io/file/sql/binlog'";

    private StatusCounters() {
    }

    /** A snapshot; adds the performance_schema binlog bytes when the server lacks Binlog_bytes_written. */
    public static Map<String, String> snapshot(Sql client) throws RecordException {
        Map<String, String> status = client.globalStatus();
        if (!status.containsKey("Binlog_bytes_written")) {
            ExternalCommand.Result r = client.attempt(PS_QUERY);
            String v = r.exit() == 0 ? r.stdout().strip() : "";
            if (v.matches("\\d+")) {
                status.put(PS_BINLOG, v);
            }
        }
        return status;
    }

    /**
     * A snapshot, or null when the server gave none (a statement that timed out, a client that
     * failed): the counters support a profile but are not part of it, so the recording goes on
     * without them and {@code warn} is told why, once.
     *
     * @param when when it is taken, for the warning: {@code before the measured run}
     */
    public static Map<String, String> snapshot(Sql client, String when, Consumer<String> warn) {
        try {
            return snapshot(client);
        } catch (RecordException e) {
            warn.accept("SHOW GLOBAL STATUS " + when + " failed (" + e.getMessage()
                    + "): capture.json has no counters and no checks of them");
            return null;
        }
    }

    /** Writes a snapshot as {@code name<TAB>value} lines, as the client prints it. */
    public static void write(Map<String, String> status, java.io.OutputStream out) throws IOException {
        StringBuilder sb = new StringBuilder();
        status.forEach((k, v) -> sb.append(k).append('\t').append(v).append('\n'));
        out.write(sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** The changes of the interesting counters, by name; counters that did not move are left out. */
    public static Map<String, Long> deltas(Map<String, String> before, Map<String, String> after) {
        Map<String, Long> d = new TreeMap<>();
        for (Map.Entry<String, String> e : after.entrySet()) {
            String k = e.getKey();
            if (!interesting(k)) {
                continue;
            }
            Long a = number(e.getValue());
            Long b = number(before.get(k));
            if (a != null && b != null && (a - b != 0 || k.equals("Questions") || k.equals("Binlog_bytes_written") || k.equals(PS_BINLOG))) {
                d.put(k, a - b);
            }
        }
        return d;
    }

    static boolean interesting(String k) {
        return k.equals("Questions") || k.startsWith("Com_") || k.startsWith("Innodb_rows_")
                || k.startsWith("Rocksdb_rows_") || k.equals("Binlog_bytes_written") || k.equals(PS_BINLOG)
                || k.startsWith("Handler_") || k.equals("Innodb_data_written") || k.equals("Innodb_os_log_written")
                || k.equals("Innodb_buffer_pool_reads") || k.equals("Innodb_buffer_pool_read_requests");
    }

    /** Each delta divided by the transaction count, with binlog bytes under one name for every server. */
    public static Map<String, Double> perTransaction(Map<String, Long> deltas, long transactions) {
        Map<String, Double> m = new LinkedHashMap<>();
        if (transactions <= 0) {
            return m;
        }
        Long binlog = deltas.containsKey("Binlog_bytes_written") ? deltas.get("Binlog_bytes_written") : deltas.get(PS_BINLOG);
        if (binlog != null) {
            m.put("binlog_bytes", round(binlog / (double) transactions));
        }
        deltas.forEach((k, v) -> m.put(k, round(v / (double) transactions)));
        return m;
    }

    private static double round(double v) {
        return Decimals.round(v, 3);
    }

    private static Long number(String s) {
        if (s == null || !s.matches("-?\\d+")) {
            return null;
        }
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
