package io.myflame.diff.flame;

import io.myflame.core.analysis.CallTree;

/**
 * The colour scale of a differential flamegraph of costs per transaction. Every change adds up in
 * the frames that hold most of the work — the process, the thread start, a connection's loop — so
 * the largest change is always theirs (the README pair: 108 µs at the root, for a statement that
 * moved by 16), and the functions a reader compares are drawn pale. The scale is the largest change
 * among the other frames: those holding less than half of the graph's total on one side at least.
 * The trunk's frames are then drawn at full strength, as the sum they are.
 */
final class TrunkFreeScale {
    /** A frame holding at least this share of the total on both sides is trunk. */
    static final double TRUNK = 0.5;

    private TrunkFreeScale() {
    }

    static double of(CallTree layout, double[] base, double[] next, boolean[] apart) {
        double baseTotal = 0;
        double nextTotal = 0;
        for (int n = 1; n < layout.size(); n++) {
            if (layout.parent(n) == 0) {
                baseTotal += base[n];
                nextTotal += next[n];
            }
        }
        double max = 0;
        double all = 0;
        for (int n = 1; n < base.length; n++) {
            if (apart[n]) {
                continue;
            }
            double change = Math.abs(next[n] - base[n]);
            all = Math.max(all, change);
            boolean trunk = base[n] >= TRUNK * baseTotal && next[n] >= TRUNK * nextTotal;
            if (!trunk) {
                max = Math.max(max, change);
            }
        }
        return max > 0 ? max : all;
    }
}
