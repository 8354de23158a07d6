package io.myflame.core.analysis;

/**
 * A weight's value in a unit: {@code weight * times / over}. A share is the weight times 100 over the
 * total, divided last, as every table computes it ({@link InclusiveTable}, perf report): times
 * a rounded {@code 100 / total} it can land an ulp off a tie (15 of 96 is exactly 15.625 %, but
 * 15.625000000000002 that way) and print 15.63 where {@code report} and perf print 15.62.
 */
public record Scale(double times, double over) {
    /** Shares in percent of {@code total}; none (0) of an empty total. */
    public static Scale percentOf(long total) {
        return total <= 0 ? new Scale(0, 1) : new Scale(100, total);
    }

    /** A plain factor (a cost per transaction: microseconds per weight over the transactions). */
    public static Scale times(double factor) {
        return new Scale(factor, 1);
    }

    public double of(double weight) {
        return weight * times / over;
    }
}
