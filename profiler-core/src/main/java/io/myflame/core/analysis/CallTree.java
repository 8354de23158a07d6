package io.myflame.core.analysis;

import io.myflame.core.model.FrameTable;
import java.util.Arrays;

/**
 * A trie of call paths with {@code long} weights. Node 0 is the root (no frame). A child is found
 * through one open-addressing table keyed by the packed (parent, frame) pair, so inserting a path
 * boxes nothing and scans no sibling lists.
 *
 * <p>{@link #total(int)} is the weight of all samples that passed through a node; {@link #self(int)}
 * the weight of samples that ended there.
 */
public final class CallTree {
    private final FrameTable frames;
    private int[] frame = new int[256];
    private int[] parent = new int[256];
    private long[] total = new long[256];
    private long[] self = new long[256];
    /** Last sample stamp that added to each node: lets a sample add to a node once (recursion). */
    private int[] stamp = new int[256];
    private int size = 1;
    /** Children listed in creation order (a flame chart's time order) instead of name order. */
    private boolean creationOrder;

    private long[] keys = new long[512];
    private int[] values = new int[512];

    public CallTree(FrameTable frames) {
        this.frames = frames;
        frame[0] = -1;
        parent[0] = -1;
    }

    public FrameTable frames() {
        return frames;
    }

    public int size() {
        return size;
    }

    public int frame(int node) {
        return frame[node];
    }

    public String name(int node) {
        return node == 0 ? "all" : frames.name(frame[node]);
    }

    public int parent(int node) {
        return parent[node];
    }

    public long total(int node) {
        return total[node];
    }

    public long self(int node) {
        return self[node];
    }

    /** Returns the child of {@code node} for {@code frameId}, creating it when absent. */
    public int child(int node, int frameId) {
        long key = ((long) node << 32) | (frameId & 0xffffffffL);
        int mask = keys.length - 1;
        int i = mix(key) & mask;
        while (values[i] != 0) {
            if (keys[i] == key) {
                return values[i];
            }
            i = (i + 1) & mask;
        }
        int created = newNode(node, frameId);
        keys[i] = key;
        values[i] = created;
        if (size * 2 > keys.length) {
            rehash();
        }
        return created;
    }

    /**
     * Adds a new child of {@code node} for {@code frameId} even when one exists (a flame chart
     * keeps non-adjacent samples apart); lookups find the newest. Children are then listed in
     * creation order.
     */
    public int newChild(int node, int frameId) {
        creationOrder = true;
        long key = ((long) node << 32) | (frameId & 0xffffffffL);
        int mask = keys.length - 1;
        int i = mix(key) & mask;
        while (values[i] != 0 && keys[i] != key) {
            i = (i + 1) & mask;
        }
        int created = newNode(node, frameId);
        keys[i] = key;
        values[i] = created;
        if (size * 2 > keys.length) {
            rehash();
        }
        return created;
    }

    /** Adds {@code weight} to a node's total (for trees built node by node). */
    public void addTotal(int node, long weight) {
        total[node] += weight;
    }

    /** Returns the child of {@code node} for {@code frameId}, or -1. */
    public int findChild(int node, int frameId) {
        long key = ((long) node << 32) | (frameId & 0xffffffffL);
        int mask = keys.length - 1;
        int i = mix(key) & mask;
        while (values[i] != 0) {
            if (keys[i] == key) {
                return values[i];
            }
            i = (i + 1) & mask;
        }
        return -1;
    }

    /** Adds a path (root first) with its weight to every node on it and to the leaf's self. */
    public void addPath(int[] path, int from, int to, long weight) {
        int node = 0;
        total[0] += weight;
        for (int i = from; i < to; i++) {
            node = child(node, path[i]);
            total[node] += weight;
        }
        self[node] += weight;
    }

    /**
     * Adds {@code weight} to {@code node} unless sample {@code sampleStamp} already did; used by
     * callee/caller trees where one sample may reach a node through two occurrences of a function.
     */
    public void addOnce(int node, long weight, int sampleStamp) {
        if (stamp[node] != sampleStamp) {
            stamp[node] = sampleStamp;
            total[node] += weight;
        }
    }

    /** Adds to a node's self weight (the leaf of a path). */
    public void addSelf(int node, long weight) {
        self[node] += weight;
    }

    /** Children of {@code node}, sorted by frame name (the flamegraph order), or in creation order. */
    public int[] children(int node) {
        return childIndex().children(node);
    }

    private ChildIndex childIndex;

    private ChildIndex childIndex() {
        if (childIndex == null || childIndex.builtFor != size) {
            childIndex = new ChildIndex(this);
        }
        return childIndex;
    }

    private int newNode(int par, int frameId) {
        if (size == frame.length) {
            int cap = size * 2;
            frame = Arrays.copyOf(frame, cap);
            parent = Arrays.copyOf(parent, cap);
            total = Arrays.copyOf(total, cap);
            self = Arrays.copyOf(self, cap);
            stamp = Arrays.copyOf(stamp, cap);
        }
        frame[size] = frameId;
        parent[size] = par;
        return size++;
    }

    private void rehash() {
        long[] k2 = new long[keys.length * 2];
        int[] v2 = new int[keys.length * 2];
        int mask = k2.length - 1;
        for (int i = 0; i < keys.length; i++) {
            if (values[i] != 0) {
                int j = mix(keys[i]) & mask;
                while (v2[j] != 0) {
                    j = (j + 1) & mask;
                }
                k2[j] = keys[i];
                v2[j] = values[i];
            }
        }
        keys = k2;
        values = v2;
    }

    private static int mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 29));
    }

    /** Children lists in name order, built on demand once the tree is complete. */
    private static final class ChildIndex {
        final int builtFor;
        final int[] start;
        final int[] order;

        ChildIndex(CallTree t) {
            builtFor = t.size;
            int n = t.size;
            start = new int[n + 1];
            for (int v = 1; v < n; v++) {
                start[t.parent[v] + 1]++;
            }
            for (int v = 0; v < n; v++) {
                start[v + 1] += start[v];
            }
            Integer[] sorted = new Integer[n - 1];
            for (int v = 1; v < n; v++) {
                sorted[v - 1] = v;
            }
            Arrays.sort(sorted, (a, b) -> {
                int c = Integer.compare(t.parent[a], t.parent[b]);
                return c != 0 ? c : t.creationOrder ? Integer.compare(a, b) : t.name(a).compareTo(t.name(b));
            });
            order = new int[n - 1];
            for (int i = 0; i < n - 1; i++) {
                order[i] = sorted[i];
            }
        }

        int[] children(int node) {
            return Arrays.copyOfRange(order, start[node], start[node + 1]);
        }
    }
}
