package io.myflame.core.model;

import io.myflame.core.hash.SlotIndex;
import java.util.Arrays;

/**
 * Sums weights and sample counts of identical (thread, stack) keys. The frames of each key live in an int arena,
 * found through a {@link SlotIndex}, so adding a stack that was seen before allocates nothing: the key is hashed and
 * compared in place.
 */
public final class StackMap {
    /** One entry per distinct key: offset of its frames in the arena, their count, thread. */
    private int[] offset = new int[1024];
    private int[] length = new int[1024];
    private int[] thread = new int[1024];
    private long[] weight = new long[1024];
    private long[] count = new long[1024];

    private int[] arena = new int[1 << 14];
    private int arenaUsed;

    private final SlotIndex index = new SlotIndex(2048);

    public int size() {
        return index.size();
    }

    public void add(int threadId, int[] frames, int len, long w, long samples) {
        int h = hash(threadId, frames, len);
        int s = index.first(h);
        for (int e; (e = index.entry(s)) >= 0; s = index.next(s)) {
            if (index.hash(e) == h && thread[e] == threadId && length[e] == len
                    && Arrays.equals(arena, offset[e], offset[e] + len, frames, 0, len)) {
                weight[e] = WeightOverflow.add(weight[e], w);
                count[e] = WeightOverflow.add(count[e], samples);
                return;
            }
        }
        // stored here, not in a second call C1 would not inline: inputs of mostly distinct stacks store
        // as often as they find
        int e = index.claim(s, h);
        if (e == offset.length || arenaUsed + len > arena.length) {
            grow(len);
        }
        System.arraycopy(frames, 0, arena, arenaUsed, len);
        offset[e] = arenaUsed;
        length[e] = len;
        thread[e] = threadId;
        weight[e] = w;
        count[e] = samples;
        arenaUsed += len;
    }

    /** Makes room for one more entry and {@code len} more frames. */
    private void grow(int len) {
        if (index.size() > offset.length) {
            int cap = offset.length * 2;
            offset = Arrays.copyOf(offset, cap);
            length = Arrays.copyOf(length, cap);
            thread = Arrays.copyOf(thread, cap);
            weight = Arrays.copyOf(weight, cap);
            count = Arrays.copyOf(count, cap);
        }
        if (arenaUsed + len > arena.length) {
            arena = Arrays.copyOf(arena, Math.max(arena.length * 2, arenaUsed + len));
        }
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
        for (int e = 0; e < index.size(); e++) {
            v.visit(e, thread[e], Arrays.copyOfRange(arena, offset[e], offset[e] + length[e]),
                    weight[e], count[e]);
        }
    }

    /**
     * Visits entries in insertion order without copying their frames: entry {@code index}'s are
     * {@code arena[from, from + len)}, to read during the call only.
     */
    public void forEachInPlace(InPlaceVisitor v) {
        for (int e = 0; e < index.size(); e++) {
            v.visit(e, thread[e], arena, offset[e], length[e], weight[e], count[e]);
        }
    }

    public interface Visitor {
        void visit(int index, int thread, int[] frames, long weight, long count);
    }

    public interface InPlaceVisitor {
        void visit(int index, int thread, int[] arena, int from, int len, long weight, long count);
    }
}
