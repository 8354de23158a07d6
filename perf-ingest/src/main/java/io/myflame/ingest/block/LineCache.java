package io.myflame.ingest.block;

import io.myflame.core.hash.SlotIndex;
import java.util.Arrays;

/**
 * Maps the raw bytes of a line (a stack line's {@code symbol+off (dso)}, a folded frame, or a root
 * label) to what it decoded to, so a line seen before costs one hash and one in-place comparison
 * and no allocation: the keys live in a byte arena, found through a {@link SlotIndex}. One per
 * worker thread; not thread-safe.
 *
 * <p>Each entry's hash, key position, key length, number and the entry that followed it lie side by
 * side in one array: with tens of thousands of distinct frames a lookup misses the cache at every
 * array it touches, so one line for all beats an array each; and a frame's number is stored there,
 * not boxed in an {@code int[1]} per frame (300,000 wide folded stacks over 50,000 names: 60 MB less
 * at the peak). The entry that followed lets a reader check the line it expects next ({@link #next})
 * before it hashes and looks one up.
 */
public final class LineCache {
    private static final int HASH = 0;
    private static final int OFFSET = 1;
    private static final int LENGTH = 2;
    private static final int NUMBER = 3;
    /** The entry whose line followed this one the last time ({@link #follow}); -1 when none did. */
    private static final int NEXT = 4;
    private static final int STRIDE = 5;

    private byte[] arena = new byte[1 << 16];
    private int arenaUsed;
    private int[] entries = new int[1024 * STRIDE];
    /** The decoded values of {@link #put}; null until one is put (a cache of numbers needs none). */
    private int[][] values;
    private final SlotIndex index = new SlotIndex(2048);

    /** Returns the number cached for the key bytes ({@link #putNumber}), or -1. */
    public int number(byte[] b, int from, int to, int h) {
        int e = find(b, from, to, h);
        return e < 0 ? -1 : entries[e * STRIDE + NUMBER];
    }

    /** The entry of the key bytes, or -1. */
    public int entry(byte[] b, int from, int to, int h) {
        return find(b, from, to, h);
    }

    /** The value cached in entry {@code e} ({@link #put}). */
    public int[] value(int e) {
        return values[e];
    }

    /**
     * The value's one number when entry {@code e}'s value is a single number not negative (most stack
     * lines are one frame), read without going to the value's array; else -1.
     */
    public int single(int e) {
        return entries[e * STRIDE + NUMBER];
    }

    /** The length of entry {@code e}'s key. */
    public int length(int e) {
        return entries[e * STRIDE + LENGTH];
    }

    /** Remembers that entry {@code next}'s line followed entry {@code e}'s. */
    public void follow(int e, int next) {
        entries[e * STRIDE + NEXT] = next;
    }

    /**
     * The entry whose line followed entry {@code e}'s the last time, if its key is the line at
     * {@code b[from, to)}, up to the newline that ends it; else -1. Costs no hash and no probe: one
     * comparison with the line expected.
     */
    public int next(int e, byte[] b, int from, int to) {
        int next = entries[e * STRIDE + NEXT];
        if (next < 0) {
            return -1;
        }
        int at = next * STRIDE;
        int end = from + entries[at + LENGTH];
        if (end >= to || b[end] != '\n') {
            return -1;
        }
        int offset = entries[at + OFFSET];
        return Arrays.equals(arena, offset, offset + end - from, b, from, end) ? next : -1;
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

    /** Caches {@code value} for key bytes that {@link #entry} did not find; returns its entry. */
    public int put(byte[] b, int from, int to, int h, int[] value) {
        int e = add(b, from, to, h, value.length == 1 && value[0] >= 0 ? value[0] : -1);
        if (values == null) {
            values = new int[entries.length / STRIDE][];
        } else if (e >= values.length) {
            values = Arrays.copyOf(values, entries.length / STRIDE);
        }
        values[e] = value;
        return e;
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
        entries[at + NEXT] = -1;
        arenaUsed += len;
        return e;
    }
}
