package io.myflame.ingest.block;

import io.myflame.core.hash.SlotIndex;
import java.util.Arrays;

/**
 * Maps the raw bytes of a line (a stack line's {@code symbol+off (dso)}, or a root label) to
 * what it decoded to, so a line seen before costs one hash and one in-place comparison and no
 * allocation: the keys live in a byte arena, found through a {@link SlotIndex}. One per worker
 * thread; not thread-safe.
 */
public final class LineCache {
    private byte[] arena = new byte[1 << 16];
    private int arenaUsed;
    private int[] keyOffset = new int[1024];
    private int[] keyLength = new int[1024];
    private int[][] values = new int[1024][];
    private final SlotIndex index = new SlotIndex(2048);

    /** Returns the cached value for the key bytes, or null. */
    public int[] get(byte[] b, int from, int to, int h) {
        int len = to - from;
        int s = index.first(h);
        for (int e; (e = index.entry(s)) >= 0; s = index.next(s)) {
            if (index.hash(e) == h && keyLength[e] == len
                    && Arrays.equals(arena, keyOffset[e], keyOffset[e] + len, b, from, to)) {
                return values[e];
            }
        }
        return null;
    }

    /** Caches {@code value} for key bytes that {@link #get} did not find. */
    public void put(byte[] b, int from, int to, int h, int[] value) {
        int len = to - from;
        int e = index.add(h);
        if (e == values.length) {
            int cap = e * 2;
            keyOffset = Arrays.copyOf(keyOffset, cap);
            keyLength = Arrays.copyOf(keyLength, cap);
            values = Arrays.copyOf(values, cap);
        }
        if (arenaUsed + len > arena.length) {
            arena = Arrays.copyOf(arena, Math.max(arena.length * 2, arenaUsed + len));
        }
        System.arraycopy(b, from, arena, arenaUsed, len);
        keyOffset[e] = arenaUsed;
        keyLength[e] = len;
        values[e] = value;
        arenaUsed += len;
    }
}
