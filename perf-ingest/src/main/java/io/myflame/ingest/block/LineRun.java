package io.myflame.ingest.block;

/**
 * The lines {@link LineCache#follow(int, byte[], int, int, LineRun)} matched, in input order: each
 * line's entry, its one frame ({@link LineCache#single}, -1 when it has none or several) and where
 * it ends, as the offset after its newline from the first line's start. One per parser, reused.
 */
public final class LineRun {
    /** At most this many lines a run; a deeper stack takes another. */
    static final int LINES = 64;

    final int[] entry = new int[LINES];
    final int[] single = new int[LINES];
    final int[] end = new int[LINES];

    public int entry(int i) {
        return entry[i];
    }

    public int single(int i) {
        return single[i];
    }

    /** Offset after line {@code i}'s newline, from the start of the run's first line. */
    public int end(int i) {
        return end[i];
    }
}
