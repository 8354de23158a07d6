package io.myflame.diff;

import java.util.List;

/**
 * One cell of a comparison: the mean over the column's runs and the spread (the largest distance
 * of a run from the mean, so mean ± spread covers every repeat; 0 with one run).
 *
 * @param mean    NaN when the row's function is absent from every run
 * @param values  the value of each run (NaN where absent)
 * @param matched the distinct names that matched in this column (alias rows)
 */
public record Cell(double mean, double spread, double[] values, List<String> matched) {
    public boolean present() {
        return !Double.isNaN(mean);
    }

    /** Builds a cell from per-run values; a run where the function is absent counts as 0 if another has it. */
    static Cell of(double[] values, boolean[] present, List<String> matched) {
        int n = values.length;
        boolean any = false;
        for (boolean p : present) {
            any |= p;
        }
        if (!any) {
            return new Cell(Double.NaN, Double.NaN, nans(n), List.of());
        }
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += present[i] ? values[i] : 0;
        }
        double mean = sum / n;
        double spread = 0;
        double[] vs = new double[n];
        for (int i = 0; i < n; i++) {
            vs[i] = present[i] ? values[i] : 0;
            spread = Math.max(spread, Math.abs(vs[i] - mean));
        }
        return new Cell(mean, spread, vs, List.copyOf(matched));
    }

    private static double[] nans(int n) {
        double[] d = new double[n];
        java.util.Arrays.fill(d, Double.NaN);
        return d;
    }
}
