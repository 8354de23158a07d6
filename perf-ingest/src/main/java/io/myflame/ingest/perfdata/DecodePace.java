package io.myflame.ingest.perfdata;

import java.util.List;

/**
 * Whether the chunks a lone decoder has still to go are worth sharing with more decoders, judged by
 * its own pace over the last few chunks. A second decoder is not free: on the 2-core VM this was
 * measured on, two decoders each ran at 55-85 % of one's pace (the JIT compiler wants a core while a
 * short run warms up, and the two share caches), and the merge then names each decoder's distinct
 * stacks separately (5-40 ms more for a 50 MB frame-pointer capture). One decoder was faster for the
 * 5 s, 10 s and 30 s default captures (a 5 s capture's report 143 -> 125 ms), two for captures whose
 * decoding took one decoder 200 ms or more (docs/benchmarks.md). Measuring the pace, not counting
 * samples, keeps the choice right for frame-pointer and dwarf samples alike, and on a busy machine,
 * where the same file takes one decoder longer and sharing pays sooner.
 */
final class DecodePace {
    /** Time left at one decoder's pace from which the rest is shared: about where a second decoder broke even. */
    static final long SHARE_FROM_NANOS = 150_000_000L;
    /**
     * Chunks the pace is measured over; the first ones are left out (they load the symbol sections the
     * samples first need and run before the JIT has compiled the decoder, several times slower).
     */
    private static final int WINDOW = 4;

    private final long shareFromNanos;
    private final long[] bytesThrough;
    private final long[] decodedAt;

    DecodePace(List<RecordIndex.Chunk> chunks, long shareFromNanos) {
        this.shareFromNanos = shareFromNanos;
        bytesThrough = new long[chunks.size()];
        decodedAt = new long[chunks.size()];
        long bytes = 0;
        for (int i = 0; i < chunks.size(); i++) {
            bytes += chunks.get(i).length();
            bytesThrough[i] = bytes;
        }
    }

    /**
     * Notes that chunk {@code i} was decoded at {@code now} (nanoseconds) and tells whether the
     * chunks after it would take one decoder at least the sharing time at the pace of the last
     * {@value #WINDOW}.
     */
    boolean shareAfter(int i, long now) {
        decodedAt[i] = now;
        if (i <= WINDOW) {
            return false;
        }
        long bytes = bytesThrough[i] - bytesThrough[i - WINDOW];
        long nanos = now - decodedAt[i - WINDOW];
        long left = bytesThrough[bytesThrough.length - 1] - bytesThrough[i];
        return bytes > 0 && left > 0 && (double) nanos / bytes * left >= shareFromNanos;
    }
}
