package io.myflame.ingest.block;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Word-at-a-time scanning of perf script text: finding the end of a line and hashing it in the
 * same pass, eight bytes per step (SWAR). This is the parser's hottest loop, so it reads longs
 * instead of bytes and never allocates.
 */
public final class ByteScan {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
    private static final long SEMICOLONS = 0x3B3B3B3B3B3B3B3BL;
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long MIX = 0x9E3779B97F4A7C15L;

    /** Hash of the last {@link #hashToNewline} call. */
    public long hash;

    /** Index of the first '\n' in {@code b[from, to)}, or {@code to}. */
    public static int indexOfNewline(byte[] b, int from, int to) {
        int i = from;
        while (i + 8 <= to) {
            long x = (long) LONGS.get(b, i) ^ NEWLINES;
            long t = (x - ONES) & ~x & HIGHS;
            if (t != 0) {
                return i + (Long.numberOfTrailingZeros(t) >>> 3);
            }
            i += 8;
        }
        while (i < to && b[i] != '\n') {
            i++;
        }
        return i;
    }

    /**
     * Finds the first '\n' at or after {@code from} (or {@code to}) and leaves in {@link #hash} the
     * hash of the bytes before it; equal byte runs always hash equal, wherever they sit.
     */
    public int hashToNewline(byte[] b, int from, int to) {
        return hashTo(b, from, to, NEWLINES, (byte) '\n');
    }

    /** As {@link #hashToNewline}, up to the first ';' (a folded frame's end). */
    public int hashToSemicolon(byte[] b, int from, int to) {
        return hashTo(b, from, to, SEMICOLONS, (byte) ';');
    }

    private int hashTo(byte[] b, int from, int to, long pattern, byte stop) {
        long h = 0;
        int i = from;
        while (i + 8 <= to) {
            long w = (long) LONGS.get(b, i);
            long x = w ^ pattern;
            long t = (x - ONES) & ~x & HIGHS;
            if (t != 0) {
                int k = Long.numberOfTrailingZeros(t) >>> 3;
                if (k > 0) {
                    h = (h ^ (w & (-1L >>> (64 - 8 * k)))) * MIX;
                }
                hash = finish(h, i + k - from);
                return i + k;
            }
            h = (h ^ w) * MIX;
            i += 8;
        }
        long w = 0;
        int k = 0;
        while (i < to && b[i] != stop) {
            w |= (b[i] & 0xffL) << (8 * k);
            k++;
            i++;
        }
        if (k > 0) {
            h = (h ^ w) * MIX;
        }
        hash = finish(h, i - from);
        return i;
    }

    /** The same hash as {@link #hashToNewline} over exactly {@code b[from, to)}. */
    public static int hashRange(byte[] b, int from, int to) {
        long h = 0;
        int i = from;
        while (i + 8 <= to) {
            h = ((h ^ (long) LONGS.get(b, i)) * MIX);
            i += 8;
        }
        long w = 0;
        int k = 0;
        while (i < to) {
            w |= (b[i] & 0xffL) << (8 * k);
            k++;
            i++;
        }
        if (k > 0) {
            h = (h ^ w) * MIX;
        }
        return (int) finish(h, to - from);
    }

    private static long finish(long h, int len) {
        h ^= len;
        h ^= h >>> 29;
        h *= MIX;
        return h ^ (h >>> 32);
    }
}
