package io.myflame.core.model;

import java.util.Arrays;

/**
 * Sums weights and sample counts of identical (thread, stack) keys. Open addressing over an int arena, so adding a
 * stack that was seen before allocates nothing: the key is hashed and compared in place.
 */
public final class StackMap {
    /** One entry per distinct key: offset of its frames in the arena, their count, thread. */
    private int[] offset = new int[1024];
    private int[] length = new int[1024];
    private int[] thread = new int[1024];
    private int[] hashes = new int[1024];
    private long[] weight = new long[1024];
    private long[] count = new long[1024];
    private int size;

    private int[] arena = new int[1 << 14];
    private int arenaUsed;

    /** Slot table: entry index + 1, 0 = empty. */
    private int[] slots = new int[2048];

    public int size() {
        return size;
    }

    public void add(int threadId, int[] frames, int len, long w, long samples) {
        int h = hash(threadId, frames, len);
        int mask = slots.length - 1;
        int i = h & mask;
        while (true) {
            int e = slots[i] - 1;
            if (e < 0) {
                break;
            }
            if (hashes[e] == h && thread[e] == threadId && length[e] == len
                    && Arrays.equals(arena, offset[e], offset[e] + len, frames, 0, len)) {
                weight[e] = WeightOverflow.add(weight[e], w);
                count[e] = WeightOverflow.add(count[e], samples);
                return;
            }
            i = (i + 1) & mask;
        }
        int e = insert(h, threadId, frames, len, w, samples);
        slots[i] = e + 1;
        if (size * 2 > slots.length) {
            rehash();
        }
    }

    private int insert(int h, int threadId, int[] frames, int len, long w, long samples) {
        if (size == offset.length) {
            int cap = size * 2;
            offset = Arrays.copyOf(offset, cap);
            length = Arrays.copyOf(length, cap);
            thread = Arrays.copyOf(thread, cap);
            hashes = Arrays.copyOf(hashes, cap);
            weight = Arrays.copyOf(weight, cap);
            count = Arrays.copyOf(count, cap);
        }
        if (arenaUsed + len > arena.length) {
            arena = Arrays.copyOf(arena, Math.max(arena.length * 2, arenaUsed + len));
        }
        System.arraycopy(frames, 0, arena, arenaUsed, len);
        int e = size++;
        offset[e] = arenaUsed;
        length[e] = len;
        thread[e] = threadId;
        hashes[e] = h;
        weight[e] = w;
        count[e] = samples;
        arenaUsed += len;
        return e;
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

    private static int hash(int threadId, int[] frames, int len) {
        int h = threadId * 0x9E3779B9;
        for (int i = 0; i < len; i++) {
            h = (h ^ frames[i]) * 0x01000193;
        }
        return h ^ (h >>> 16);
    }

    /** Visits entries in insertion order. */
    public void forEach(Visitor v) {
        for (int e = 0; e < size; e++) {
            v.visit(e, thread[e], Arrays.copyOfRange(arena, offset[e], offset[e] + length[e]),
                    weight[e], count[e]);
        }
    }

    public interface Visitor {
        void visit(int index, int thread, int[] frames, long weight, long count);
    }
}
