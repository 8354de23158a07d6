package io.myflame.ingest.perfdata;

import java.util.Arrays;

/**
 * Numbers distinct pairs of longs densely from 0, open addressing over primitive arrays, so a
 * pair seen before costs one hash and no allocation. One per decoding thread.
 */
final class LongPairIndex {
    long[] hi = new long[1024];
    long[] lo = new long[1024];
    private int size;
    private int[] slots = new int[2048];

    int size() {
        return size;
    }

    int indexOf(long h, long l) {
        int mask = slots.length - 1;
        int i = mix(h, l) & mask;
        while (true) {
            int e = slots[i] - 1;
            if (e < 0) {
                return add(h, l, i);
            }
            if (hi[e] == h && lo[e] == l) {
                return e;
            }
            i = (i + 1) & mask;
        }
    }

    private int add(long h, long l, int slot) {
        if (size == hi.length) {
            hi = Arrays.copyOf(hi, size * 2);
            lo = Arrays.copyOf(lo, size * 2);
        }
        hi[size] = h;
        lo[size] = l;
        slots[slot] = ++size;
        if (size * 2 > slots.length) {
            int[] fresh = new int[slots.length * 2];
            int mask = fresh.length - 1;
            for (int e = 0; e < size; e++) {
                int i = mix(hi[e], lo[e]) & mask;
                while (fresh[i] != 0) {
                    i = (i + 1) & mask;
                }
                fresh[i] = e + 1;
            }
            slots = fresh;
        }
        return size - 1;
    }

    private static int mix(long h, long l) {
        long x = h * 0x9E3779B97F4A7C15L ^ l * 0xC2B2AE3D27D4EB4FL;
        x ^= x >>> 31;
        return (int) (x ^ (x >>> 17));
    }
}
