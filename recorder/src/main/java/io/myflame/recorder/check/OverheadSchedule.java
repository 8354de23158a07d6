package io.myflame.recorder.check;

/**
 * When perf samples during the overhead check: after a first unprofiled second (sysbench connects),
 * slices of {@link #SLICE} seconds, unprofiled and profiled in the order off, on, on, off, repeated
 * once per round ({@code --overhead-rounds}, 2 unless told). That order balances a rate that drifts
 * steadily over the run (a table that fills or empties, a cache that warms) between the two sides,
 * which plain alternation would charge to one of them.
 */
public final class OverheadSchedule {
    /** Seconds per slice: long enough that the second after a switch, left out, is not most of it. */
    static final int SLICE = 2;
    /** Slices per round: off, on, on, off. Two rounds: 8 profiled seconds and 8 unprofiled, 6 of each counted. */
    static final int SLICES_PER_ROUND = 4;

    private OverheadSchedule() {
    }

    /** How long sysbench runs for a check of {@code rounds}: a last second more, which sysbench may not report. */
    public static int seconds(int rounds) {
        return 2 + SLICE * SLICES_PER_ROUND * rounds;
    }

    /** Whether perf samples in the interval sysbench reports as ending at {@code second} (1-based). */
    public static boolean sampling(int second) {
        if (second <= 1) {
            return false;
        }
        int slice = (second - 2) / SLICE % 4;
        return slice == 1 || slice == 2;
    }
}
