package io.myflame.diff;

import io.myflame.core.analysis.ThreadRole;
import io.myflame.core.Decimals;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a column of a comparison cost in all, beside the shares: CPU per transaction and the
 * throughput, and which background thread (if one) holds most of its samples. Shares of all
 * samples compare unlike mixes when purge holds 70 % of one version's samples and 2 % of the
 * other's: every foreground function then reads three times worse in the newer version although
 * its CPU per transaction rose a little. The footer says so, so the reader does not have to know.
 */
final class ColumnCosts {
    /** A background role at or above this share of a column's samples is named in the footer. */
    static final double DOMINANT = 0.40;

    private ColumnCosts() {
    }

    /** {@code 152.31 µs CPU/txn, 4521.3 tps}, or null when the column's event or transactions are unknown. */
    static String perTransaction(Column column) {
        double us = microsPerTxn(column);
        if (Double.isNaN(us)) {
            return null;
        }
        String s = Decimals.twoPlaces(us) + " \u00b5s CPU/txn";
        double tps = column.runs().stream().mapToDouble(r -> r.facts().tps()).average().orElse(Double.NaN);
        return Double.isNaN(tps) ? s : s + ", " + String.format(Locale.ROOT, "%.1f", tps) + " tps";
    }

    /**
     * CPU microseconds per transaction over the column's runs: the mean of each run's, as a cell
     * averages its repeats and the counters block its runs. The ratio of the summed weights to the
     * summed transactions read 85.35 where the category cells of the same page summed to 90.48 (two
     * repeats of 11.4.5 at different rates); NaN unless every run is timed and counted.
     */
    static double microsPerTxn(Column column) {
        double sum = 0;
        for (Run r : column.runs()) {
            if (r.transactions() == null || r.transactions() <= 0 || !timed(r)) {
                return Double.NaN;
            }
            sum += Per.TXN.factor(r) * r.profile().totalWeight();
        }
        return sum / column.runs().size();
    }

    private static boolean timed(Run r) {
        try {
            return Per.EventUnit.of(r) == Per.EventUnit.NANOSECONDS;
        } catch (DiffException e) {
            return false;
        }
    }

    /**
     * The notes for columns whose samples one background role dominates, e.g. {@code 10.2.11: purge
     * holds 70.12 % of the samples (11.4.5: 1.90 %): ...}; empty when none does.
     */
    static List<String> dominated(Diff diff) {
        List<Column> columns = diff.columns();
        double[][] shares = new double[columns.size()][];
        for (int c = 0; c < columns.size(); c++) {
            shares[c] = roleShares(columns.get(c));
        }
        List<String> notes = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            ThreadRole top = null;
            for (ThreadRole r : ThreadRole.values()) {
                if (!r.foreground() && r != ThreadRole.UNKNOWN && shares[c][r.ordinal()] >= DOMINANT
                        && (top == null || shares[c][r.ordinal()] > shares[c][top.ordinal()])) {
                    top = r;
                }
            }
            if (top != null) {
                notes.add(note(diff, shares, c, top));
            }
        }
        return notes;
    }

    private static String note(Diff diff, double[][] shares, int c, ThreadRole role) {
        StringBuilder sb = new StringBuilder(diff.columns().get(c).label()).append(": ").append(role.label())
                .append(" holds ").append(Decimals.twoPlaces(100 * shares[c][role.ordinal()])).append(" % of the samples");
        List<String> others = new ArrayList<>();
        for (int o = 0; o < shares.length; o++) {
            if (o != c) {
                others.add(diff.columns().get(o).label() + ": " + Decimals.twoPlaces(100 * shares[o][role.ordinal()]) + " %");
            }
        }
        if (!others.isEmpty()) {
            sb.append(" (").append(String.join(", ", others)).append(')');
        }
        return sb.append(diff.per() == Per.PERCENT
                ? ": shares of all samples compare unlike mixes; --per txn compares CPU per transaction"
                : ": the costs per transaction include it").toString();
    }

    /** Each role's share of a column's weight, indexed by ordinal. */
    private static double[] roleShares(Column column) {
        long[] w = new long[ThreadRole.values().length];
        long total = 0;
        for (Run r : column.runs()) {
            long[] rw = ThreadRole.weights(r.profile());
            for (int i = 0; i < w.length; i++) {
                w[i] += rw[i];
                total += rw[i];
            }
        }
        double[] shares = new double[w.length];
        for (int i = 0; i < w.length && total > 0; i++) {
            shares[i] = (double) w[i] / total;
        }
        return shares;
    }
}
