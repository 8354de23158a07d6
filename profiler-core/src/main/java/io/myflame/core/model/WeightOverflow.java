package io.myflame.core.model;

import io.myflame.core.DataError;
/**
 * Sample weights that do not fit in a long (a count above 2^63-1, or counts whose sum passes it):
 * bad data, reported as an error rather than printed as negative percentages.
 */
public final class WeightOverflow extends DataError {
    public WeightOverflow(String what) {
        super(what + " passes the largest weight, 2^63-1 (" + Long.MAX_VALUE + ")");
    }

    /** {@code a + b}, or this exception when the sum does not fit. */
    public static long add(long a, long b) {
        long r = a + b;
        if (((a ^ r) & (b ^ r)) < 0 || a < 0 || b < 0) {
            throw new WeightOverflow("the sum of sample weights");
        }
        return r;
    }
}
