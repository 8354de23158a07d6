package io.myflame.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link Decimals#twoPlaces} prints what C's {@code printf} prints, as perf report, flamegraph.pl and inferno
 * do: the double's exact value rounded, ties to even. The reference is a real printf (coreutils', which
 * reads each double's exact decimal expansion into a long double, exactly, and rounds as glibc does).
 */
class DecimalsTest {
    private static final Path PRINTF = Path.of("/usr/bin/printf");

    /** The exact binary value rounded half even: what printf does, for doubles printf is not asked about. */
    private static void exact(double v) {
        assertEquals(definition(v, 2), Decimals.twoPlaces(v), "for " + v);
        assertEquals(definition(v, 1), Decimals.onePlace(v), "one place for " + v);
    }

    private static String definition(double v, int places) {
        if (!Double.isFinite(v)) {
            return String.format(Locale.ROOT, "%." + places + "f", v);
        }
        String s = new BigDecimal(v).setScale(places, RoundingMode.HALF_EVEN).toPlainString();
        return (v < 0 || v == 0 && 1 / v < 0) && !s.startsWith("-") ? "-" + s : s;
    }

    @Test
    void tiesGoToTheEvenDigitAndNotQuiteTiesToTheNearestAsPerfReportPrintsThem() {
        // 1,000 samples of 6,400: perf report prints 15.62%; Java's formatter printed 15.63.
        assertEquals("15.62", Decimals.twoPlaces(100.0 * 1000 / 6400));
        assertEquals("15.62", Decimals.twoPlaces(15.625));
        assertEquals("0.12", Decimals.twoPlaces(0.125));
        assertEquals("0.38", Decimals.twoPlaces(0.375));
        assertEquals("0.2", Decimals.onePlace(0.25));
        // The double nearest these lies below the tie: printf rounds down where half-up on "2.675" went up.
        assertEquals("2.67", Decimals.twoPlaces(2.675));
        assertEquals("0.3", Decimals.onePlace(0.35));
        assertEquals("1.00", Decimals.twoPlaces(1.005));
        assertEquals("0.01", Decimals.twoPlaces(0.015));
        assertEquals("-0.00", Decimals.twoPlaces(-0.0));
        assertEquals("-0.00", Decimals.twoPlaces(-0.001));
        assertEquals("100.00", Decimals.twoPlaces(100.0));
        assertEquals("33.33", Decimals.twoPlaces(100.0 / 3));
        assertEquals("66.67", Decimals.twoPlaces(200.0 / 3));
    }

    @Test
    void everyKindOfDoubleRoundsAsItsExactValueDoes() {
        double[] edges = {0.0, -0.0, 0.005, 0.015, 0.125, 1.005, 2.675, 99.995, 99.994999, 100.0, 0.05, 0.15, 0.25, 0.35,
            999999.995, 999999.994, 1e6, 1e6 + 0.005, -0.001, -0.005, -1.005, 1e-7, 4.9e-324, 1e20, 123456789.125,
            Double.MAX_VALUE, Double.MIN_NORMAL, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            0.1 + 0.2, 33.33333333333333, 66.66666666666667};
        for (double v : edges) {
            exact(v);
        }
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 200_000; i++) {
            long total = 1 + r.nextLong(10_000_000_000L);
            exact(100.0 * r.nextLong(total + 1) / total);
            exact(Double.longBitsToDouble(r.nextLong()));
            exact((r.nextInt(100_000) + 0.5) / 100);
            exact((r.nextInt(100_000) + 0.5) / 10);
            exact(999_999.995 + r.nextInt(100) * 0.001);
            exact(r.nextInt(1_000_000) / 100.0 + 0.005 + (r.nextInt(3) - 1) * 1e-9);
        }
    }

    @Test
    void percentagesPrintAsCsPrintfPrintsThem() throws Exception {
        assertTrue(Files.isExecutable(PRINTF), "coreutils' printf is part of every Debian system");
        SplittableRandom r = new SplittableRandom(11);
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < 6_000; i++) {
            // Sample counts of equal period (cpu-clock's), where exact ties are common, and any period.
            int total = 1 + r.nextInt(20_000);
            values.add(100.0 * r.nextInt(total + 1) / total);
            long periods = 1 + r.nextLong(10_000_000_000L);
            values.add(100.0 * r.nextLong(periods + 1) / periods);
            values.add((r.nextInt(100_000) + 0.5) / 100);
            values.add(r.nextInt(1_000_000) / 100.0 + 0.005);
        }
        for (int from = 0; from < values.size(); from += 2_000) {
            List<Double> batch = values.subList(from, Math.min(values.size(), from + 2_000));
            List<String> twoPlaces = printf("%.2f\\n", batch);
            List<String> onePlace = printf("%.1f\\n", batch);
            for (int i = 0; i < batch.size(); i++) {
                assertEquals(twoPlaces.get(i), Decimals.twoPlaces(batch.get(i)), "for " + new BigDecimal(batch.get(i)));
                assertEquals(onePlace.get(i), Decimals.onePlace(batch.get(i)), "one place for " + new BigDecimal(batch.get(i)));
            }
        }
    }

    /** Each value's exact decimal expansion through printf: long double holds every double exactly. */
    private static List<String> printf(String format, List<Double> values) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(PRINTF.toString(), format));
        values.forEach(v -> cmd.add(new BigDecimal(v).toPlainString()));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("LC_ALL", "C");
        Process p = pb.redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<String> out = new String(p.getInputStream().readAllBytes()).lines().toList();
        assertTrue(p.waitFor(1, TimeUnit.MINUTES) && p.exitValue() == 0, "printf failed");
        assertEquals(values.size(), out.size());
        return out;
    }
}
