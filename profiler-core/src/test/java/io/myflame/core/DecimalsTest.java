package io.myflame.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Decimals#twoPlaces} prints what the formatter it replaces printed, for every kind of double. */
class DecimalsTest {
    private static void same(double v) {
        assertEquals(String.format(Locale.ROOT, "%.2f", v), Decimals.twoPlaces(v), "for " + v);
        assertEquals(String.format(Locale.ROOT, "%.1f", v), Decimals.onePlace(v), "one place for " + v);
    }

    @Test
    void edgeCasesMatchTheFormatter() {
        double[] edges = {0.0, -0.0, 0.005, 0.015, 0.125, 1.005, 2.675, 99.995, 99.994999, 100.0, 0.05, 0.15, 0.25, 0.35, 999999.995, 999999.994, 1e6, 1e6 + 0.005, -0.001, -0.005,
            -1.005, 1e-7, 4.9e-324, 1e20, 123456789.125, Double.MAX_VALUE, Double.MIN_NORMAL, Double.NaN,
            Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.1 + 0.2, 33.33333333333333, 66.66666666666667};
        for (double v : edges) {
            same(v);
        }
    }

    @Test
    void percentagesAndRandomDoublesMatchTheFormatter() {
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 200_000; i++) {
            // Percentages as tables compute them: 100 * part / total.
            long total = 1 + r.nextLong(10_000_000_000L);
            same(100.0 * r.nextLong(total + 1) / total);
            // Any double, any sign and magnitude.
            same(Double.longBitsToDouble(r.nextLong()));
            // Values on a rounding boundary, where half-up on the decimal form matters.
            same((r.nextInt(100_000) + 0.5) / 100);
            same((r.nextInt(100_000) + 0.5) / 10);
            // Near the fast path's end (1e6) and its tie margin.
            same(999_999.995 + r.nextInt(100) * 0.001);
            same(r.nextInt(1_000_000) / 100.0 + 0.005 + (r.nextInt(3) - 1) * 1e-9);
        }
    }
}
