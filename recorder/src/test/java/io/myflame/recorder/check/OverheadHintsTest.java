package io.myflame.recorder.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.recorder.perf.PerfSettings;
import org.junit.jupiter.api.Test;

/** The overhead check's hints: figures as MySQL 8.0.15's DELETE gave them (docs/recording.md). */
class OverheadHintsTest {
    private static final PerfSettings ATTACHED = new PerfSettings("perf", "cycles", null, null, "dwarf,32768");
    private static final PerfSettings EVERY_CPU = ATTACHED.withSystemWide(true);

    /** 6 s a side, the rates' spread {@code sd} on both. */
    private static InterleavedOverhead measured(double ratio, double sd) {
        return new InterleavedOverhead(2, 6, 6, 10000 * ratio, 10000, sd, sd);
    }

    @Test
    void perfAttachedCostingClearlyMoreThanATenthPointsToEveryCpu() {
        InterleavedOverhead m = measured(0.81, 200);
        assertEquals(0.81, m.ratio(), 1e-9);
        assertTrue(m.ratioStandardError() < 0.02, "a close figure: " + m.ratioStandardError());
        assertEquals("; perf on the server's threads costs it at every thread switch: --system-wide samples every CPU instead",
                OverheadHints.of(m, ATTACHED));
        assertEquals("", OverheadHints.of(m, EVERY_CPU), "already on every CPU");
    }

    @Test
    void aCostWithinTwoErrorsOfTheGoalGetsNoSuchHintButAWideErrorGetsMoreRounds() {
        InterleavedOverhead m = measured(0.85, 1500);
        assertTrue(m.ratioStandardError() > 0.05 && m.ratio() + 2 * m.ratioStandardError() > 0.9, String.valueOf(m.ratioStandardError()));
        assertEquals("; the rates varied: --overhead-rounds 8 says it about twice as closely", OverheadHints.of(m, ATTACHED));
        assertEquals("", OverheadHints.wideError(m, 13), "52 rounds are more than allowed");
        assertEquals("", OverheadHints.of(measured(0.97, 100), ATTACHED));
    }
}
