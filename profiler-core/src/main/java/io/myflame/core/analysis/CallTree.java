package io.myflame.core.analysis;

import io.myflame.core.model.FrameTable;
import io.myflame.core.hash.SlotIndex;
import java.util.Arrays;

/**
 * A trie of call paths with {@code long} weights. Node 0 is the root (no frame). A child is found
 * through one {@link SlotIndex} keyed by the (parent, frame) pair, so inserting a path boxes
 * nothing and scans no sibling lists.
 *
 * <p>{@link #total(int)} is the weight of all samples that passed through a node; {@link #self(int)}
 * the weight of samples that ended there.
 */
public final class CallTree {
    private final FrameTable frames;
    private int[] frame = new int[256];
    private int[] parent = new int[256];
    /** Each node's (parent, frame) packed in one long: a probe compares one array, not two. */
    private long[] key = new long[256];
    private long[] total = new long[256];
    private long[] self = new long[256];
    /** Last sample stamp that added to each node: lets a sample add to a node once (recursion). */
    private int[] stamp = new int[256];
    private int size = 1;
    /** Children listed in creation order (a flame chart's time order) instead of name order. */
    private boolean creationOrder;

    /** Finds a child by its (parent, frame) key; entry e is node e + 1, as the root is in no parent. */
    private final SlotIndex index = new SlotIndex(512);

    public CallTree(FrameTable frames) {
        this.frames = frames;
        frame[0] = -1;
        parent[0] = -1;
        key[0] = pack(-1, -1);
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
        long k = pack(node, frameId);
        int h = mix(k);
        // the probe of slot(), written out: this is the hot path of every tree, and C1 inlines no call that large
        int s = index.first(h);
        for (int e; (e = index.entry(s)) >= 0; s = index.next(s)) {
            if (key[e + 1] == k) {
                return e + 1;
            }
        }
        return newNode(index.claim(s, h) + 1, node, frameId);
    }

    /**
     * Adds a new child of {@code node} for {@code frameId} even when one exists (a flame chart
     * keeps non-adjacent samples apart); lookups find the newest. Children are then listed in
     * creation order.
     */
    public int newChild(int node, int frameId) {
        creationOrder = true;
        long k = pack(node, frameId);
        int h = mix(k);
        int s = slot(k, h);
        int e = index.entry(s) < 0 ? index.claim(s, h) : index.replace(s);
        return newNode(e + 1, node, frameId);
    }

    /** Adds {@code weight} to a node's total (for trees built node by node). */
    public void addTotal(int node, long weight) {
        total[node] += weight;
    }

    /** Returns the child of {@code node} for {@code frameId}, or -1. */
    public int findChild(int node, int frameId) {
        long k = pack(node, frameId);
        int e = index.entry(slot(k, mix(k)));
        return e >= 0 ? e + 1 : -1;
    }

    /** The slot of the newest node with key {@code k}, or the empty slot where it would go. */
    private int slot(long k, int h) {
        int s = index.first(h);
        for (int e; (e = index.entry(s)) >= 0; s = index.next(s)) {
            if (key[e + 1] == k) {
                break;
            }
        }
        return s;
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
     * Adds paths like {@link #addPath}, remembering the last one: the nodes of the prefix a path
     * shares with it are not looked up again. Consecutive stacks of a folded file (sorted) or of
     * one thread share most of their frames, so most lookups, the cost of building a tree, go.
     */
    public Appender appender() {
        return new Appender();
    }

    /** See {@link #appender}. Not thread-safe. */
    public final class Appender {
        private int[] lastPath = new int[64];
        private int[] lastNodes = new int[64];
        private int lastLen;

        private Appender() {
        }

        public void add(int[] path, int from, int to, long weight) {
            int len = to - from;
            if (lastPath.length < len) {
                lastPath = Arrays.copyOf(lastPath, len * 2);
                lastNodes = Arrays.copyOf(lastNodes, len * 2);
            }
            int shared = 0;
            while (shared < len && shared < lastLen && lastPath[shared] == path[from + shared]) {
                shared++;
            }
            total[0] += weight;
            for (int i = 0; i < shared; i++) {
                total[lastNodes[i]] += weight;
            }
            int node = shared == 0 ? 0 : lastNodes[shared - 1];
            for (int i = shared; i < len; i++) {
                node = child(node, path[from + i]);
                total[node] += weight;
                lastPath[i] = path[from + i];
                lastNodes[i] = node;
            }
            lastLen = len;
            self[node] += weight;
        }
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

    /** Stores node {@code n}, the next one (its entry was just claimed). */
    private int newNode(int n, int par, int frameId) {
        if (n == frame.length) {
            int cap = n * 2;
            frame = Arrays.copyOf(frame, cap);
            parent = Arrays.copyOf(parent, cap);
            key = Arrays.copyOf(key, cap);
            total = Arrays.copyOf(total, cap);
            self = Arrays.copyOf(self, cap);
            stamp = Arrays.copyOf(stamp, cap);
        }
        frame[n] = frameId;
        parent[n] = par;
        key[n] = pack(par, frameId);
        size = n + 1;
        return n;
    }

    private static long pack(int node, int frameId) {
        return ((long) node << 32) | (frameId & 0xffffffffL);
    }

    private static int mix(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
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
