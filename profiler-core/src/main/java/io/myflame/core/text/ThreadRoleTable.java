package io.myflame.core.text;

import io.myflame.core.analysis.ThreadRole;
import io.myflame.core.model.Profile;
import java.util.List;

/**
 * {@code report --by-thread}: the share of CPU of foreground (connection) and background threads,
 * each split by role ({@link ThreadRole}), in percent of all samples.
 */
public final class ThreadRoleTable {
    private ThreadRoleTable() {
    }

    public static IndentedTable of(Profile profile, String label) {
        long[] w = ThreadRole.weights(profile);
        long total = profile.totalWeight();
        IndentedTable t = new IndentedTable(List.of(label)).unit("% of samples");
        for (boolean foreground : new boolean[] {true, false}) {
            long sum = 0;
            for (ThreadRole r : ThreadRole.values()) {
                sum += r.foreground() == foreground && r != ThreadRole.UNKNOWN ? w[r.ordinal()] : 0;
            }
            t.add(foreground ? "foreground" : "background", 0, pct(sum, total));
            for (ThreadRole r : ThreadRole.values()) {
                if (r.foreground() == foreground && r != ThreadRole.UNKNOWN && w[r.ordinal()] > 0) {
                    t.add(r.label(), 1, pct(w[r.ordinal()], total));
                }
            }
        }
        t.add("unknown (" + ThreadRole.UNKNOWN.label() + ")", 0, pct(w[ThreadRole.UNKNOWN.ordinal()], total));
        t.note("roles from thread names where the server sets them (MySQL 8.0.27+), otherwise from entry-point functions");
        return t;
    }

    private static double pct(long w, long total) {
        return total == 0 ? 0 : 100.0 * w / total;
    }
}
