package io.myflame.ingest.perfdata;

import io.myflame.core.hash.SlotIndex;
import java.util.Arrays;

/**
 * Numbers distinct pairs of longs densely from 0 through a {@link SlotIndex} over primitive
 * arrays, so a pair seen before costs one hash and no allocation. One per decoding thread.
 */
final class LongPairIndex {
    long[] hi = new long[1024];
    long[] lo = new long[1024];
    private final SlotIndex index = new SlotIndex(2048);

    int size() {
        return index.size();
    }

    int indexOf(long h, long l) {
        int m = mix(h, l);
        int s = index.first(m);
        for (int e; (e = index.entry(s)) >= 0; s = index.next(s)) {
            if (hi[e] == h && lo[e] == l) {
                return e;
            }
        }
        int e = index.claim(s, m);
        if (e == hi.length) {
            hi = Arrays.copyOf(hi, e * 2);
            lo = Arrays.copyOf(lo, e * 2);
        }
        hi[e] = h;
        lo[e] = l;
        return e;
    }

    private static int mix(long h, long l) {
        long x = h * 0x9E3779B97F4A7C15L ^ l * 0xC2B2AE3D27D4EB4FL;
        x ^= x >>> 31;
        return (int) (x ^ (x >>> 17));
    }
}
