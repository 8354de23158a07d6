package io.myflame.ingest.folded;

import java.util.Arrays;

/**
 * The numbers of a folded file's frames by their bytes, looked up a line at a time: the parser
 * queues a line's frames ({@link #queue}), {@link #lookUp} finds all of them at once, and the few
 * not found are resolved one by one ({@link #find}, {@link #put}). One per worker thread; not
 * thread-safe.
 *
 * <p>Why a line at a time: a wide profile (300,000 distinct stacks over 50,000 names, each frame
 * drawn at random) hits its table at a random place for every frame, and a table of 50,000 names
 * is larger than the part of the cache a virtual machine gets (about 2 MB measured on an EPYC VM:
 * beyond it a read waits about 200 ns). Looked up one by one, each frame waits for its reads in
 * turn; queued, the reads of a line's frames are independent and the CPU overlaps them, about ten
 * at a time. A frame of that profile cost 480 ns through the perf script's {@code LineCache}, 350
 * in this layout one by one, and 210 a line at a time (single thread, JDK 25, C1).
 *
 * <p>The layout keeps the reads to two: a slot holds the key's hash and where its bytes are, so a
 * probe rejects another key without another read, and the bytes follow their length and number in
 * one arena: {@code [length int][number int][hash int][key bytes]}.
 */
final class FrameNumbers {
    /** The bytes before each key in the arena: its length, its number and its hash. */
    private static final int HEADER = 12;

    /** Per slot: the key's hash in the high half, its arena offset + 1 in the low half; 0 = empty. */
    private long[] slots;
    private int mask;
    private int size;
    private byte[] arena = new byte[1 << 12];
    private int arenaUsed;

    /** The queued frames: each one's bytes {@code [start, end)}, hash and, after {@link #lookUp}, number. */
    private int[] start = new int[64];
    private int[] end = new int[64];
    private int[] hash = new int[64];
    private int[] number = new int[64];
    /** Per queued frame, the arena offset one of its first two slots names with the frame's hash; else -1. */
    private int[] candidate = new int[64];
    private int queued;

    FrameNumbers() {
        this(2048);
    }

    /** A table of {@code slots} slots at first (a power of two), doubled whenever over half are used. */
    FrameNumbers(int slots) {
        this.slots = new long[slots];
        mask = slots - 1;
    }

    /** Empties the queue. */
    void clear() {
        queued = 0;
    }

    /** Queues the frame of bytes {@code [from, to)} and hash {@code h} (any int, equal for equal bytes). */
    void queue(int from, int to, int h) {
        if (queued == start.length) {
            int n = queued * 2;
            start = Arrays.copyOf(start, n);
            end = Arrays.copyOf(end, n);
            hash = Arrays.copyOf(hash, n);
            number = Arrays.copyOf(number, n);
            candidate = Arrays.copyOf(candidate, n);
        }
        start[queued] = from;
        end[queued] = to;
        hash[queued++] = h;
    }

    int queued() {
        return queued;
    }

    /** Where queued frame {@code k}'s bytes start. */
    int start(int k) {
        return start[k];
    }

    /** Where queued frame {@code k}'s bytes end (exclusive). */
    int end(int k) {
        return end[k];
    }

    /** The number of queued frame {@code k}: found by {@link #lookUp}, set by {@link #put}, else -1. */
    int number(int k) {
        return number[k];
    }

    /**
     * Numbers the queued frames whose key sits in one of the first two slots it probes (nearly all
     * do: at most half the slots are used, and the two mostly share a cache line); the others get -1,
     * for {@link #find}. Each step is one loop of reads that do not depend on each other: the slots,
     * then the keys' last bytes, then the comparisons.
     */
    void lookUp(byte[] b) {
        long[] s = slots;
        int m = mask;
        int n = queued;
        for (int k = 0; k < n; k++) {
            int h = hash[k];
            long slot = s[h & m];
            if ((int) (slot >>> 32) != h && slot != 0) {
                slot = s[(h + 1) & m];
            }
            candidate[k] = (int) (slot >>> 32) == h ? (int) slot - 1 : -1;
        }
        byte[] a = arena;
        // Touches each candidate's key where it starts and where it ends (by its own length: another
        // key of the same hash may be shorter, and last in the arena), so that its cache lines are
        // read in parallel before the comparisons, which are too long for the CPU to overlap.
        int touched = 0;
        for (int k = 0; k < n; k++) {
            int o = candidate[k];
            if (o >= 0) {
                touched += a[o + HEADER + Math.max(0, intAt(a, o) - 1)];
            }
        }
        for (int k = 0; k < n; k++) {
            int o = candidate[k];
            int len = end[k] - start[k];
            number[k] = o >= 0 && intAt(a, o) == len
                    && Arrays.equals(a, o + HEADER, o + HEADER + len, b, start[k], end[k])
                    ? intAt(a, o + 4) : -1;
        }
        sink = touched;
    }

    /**
     * The little-endian int at {@code a[o]}, read byte by byte: C1, which the launcher runs, calls
     * through a VarHandle's guards for each read (a sixth of a lookup's time), and inlines this.
     */
    private static int intAt(byte[] a, int o) {
        return a[o] & 0xff | (a[o + 1] & 0xff) << 8 | (a[o + 2] & 0xff) << 16 | a[o + 3] << 24;
    }

    /** Writes {@code v} at {@code a[o]} as {@link #intAt} reads it. */
    private static void putInt(byte[] a, int o, int v) {
        a[o] = (byte) v;
        a[o + 1] = (byte) (v >>> 8);
        a[o + 2] = (byte) (v >>> 16);
        a[o + 3] = (byte) (v >>> 24);
    }

    /** Keeps the touching reads from being dropped as unused. */
    @SuppressWarnings("unused")
    private int sink;

    /** Finds queued frame {@code k} by probing every slot it may be in; sets and returns its number, or -1. */
    int find(byte[] b, int k) {
        int from = start[k];
        int len = end[k] - from;
        int h = hash[k];
        byte[] a = arena;
        for (int s = h & mask; slots[s] != 0; s = (s + 1) & mask) {
            long slot = slots[s];
            int o = (int) slot - 1;
            if ((int) (slot >>> 32) == h && intAt(a, o) == len
                    && Arrays.equals(a, o + HEADER, o + HEADER + len, b, from, end[k])) {
                return number[k] = intAt(a, o + 4);
            }
        }
        return -1;
    }

    /** Adds queued frame {@code k}, which {@link #find} did not find, with number {@code n} (not negative). */
    void put(byte[] b, int k, int n) {
        int from = start[k];
        int len = end[k] - from;
        if (arenaUsed + HEADER + len > arena.length) {
            arena = Arrays.copyOf(arena, Math.max(arena.length * 2, arenaUsed + HEADER + len));
        }
        putInt(arena, arenaUsed, len);
        putInt(arena, arenaUsed + 4, n);
        putInt(arena, arenaUsed + 8, hash[k]);
        System.arraycopy(b, from, arena, arenaUsed + HEADER, len);
        int s = hash[k] & mask;
        while (slots[s] != 0) {
            s = (s + 1) & mask;
        }
        slots[s] = (long) hash[k] << 32 | arenaUsed + 1;
        arenaUsed += HEADER + len;
        number[k] = n;
        if (++size * 2 > slots.length) {
            grow();
        }
    }

    /** Doubles the slots; keys keep their order of arrival along each probe (first seen, first found). */
    private void grow() {
        long[] fresh = new long[slots.length * 2];
        int m = fresh.length - 1;
        // Walking the arena, not the old slots, puts keys back oldest first: the first frames seen are
        // usually the most frequent, and they keep their first slot, which lookUp reads alone.
        for (int o = 0; o < arenaUsed; o += HEADER + intAt(arena, o)) {
            int h = intAt(arena, o + 8);
            int s = h & m;
            while (fresh[s] != 0) {
                s = (s + 1) & m;
            }
            fresh[s] = (long) h << 32 | o + 1;
        }
        slots = fresh;
        mask = m;
    }
}
