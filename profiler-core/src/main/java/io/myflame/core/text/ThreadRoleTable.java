package io.myflame.core.text;

import io.myflame.core.analysis.ThreadRole;
import io.myflame.core.model.Profile;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code report --by-thread}: the share of CPU of foreground (connection) and background threads,
 * each split by role ({@link ThreadRole}), in percent of all samples: a {@link ShareRow} per line,
 * in {@link ShareRow#columns}.
 */
public final class ThreadRoleTable {
    static final String NOTE =
            "roles from thread names where the server sets them (MySQL 8.0.27+), otherwise from entry-point functions";

    private ThreadRoleTable() {
    }

    public static IndentedTable of(Profile profile, String label) {
        return ShareRow.table(ShareRow.columns(label), rows(profile)).note(NOTE);
    }

    /** Foreground, then its roles; background, then its roles; then the threads of no known role. */
    static List<ShareRow> rows(Profile profile) {
        long[] w = ThreadRole.weights(profile);
        long total = profile.totalWeight();
        List<ShareRow> rows = new ArrayList<>();
        for (boolean foreground : new boolean[] {true, false}) {
            long sum = 0;
            for (ThreadRole r : ThreadRole.values()) {
                sum += r.foreground() == foreground && r != ThreadRole.UNKNOWN ? w[r.ordinal()] : 0;
            }
            rows.add(ShareRow.of(foreground ? "foreground" : "background", 0, sum, total));
            for (ThreadRole r : ThreadRole.values()) {
                if (r.foreground() == foreground && r != ThreadRole.UNKNOWN && w[r.ordinal()] > 0) {
                    rows.add(ShareRow.of(r.label(), 1, w[r.ordinal()], total));
                }
            }
        }
        rows.add(ShareRow.of("unknown (" + ThreadRole.UNKNOWN.label() + ")", 0, w[ThreadRole.UNKNOWN.ordinal()], total));
        return rows;
    }
}
