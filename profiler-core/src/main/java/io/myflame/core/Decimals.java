package io.myflame.core;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Rounding of the numbers myflame writes, so every file and table rounds the same way: as C's {@code printf}
 * rounds, the double's exact binary value to the nearest, a tie to the even digit. That is how
 * {@code perf report}, {@code flamegraph.pl} and inferno print their percentages; Java's formatter rounds the
 * shortest decimal form half up instead, which prints 15.63 where perf prints 15.62 for 1,000 samples of 6,400.
 */
public final class Decimals {
    /** Below this the scaled double's error (the product's rounding) is under 1e-7. */
    private static final double FAST_BELOW = 1e6;
    /** How far from a tie the scaled value must be for its own rounding to be the decimal form's. */
    private static final double TIE_MARGIN = 1e-6;

    private Decimals() {
    }

    /** {@code v} rounded to {@code places} decimal places. */
    public static double round(double v, int places) {
        double scale = Math.pow(10, places);
        return Math.round(v * scale) / scale;
    }

    /**
     * {@code v} with two decimals, exactly as C's {@code printf("%.2f", v)} prints it (sign kept on negative
     * zero; NaN and the infinities as Java prints them), without a formatter: tables print thousands of
     * rows, and Java's formatter (then BigDecimal, then {@code Double.toString}, all running cold) was the
     * slowest part of printing them.
     */
    public static String twoPlaces(double v) {
        return fixed(v, 2, 100);
    }

    /** {@code v} with one decimal, exactly as C's {@code printf("%.1f", v)}. */
    public static String onePlace(double v) {
        return fixed(v, 1, 10);
    }

    private static String fixed(double v, int places, int scale) {
        if (!Double.isFinite(v)) {
            return String.format(Locale.ROOT, "%." + places + "f", v);
        }
        if (v < 0 || v == 0 && 1 / v < 0) {
            return "-" + fixed(-v, places, scale);
        }
        if (v < FAST_BELOW) {
            // The scaled double is within 1e-10 of the exact product here, so away from a tie it rounds
            // as the exact value does, and no digit string is made.
            double scaled = v * scale;
            double whole = Math.floor(scaled);
            double fraction = scaled - whole;
            if (Math.abs(fraction - 0.5) > TIE_MARGIN) {
                return digits((long) whole + (fraction > 0.5 ? 1 : 0), scale);
            }
        }
        // new BigDecimal(double) is the double's exact binary value, as printf sees it.
        return new BigDecimal(v).setScale(places, RoundingMode.HALF_EVEN).toPlainString();
    }

    /** {@code units} of 1/{@code scale} as decimal text: 1234 with two places is "12.34". */
    private static String digits(long units, int scale) {
        StringBuilder s = new StringBuilder(24).append(units / scale).append('.');
        long rest = units % scale;
        for (int div = scale / 10; div > 0; div /= 10) {
            s.append((char) ('0' + rest / div % 10));
        }
        return s.toString();
    }
}
