package io.myflame.core.text;

/** Rounding of the numbers myflame writes to JSON, so every file rounds the same way (half up). */
public final class Decimals {
    private Decimals() {
    }

    /** {@code v} rounded to {@code places} decimal places. */
    public static double round(double v, int places) {
        double scale = Math.pow(10, places);
        return Math.round(v * scale) / scale;
    }
}
