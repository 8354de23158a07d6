package io.myflame.core.text;

/** Rounding of the numbers myflame writes, so every file and table rounds the same way (half up). */
public final class Decimals {
    private Decimals() {
    }

    /** {@code v} rounded to {@code places} decimal places. */
    public static double round(double v, int places) {
        double scale = Math.pow(10, places);
        return Math.round(v * scale) / scale;
    }

    /**
     * {@code v} with two decimals, exactly as {@code String.format(Locale.ROOT, "%.2f", v)} prints
     * it (half up on the shortest decimal form of the double, sign kept on negative zero), without
     * parsing a format string per call: tables print thousands of rows, and the formatter was the
     * slowest part of printing them.
     */
    public static String twoPlaces(double v) {
        if (!Double.isFinite(v)) {
            return String.format(java.util.Locale.ROOT, "%.2f", v);
        }
        if (v < 0 || v == 0 && 1 / v < 0) {
            return "-" + twoPlaces(-v);
        }
        return new java.math.BigDecimal(Double.toString(v)).setScale(2, java.math.RoundingMode.HALF_UP)
                .toPlainString();
    }
}
