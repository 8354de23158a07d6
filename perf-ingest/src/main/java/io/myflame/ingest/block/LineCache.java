package io.myflame.ingest.block;

import io.myflame.core.hash.SlotIndex;
import java.util.Arrays;

/**
 * Maps the raw bytes of a line (a stack line's {@code symbol+off (dso)}, a folded frame, or a root
 * label) to what it decoded to, so a line seen before costs one hash and one in-place comparison
 * and no allocation: the keys live in a byte arena, found through a {@link SlotIndex}. One per
 * worker thread; not thread-safe.
 *
 * <p>Each entry's hash, key position, key length and number lie side by side in one array: with
 * tens of thousands of distinct frames a lookup misses the cache at every array it touches, so one
 * line for all four beats four arrays; and a frame's number is stored there, not boxed in an
 * {@code int[1]} per frame (300,000 wide folded stacks over 50,000 names: 60 MB less at the peak).
 */
public final class LineCache {
    private static final int HASH = 0;
    private static final int OFFSET = 1;
    private static final int LENGTH = 2;
    private static final int NUMBER = 3;
    private static final int STRIDE = 4;

    private byte[] arena = new byte[1 << 16];
    private int arenaUsed;
    private int[] entries = new int[1024 * STRIDE];
    /** The decoded values of {@link #put}; null until one is put (a cache of numbers needs none). */
    private int[][] values;
    private final SlotIndex index = new SlotIndex(2048);

    /** Returns the cached value for the key bytes, or null. */
    public int[] get(byte[] b, int from, int to, int h) {
        int e = find(b, from, to, h);
        return e < 0 ? null : values[e];
    }

    /** Returns the number cached for the key bytes ({@link #putNumber}), or -1. */
    public int number(byte[] b, int from, int to, int h) {
        int e = find(b, from, to, h);
        return e < 0 ? -1 : entries[e * STRIDE + NUMBER];
    }

    private int find(byte[] b, int from, int to, int h) {
        int len = to - from;
        int[] m = entries;
        int s = index.first(h);
        for (int e; (e = index.entry(s)) >= 0; s = index.next(s)) {
            int at = e * STRIDE;
            if (m[at + HASH] == h && m[at + LENGTH] == len
                    && Arrays.equals(arena, m[at + OFFSET], m[at + OFFSET] + len, b, from, to)) {
                return e;
            }
        }
        return -1;
    }

    /** Caches {@code value} for key bytes that {@link #get} did not find. */
    public void put(byte[] b, int from, int to, int h, int[] value) {
        int e = add(b, from, to, h, -1);
        if (values == null) {
            values = new int[entries.length / STRIDE][];
        } else if (e >= values.length) {
            values = Arrays.copyOf(values, entries.length / STRIDE);
        }
        values[e] = value;
    }

    /** Caches a number (not negative) for key bytes that {@link #number} did not find. */
    public void putNumber(byte[] b, int from, int to, int h, int number) {
        add(b, from, to, h, number);
    }

    private int add(byte[] b, int from, int to, int h, int number) {
        int len = to - from;
        int e = index.add(h);
        if ((e + 1) * STRIDE > entries.length) {
            entries = Arrays.copyOf(entries, entries.length * 2);
        }
        if (arenaUsed + len > arena.length) {
            arena = Arrays.copyOf(arena, Math.max(arena.length * 2, arenaUsed + len));
        }
        System.arraycopy(b, from, arena, arenaUsed, len);
        int at = e * STRIDE;
        entries[at + HASH] = h;
        entries[at + OFFSET] = arenaUsed;
        entries[at + LENGTH] = len;
        entries[at + NUMBER] = number;
        arenaUsed += len;
        return e;
    }
}
