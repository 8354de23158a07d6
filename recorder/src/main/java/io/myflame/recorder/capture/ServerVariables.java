package io.myflame.recorder.capture;

import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.server.Sql;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code SHOW GLOBAL VARIABLES} taken before the measured window, so a published table can be
 * reproduced: all of it goes to {@code variables.txt}, and the settings that change what a write
 * costs (binary log, its format, durability, buffer pool) into capture.json's {@code server.settings}.
 */
public final class ServerVariables {
    /** The variables copied into capture.json. */
    public static final List<String> SETTINGS = List.of("log_bin", "binlog_format", "sync_binlog",
            "innodb_flush_log_at_trx_commit", "innodb_buffer_pool_size", "innodb_doublewrite",
            "innodb_adaptive_hash_index", "performance_schema");

    private final Map<String, String> values;

    private ServerVariables(Map<String, String> values) {
        this.values = values;
    }

    public static ServerVariables snapshot(Sql client) throws RecordException {
        Map<String, String> m = new LinkedHashMap<>();
        for (String[] row : client.query("SHOW GLOBAL VARIABLES")) {
            if (row.length >= 2) {
                m.put(row[0], row[1]);
            }
        }
        return new ServerVariables(m);
    }

    public Map<String, String> all() {
        return values;
    }

    public String get(String name) {
        return values.get(name);
    }

    /** {@code server.settings}: the variables in {@link #SETTINGS} this server has, in that order. */
    public Map<String, String> settings() {
        Map<String, String> s = new java.util.LinkedHashMap<>();
        for (String k : SETTINGS) {
            if (values.containsKey(k)) {
                s.put(k, values.get(k));
            }
        }
        return s;
    }

    /** {@code log_bin=ON, binlog_format=ROW, sync_binlog=0, innodb_flush_log_at_trx_commit=2}, for messages. */
    public String durability() {
        return SETTINGS.subList(0, 4).stream().filter(values::containsKey).map(k -> k + "=" + values.get(k))
                .collect(Collectors.joining(", "));
    }
}
