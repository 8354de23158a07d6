package io.myflame.ingest.perf;

import java.util.Arrays;

/**
 * Maps the raw bytes of a line (a stack line's {@code symbol+off (dso)}, or a root label) to
 * what it decoded to, so a line seen before costs one hash and one in-place comparison and no
 * allocation. One per worker thread; not thread-safe.
 */
final class LineCache {
    private byte[] arena = new byte[1 << 16];
    private int arenaUsed;
    private int[] keyOffset = new int[1024];
    private int[] keyLength = new int[1024];
    private int[] hashes = new int[1024];
    private int[][] values = new int[1024][];
    private int size;
    /** Entry index + 1; 0 = empty. */
    private int[] slots = new int[2048];

    /** Returns the cached value for the key bytes, or null. */
    int[] get(byte[] b, int from, int to, int h) {
        int mask = slots.length - 1;
        int i = h & mask;
        int len = to - from;
        while (true) {
            int e = slots[i] - 1;
            if (e < 0) {
                return null;
            }
            if (hashes[e] == h && keyLength[e] == len
                    && Arrays.equals(arena, keyOffset[e], keyOffset[e] + len, b, from, to)) {
                return values[e];
            }
            i = (i + 1) & mask;
        }
    }

    void put(byte[] b, int from, int to, int h, int[] value) {
        int len = to - from;
        if (size == hashes.length) {
            int cap = size * 2;
            keyOffset = Arrays.copyOf(keyOffset, cap);
            keyLength = Arrays.copyOf(keyLength, cap);
            hashes = Arrays.copyOf(hashes, cap);
            values = Arrays.copyOf(values, cap);
        }
        if (arenaUsed + len > arena.length) {
            arena = Arrays.copyOf(arena, Math.max(arena.length * 2, arenaUsed + len));
        }
        System.arraycopy(b, from, arena, arenaUsed, len);
        int e = size++;
        keyOffset[e] = arenaUsed;
        keyLength[e] = len;
        hashes[e] = h;
        values[e] = value;
        arenaUsed += len;
        int mask = slots.length - 1;
        int i = h & mask;
        while (slots[i] != 0) {
            i = (i + 1) & mask;
        }
        slots[i] = e + 1;
        if (size * 2 > slots.length) {
            rehash();
        }
    }

    private void rehash() {
        int[] fresh = new int[slots.length * 2];
        int mask = fresh.length - 1;
        for (int e = 0; e < size; e++) {
            int i = hashes[e] & mask;
            while (fresh[i] != 0) {
                i = (i + 1) & mask;
            }
            fresh[i] = e + 1;
        }
        slots = fresh;
    }
}
