package io.myflame.core.flame;

import io.myflame.core.analysis.CallTree;
import java.util.Arrays;

/**
 * Where each frame of a flamegraph goes: the call-tree nodes wide enough to draw, in depth-first
 * order (parents before children, siblings in name order), with their depth and horizontal extent
 * in pixels. Children start at their parent's left edge and follow each other; a frame narrower
 * than the minimum width is left out with its whole subtree and counted in {@link #pruned()}.
 *
 * <p>A kept frame that follows pruned siblings records their weight as its {@link #gap(int)}, so the
 * script in the SVG can lay the frames out again from weights alone when it zooms.
 */
public final class FlameLayout {
    private final CallTree tree;
    private final double scale;
    private int[] node = new int[256];
    private int[] depth = new int[256];
    private int[] end = new int[256];
    private double[] x = new double[256];
    private long[] gap = new long[256];
    private int size;
    private int maxDepth;
    private long pruned;

    FlameLayout(CallTree tree, double scale) {
        this.tree = tree;
        this.scale = scale;
    }

    /**
     * Lays out {@code tree} (node 0 drawn as "all") across {@code widthPx} pixels starting at
     * {@code left}, leaving out frames narrower than {@code minWidthPx}.
     */
    public static FlameLayout of(CallTree tree, double left, double widthPx, double minWidthPx) {
        return of(tree, left, widthPx, minWidthPx, 0);
    }

    /**
     * As {@link #of(CallTree, double, double, double)}, with the full width standing for
     * {@code scaleTotal} when that is larger than the tree's total (flamegraph.pl's {@code --total}:
     * several graphs on one scale).
     */
    public static FlameLayout of(CallTree tree, double left, double widthPx, double minWidthPx, long scaleTotal) {
        long total = Math.max(tree.total(0), scaleTotal);
        FlameLayout layout = new FlameLayout(tree, total == 0 ? 0 : widthPx / total);
        layout.walk(left, minWidthPx);
        return layout;
    }

    /**
     * Depth-first over the tree with an explicit stack (stacks 100,000 frames deep must not exhaust
     * the Java stack): each entry is a kept frame whose children are still being visited.
     */
    private void walk(double left, double minWidthPx) {
        int[] open = new int[64];
        int[][] kids = new int[64][];
        int[] next = new int[64];
        double[] childLeft = new double[64];
        long[] skipped = new long[64];
        int top = 0;
        open[0] = append(0, 0, left, 0);
        kids[0] = tree.children(0);
        childLeft[0] = left;
        while (top >= 0) {
            int at = open[top];
            if (next[top] == kids[top].length) {
                end[at] = size;
                kids[top] = null;
                top--;
                continue;
            }
            int c = kids[top][next[top]++];
            long w = tree.total(c);
            double x0 = childLeft[top];
            childLeft[top] += w * scale;
            if (w * scale < minWidthPx || w == 0) {
                skipped[top] += w;
                pruned += subtreeSize(c);
                continue;
            }
            int d = depth[at] + 1;
            int child = append(c, d, x0, skipped[top]);
            skipped[top] = 0;
            if (++top == open.length) {
                int cap = top * 2;
                open = Arrays.copyOf(open, cap);
                kids = Arrays.copyOf(kids, cap);
                next = Arrays.copyOf(next, cap);
                childLeft = Arrays.copyOf(childLeft, cap);
                skipped = Arrays.copyOf(skipped, cap);
            }
            open[top] = child;
            kids[top] = tree.children(c);
            next[top] = 0;
            childLeft[top] = x0;
            skipped[top] = 0;
        }
    }

    /** Number of nodes in the subtree of {@code n}, counted without recursion. */
    private long subtreeSize(int n) {
        long count = 0;
        int[] todo = {n};
        int top = 1;
        while (top > 0) {
            int v = todo[--top];
            count++;
            int[] cs = tree.children(v);
            if (top + cs.length > todo.length) {
                todo = Arrays.copyOf(todo, Math.max(todo.length * 2, top + cs.length));
            }
            System.arraycopy(cs, 0, todo, top, cs.length);
            top += cs.length;
        }
        return count;
    }

    /** Adds frame {@code n} at depth {@code d}; returns its index (its subtree ends at {@link #close}). */
    int append(int n, int d, double left, long gapWeight) {
        maxDepth = Math.max(maxDepth, d);
        if (size == node.length) {
            int cap = size * 2;
            node = Arrays.copyOf(node, cap);
            depth = Arrays.copyOf(depth, cap);
            end = Arrays.copyOf(end, cap);
            x = Arrays.copyOf(x, cap);
            gap = Arrays.copyOf(gap, cap);
        }
        node[size] = n;
        depth[size] = d;
        x[size] = left;
        gap[size] = gapWeight;
        return size++;
    }

    /** Ends frame {@code i}'s subtree at the frames appended so far. */
    void close(int i) {
        end[i] = size;
    }

    /** Counts {@code nodes} call-tree nodes left out for their width. */
    void prune(long nodes) {
        pruned += nodes;
    }

    /** Pixels per unit of weight. */
    double scale() {
        return scale;
    }

    public CallTree tree() {
        return tree;
    }

    /** Number of frames drawn. */
    public int size() {
        return size;
    }

    /** The call-tree node of frame {@code i}. */
    public int node(int i) {
        return node[i];
    }

    /** 0 for the root frame. */
    public int depth(int i) {
        return depth[i];
    }

    public int maxDepth() {
        return maxDepth;
    }

    /** Left edge in pixels. */
    public double x(int i) {
        return x[i];
    }

    /** Width in pixels: the inclusive weight times the scale. */
    public double width(int i) {
        return tree.total(node[i]) * scale;
    }

    /** Index after the last frame of {@code i}'s subtree (frames {@code i+1 .. end-1} are inside it). */
    public int end(int i) {
        return end[i];
    }

    /** Weight of pruned siblings right before frame {@code i}. */
    public long gap(int i) {
        return gap[i];
    }

    /** Number of call-tree nodes left out for being narrower than the minimum width. */
    public long pruned() {
        return pruned;
    }
}
