package io.myflame.core.analysis;

import io.myflame.core.model.Profile;
import java.util.regex.Pattern;

/**
 * What a server thread is for: serving a client connection (foreground) or one of the background
 * jobs. Told from the thread's name where the server names its threads (MySQL 8.0.27+ sets comm
 * names like {@code connection} and {@code ib_pg_flush_co}), otherwise from the entry-point
 * functions on the stack ({@code do_handle_one_connection}, {@code srv_purge_coordinator_thread},
 * {@code buf_flush_page_cleaner}, {@code tpool::...}). Roles are listed by priority: a stack that
 * shows several entry points (a tpool worker running a purge task) takes the first.
 */
public enum ThreadRole {
    CONNECTION("connections", true, "^connection$|^one_connection$",
            "^(do_handle_one_connection|handle_one_connection|do_command|tp_callback|threadpool_process_request)$"),
    PURGE("purge", false, "^ib_(srv_)?purge|^ib_srv_wkr",
            "^(srv_purge_coordinator_thread|srv_worker_thread|purge_coordinator_callback|purge_worker_callback"
                    + "|srv_purge_.*|trx_purge)$"),
    PAGE_CLEANER("page cleaner", false, "^ib_pg_flush|^ib_page_clean", "^buf_flush_page_cleaner.*$"),
    IO("InnoDB I/O", false, "^ib_io_", "^(io_handler_thread|tpool::aio.*|os_aio_.*|fil_aio_callback)$"),
    MASTER("InnoDB master", false, "^ib_src_main|^ib_srv_mst", "^(srv_master_thread|srv_master_callback)$"),
    LOG("redo log writer", false, "^ib_log_", "^(log_writer|log_flusher|log_write_notifier|log_flush_notifier)$"),
    BINLOG("binlog background", false, "^binlog", "^binlog_background_thread$"),
    OTHER_INNODB("other InnoDB background", false, "^ib_", "^$"),
    TPOOL("tpool worker (other task)", false, "^$", "^tpool::thread_pool_generic::worker_main$"),
    UNKNOWN("no entry point on the stack", false, "^$", "^$");

    private final String label;
    private final boolean foreground;
    private final Pattern comm;
    private final Pattern entry;

    ThreadRole(String label, boolean foreground, String comm, String entry) {
        this.label = label;
        this.foreground = foreground;
        this.comm = Pattern.compile(comm);
        this.entry = Pattern.compile(entry);
    }

    public String label() {
        return label;
    }

    public boolean foreground() {
        return foreground;
    }

    /** Weight per role (indexed by ordinal) of a profile; their sum is the profile's total weight. */
    public static long[] weights(Profile profile) {
        ThreadRole[] roles = values();
        // One role (or none, -1) per frame, so a stack costs one pass over its frames.
        int[] byFrame = new int[profile.frames().size()];
        for (int f = 0; f < byFrame.length; f++) {
            byFrame[f] = -1;
            String name = profile.frames().name(f);
            for (ThreadRole r : roles) {
                if (r.entry.matcher(name).matches() && !r.entry.pattern().equals("^$")) {
                    byFrame[f] = r.ordinal();
                    break;
                }
            }
        }
        long[] w = new long[roles.length];
        for (int i = 0; i < profile.size(); i++) {
            w[roleOf(profile, i, byFrame)] += profile.weight(i);
        }
        return w;
    }

    private static int roleOf(Profile profile, int i, int[] byFrame) {
        String comm = profile.thread(i).comm();
        for (ThreadRole r : values()) {
            if (!r.comm.pattern().equals("^$") && r.comm.matcher(comm).find()) {
                return r.ordinal();
            }
        }
        int best = UNKNOWN.ordinal();
        for (int f : profile.stack(i)) {
            if (byFrame[f] >= 0 && byFrame[f] < best) {
                best = byFrame[f];
            }
        }
        return best;
    }
}
