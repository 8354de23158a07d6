package io.myflame.ingest.block;

import io.myflame.core.hash.SlotIndex;
import java.util.Arrays;

/**
 * Maps the raw bytes of a line (a stack line's {@code symbol+off (dso)}, or a root label) to what it
 * decoded to, so a line seen before costs one hash and one in-place comparison
 * and no allocation: the keys live in a byte arena, found through a {@link SlotIndex}. One per
 * worker thread; not thread-safe.
 *
 * <p>Each entry's hash, key position, key length, number and the entry that followed it lie side by
 * side in one array: with tens of thousands of distinct frames a lookup misses the cache at every
 * array it touches, so one line for all beats an array each; and a frame's number is stored there,
 * not boxed in an {@code int[1]} per frame (300,000 wide folded stacks over 50,000 names, when folded
 * frames were kept here: 60 MB less at the peak; they now have {@code FrameNumbers}, which looks up a
 * line's frames at once). The entry that followed lets a reader check the lines it expects next
 * ({@link #follow(int, byte[], int, int, LineRun)}) before it hashes and looks one up.
 */
public final class LineCache {
    private static final int HASH = 0;
    private static final int OFFSET = 1;
    private static final int LENGTH = 2;
    private static final int NUMBER = 3;
    /** The entry whose line followed this one the last time ({@link #follow}); -1 when none did. */
    private static final int NEXT = 4;
    /**
     * Copies of that entry's key offset, key length and number, so following the expected lines reads
     * one entry a line, not two.
     */
    private static final int NEXT_OFFSET = 5;
    private static final int NEXT_LENGTH = 6;
    private static final int NEXT_NUMBER = 7;
    private static final int STRIDE = 8;

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
        int at = e * STRIDE;
        int from = next * STRIDE;
        entries[at + NEXT] = next;
        entries[at + NEXT_OFFSET] = entries[from + OFFSET];
        entries[at + NEXT_LENGTH] = entries[from + LENGTH];
        entries[at + NEXT_NUMBER] = entries[from + NUMBER];
    }

    /**
     * Matches the lines expected after entry {@code e}'s against the input at {@code b[from, to)}: the
     * line that followed it the last time, the line that followed that one, and so on while their keys
     * lie back to back in the arena, as the lines of a stack first seen together do. The whole run is
     * compared at once, each line with the newline that ends it, which costs no hash, no probe, and one
     * call to the vectorised comparison instead of one a line. Fills {@code run} with the lines that
     * matched whole, in input order, and returns how many did (0: not even the first).
     */
    public int follow(int e, byte[] b, int from, int to, LineRun run) {
        int[] m = entries;
        int at = e * STRIDE;
        int next = m[at + NEXT];
        if (next < 0) {
            return 0;
        }
        int start = m[at + NEXT_OFFSET];
        int end = start;
        int limit = start + to - from;
        int n = 0;
        while (true) {
            int lineEnd = end + m[at + NEXT_LENGTH] + 1;
            if (lineEnd > limit) {
                break;
            }
            run.entry[n] = next;
            run.single[n] = m[at + NEXT_NUMBER];
            run.end[n] = lineEnd - start;
            end = lineEnd;
            if (++n == LineRun.LINES) {
                break;
            }
            at = next * STRIDE;
            next = m[at + NEXT];
            if (next < 0 || m[at + NEXT_OFFSET] != end) {
                break;
            }
        }
        if (n == 0) {
            return 0;
        }
        int mismatch = Arrays.mismatch(arena, start, end, b, from, from + end - start);
        if (mismatch < 0) {
            return n;
        }
        int whole = 0;
        while (whole < n && run.end[whole] <= mismatch) {
            whole++;
        }
        return whole;
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
        if (arenaUsed + len + 1 > arena.length) {
            arena = Arrays.copyOf(arena, Math.max(arena.length * 2, arenaUsed + len + 1));
        }
        System.arraycopy(b, from, arena, arenaUsed, len);
        // each key ends with a newline, so keys added one after the other read as the lines they were
        arena[arenaUsed + len] = '\n';
        int at = e * STRIDE;
        entries[at + HASH] = h;
        entries[at + OFFSET] = arenaUsed;
        entries[at + LENGTH] = len;
        entries[at + NUMBER] = number;
        entries[at + NEXT] = -1;
        arenaUsed += len + 1;
        return e;
    }
}
