package io.myflame.recorder.server;

import io.myflame.recorder.workload.Workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The options every throwaway server gets unless the user sets the same variable with
 * {@code --server-opt}: a row-based binary log, as the MySQL setups users publish have (MySQL 8's
 * defaults), relaxed flushing, and a buffer pool that holds the tables.
 *
 * <p>Relaxed flushing ({@code sync_binlog=0}, {@code innodb_flush_log_at_trx_commit=2}) runs the
 * same commit code — two-phase commit, binlog group commit, redo writes — without waiting for an
 * fsync per transaction, which would leave the server idle on a slow disk and the profile a
 * profile of waiting. {@code --server-opt sync_binlog=1 --server-opt innodb_flush_log_at_trx_commit=1}
 * restores full durability.
 */
public final class ServerDefaults {
    /** Bytes of buffer pool planned per row: a sysbench row is ~190 bytes, plus index and page slack. */
    static final long BYTES_PER_ROW = 600;
    static final long MIN_POOL = 512L << 20;

    private ServerDefaults() {
    }

    /** The defaults for a recording of {@code w}. */
    public static List<ServerOption> forWorkload(Workload w) {
        return List.of(new ServerOption("log_bin", "ON"), new ServerOption("binlog_format", "ROW"),
                new ServerOption("sync_binlog", "0"), new ServerOption("innodb_flush_log_at_trx_commit", "2"),
                new ServerOption("innodb_buffer_pool_size", Long.toString(bufferPool(w))));
    }

    /**
     * A pool for the tables with room to spare: at least 512 MiB, else 4x the planned bytes of the
     * rows (the delete workload may grow its tables to keep rows for the whole run), in MiB.
     */
    static long bufferPool(Workload w) {
        long rows = (long) w.tables() * w.tableSize();
        long bytes = Math.max(MIN_POOL, rows * BYTES_PER_ROW * 4);
        long mib = (bytes + (1L << 20) - 1) >> 20;
        return mib << 20;
    }

    /** {@code defaults} then {@code user}; a user option replaces the default of the same variable. */
    static List<ServerOption> merge(List<ServerOption> defaults, List<ServerOption> user) {
        Map<String, ServerOption> byName = new LinkedHashMap<>();
        for (ServerOption o : defaults) {
            byName.put(key(o.name()), o);
        }
        for (ServerOption o : user) {
            String k = key(o.name());
            if (k.equals("skip_log_bin")) {
                byName.remove("log_bin");
            }
            byName.remove(k);
            byName.put(k, o);
        }
        return new ArrayList<>(byName.values());
    }

    private static String key(String name) {
        return name.replace('-', '_').toLowerCase(Locale.ROOT);
    }
}
