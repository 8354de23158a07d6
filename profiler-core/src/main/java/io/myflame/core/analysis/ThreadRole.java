package io.myflame.core.analysis;

import io.myflame.core.model.Profile;
import io.myflame.core.model.StackArena;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a server thread is for: serving a client connection (foreground) or one of the background
 * jobs. Told from the thread's name where the server names its threads (MySQL 8.0.27+ sets comm
 * names like {@code connection} and {@code ib_pg_flush_co}), otherwise from the entry-point
 * functions on the stack ({@code do_handle_one_connection}, {@code srv_purge_coordinator_thread},
 * {@code buf_flush_page_cleaner}, {@code tpool::...}). Roles are listed by priority: a stack that
 * shows several entry points (a tpool worker running a purge task) takes the first. The names are
 * data: the {@code roles} of the flavour files that {@link ServerNames} reads.
 */
public enum ThreadRole {
    CONNECTION("connections", true),
    PURGE("purge", false),
    PAGE_CLEANER("page cleaner", false),
    IO("InnoDB I/O", false),
    MASTER("InnoDB master", false),
    LOG("redo log writer", false),
    BINLOG("binlog background", false),
    OTHER_INNODB("other InnoDB background", false),
    TPOOL("tpool worker (other task)", false),
    UNKNOWN("no entry point on the stack", false);

    private final String label;
    private final boolean foreground;

    ThreadRole(String label, boolean foreground) {
        this.label = label;
        this.foreground = foreground;
    }

    /** Each role's thread-name and entry-point patterns (by ordinal; null for none) from the bundled {@link ServerNames}. */
    private static final class Names {
        static final Pattern[] COMM = new Pattern[values().length];
        static final Pattern[] ENTRY = new Pattern[values().length];

        static {
            for (ThreadRole r : values()) {
                String key = r.name().toLowerCase(Locale.ROOT);
                COMM[r.ordinal()] = ServerNames.bundled().roleComm(key);
                ENTRY[r.ordinal()] = ServerNames.bundled().roleEntry(key);
            }
        }
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
                Pattern entry = Names.ENTRY[r.ordinal()];
                if (entry != null && entry.matcher(name).matches()) {
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
            Pattern p = Names.COMM[r.ordinal()];
            if (p != null && p.matcher(comm).find()) {
                return r.ordinal();
            }
        }
        int best = UNKNOWN.ordinal();
        StackArena stacks = profile.stacks();
        int[] stack = stacks.array(i);
        for (int j = stacks.start(i), end = j + stacks.depth(i); j < end; j++) {
            int f = stack[j];
            if (byFrame[f] >= 0 && byFrame[f] < best) {
                best = byFrame[f];
            }
        }
        return best;
    }
}
