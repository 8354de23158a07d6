package io.myflame.recorder.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * perf's cost from one sysbench run with sampling switched on and off: the overhead check's real
 * log (MariaDB 10.11 point select, 1 thread, dwarf,32768 at 499 Hz, on a 2-core VM at load 14,
 * whose seconds 10 and 11 show a neighbour's build) read by hand and by the parser alike.
 */
class InterleavedOverheadTest {
    private static String log() throws IOException {
        try (InputStream in = InterleavedOverheadTest.class.getResourceAsStream(
                "/record/sysbench-1.0.20-overhead-check.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void theSecondsAfterEachSwitchAndTheFirstAreLeftOut() throws IOException {
        InterleavedOverhead o = InterleavedOverhead.of(log());
        // sampled: seconds 5-7 and 13-15 (4 and 12 follow a switch)
        double on = (19070.37 + 20193.59 + 17016.94 + 24436.97 + 17756.68 + 19553.64) / 6;
        // not: 2-3, 9-11 (8 follows a switch), 16 is the second after the last switch; 1 is connecting
        double off = (30672.14 + 30579.92 + 29472.48 + 25420.01 + 24720.95) / 5;
        assertEquals(6, o.profiledSeconds());
        assertEquals(5, o.unprofiledSeconds());
        assertEquals(on, o.profiledTps(), 1e-6);
        assertEquals(off, o.unprofiledTps(), 1e-6);
        assertEquals(on / off, o.ratio(), 1e-9);
        assertEquals(2, o.rounds());
        double sdOn = sd(on, 19070.37, 20193.59, 17016.94, 24436.97, 17756.68, 19553.64);
        double sdOff = sd(off, 30672.14, 30579.92, 29472.48, 25420.01, 24720.95);
        double se = on / off * Math.sqrt(sdOn * sdOn / (on * on * 6) + sdOff * sdOff / (off * off * 5));
        assertEquals(se, o.ratioStandardError(), 1e-9);
        // by hand (Python's statistics module): 0.6982 +- 0.0495
        assertEquals(0.0495, o.ratioStandardError(), 1e-4);
    }

    /** The sample standard deviation of {@code values} about {@code mean}. */
    private static double sd(double mean, double... values) {
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        return Math.sqrt(squares / (values.length - 1));
    }

    @Test
    void withoutMarksThereIsNothingToCompare() throws IOException {
        String unmarked = log().lines().filter(l -> !l.startsWith("myflame: perf"))
                .reduce("", (a, b) -> a + b + "\n");
        assertNull(InterleavedOverhead.of(unmarked));
    }

    @Test
    void aMarkThatRepeatsTheStateIsNoSwitch() {
        String log = """
                [ 1s ] thds: 1 tps: 10.00 qps: 10.00 (r/w/o: 10.00/0.00/0.00) lat (ms,95%): 0.05 err/s: 0.00 reconn/s: 0.00
                [ 2s ] thds: 1 tps: 100.00 qps: 100.00 (r/w/o: 100.00/0.00/0.00) lat (ms,95%): 0.05 err/s: 0.00 reconn/s: 0.00
                myflame: perf off after 2s
                [ 3s ] thds: 1 tps: 100.00 qps: 100.00 (r/w/o: 100.00/0.00/0.00) lat (ms,95%): 0.05 err/s: 0.00 reconn/s: 0.00
                myflame: perf on after 3s
                [ 4s ] thds: 1 tps: 70.00 qps: 70.00 (r/w/o: 70.00/0.00/0.00) lat (ms,95%): 0.05 err/s: 0.00 reconn/s: 0.00
                [ 5s ] thds: 1 tps: 80.00 qps: 80.00 (r/w/o: 80.00/0.00/0.00) lat (ms,95%): 0.05 err/s: 0.00 reconn/s: 0.00
                """;
        InterleavedOverhead o = InterleavedOverhead.of(log);
        assertEquals(2, o.unprofiledSeconds());
        assertEquals(1, o.profiledSeconds());
        assertEquals(0.8, o.ratio(), 1e-9);
        assertEquals(1, o.rounds());
        assertTrue(Double.isNaN(o.ratioStandardError()), "one sampled second has no spread to judge by");
    }

    @Test
    void theScheduleSamplesHalfTheCountedSecondsInBalancedOrder() {
        int sampled = 0;
        for (int rounds = 1; rounds <= 5; rounds++) {
            sampled = 0;
            for (int s = 1; s <= OverheadSchedule.seconds(rounds); s++) {
                sampled += OverheadSchedule.sampling(s) ? 1 : 0;
            }
            assertEquals(OverheadSchedule.SLICE * OverheadSchedule.SLICES_PER_ROUND * rounds / 2, sampled);
        }
        assertFalse(OverheadSchedule.sampling(1));
        assertFalse(OverheadSchedule.sampling(2));
        assertTrue(OverheadSchedule.sampling(2 + OverheadSchedule.SLICE));
        assertTrue(OverheadSchedule.sampling(2 + 2 * OverheadSchedule.SLICE));
        assertFalse(OverheadSchedule.sampling(2 + 3 * OverheadSchedule.SLICE));
    }
}
