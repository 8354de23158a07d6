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
        String shortest = Double.toString(v);
        int dot = shortest.indexOf('.');
        if (shortest.indexOf('E') >= 0 || dot < 0) {
            // below 1e-3 or from 1e7 on: rare in a table
            return new java.math.BigDecimal(shortest).setScale(2, java.math.RoundingMode.HALF_UP).toPlainString();
        }
        return roundedAtTwo(shortest, dot);
    }

    /**
     * Half up on the digits themselves, {@code 12.345 -> 12.35}: BigDecimal did the same, and ran cold in
     * every table (a fifth of the time a small report spent printing its rows).
     */
    private static String roundedAtTwo(String shortest, int dot) {
        int fraction = shortest.length() - dot - 1;
        char[] digits = new char[dot + 3];
        shortest.getChars(0, dot, digits, 0);
        digits[dot] = '.';
        for (int i = 1; i <= 2; i++) {
            digits[dot + i] = i <= fraction ? shortest.charAt(dot + i) : '0';
        }
        if (fraction <= 2 || shortest.charAt(dot + 3) < '5') {
            return new String(digits);
        }
        for (int i = digits.length - 1; i >= 0; i--) {
            if (digits[i] == '.') {
                continue;
            }
            if (digits[i] != '9') {
                digits[i]++;
                return new String(digits);
            }
            digits[i] = '0';
        }
        return "1" + new String(digits);
    }
}
