package io.myflame.recorder.check;

import io.myflame.recorder.perf.PerfSettings;

/**
 * What the overhead check's line adds to its figure, when the figure calls for it: how to measure
 * it more closely, and how to make it cheaper.
 */
public final class OverheadHints {
    /** issue 34's goal: the server at 0.9 of its unprofiled rate or better. */
    static final double GOAL = 0.9;
    /** An error this wide hides the costs worth telling apart (a DELETE's rate swings with purge and flushing). */
    static final double WIDE_ERROR = 0.05;

    private OverheadHints() {
    }

    /** Both hints, each starting with "; ", or "". */
    public static String of(InterleavedOverhead measured, PerfSettings perf) {
        return wideError(measured, perf.overheadRounds()) + attached(measured, perf.systemWide());
    }

    /**
     * Four times the rounds about halve the error (MySQL 8.0.15's DELETE: 0.05-0.06 with 8 rounds,
     * 0.06-0.16 with 2; docs/recording.md), as far as the rounds allowed go.
     */
    static String wideError(InterleavedOverhead measured, int rounds) {
        return measured.ratioStandardError() >= WIDE_ERROR && rounds * 4 <= PerfSettings.MAX_OVERHEAD_ROUNDS
                ? "; the rates varied: --overhead-rounds " + rounds * 4 + " says it about twice as closely" : "";
    }

    /**
     * When perf attached to the server's threads clearly costs it more than a tenth (two errors short
     * of the goal), most of it is the events switched with each thread, which sampling every CPU does
     * not pay (MySQL 8.0.15's DELETE: 0.81 ± 0.02 attached, 0.93 ± 0.03 on every CPU).
     */
    static String attached(InterleavedOverhead measured, boolean systemWide) {
        double error = Double.isNaN(measured.ratioStandardError()) ? 0 : measured.ratioStandardError();
        return !systemWide && measured.ratio() + 2 * error < GOAL
                ? "; perf on the server's threads costs it at every thread switch: --system-wide samples every CPU instead"
                : "";
    }
}
