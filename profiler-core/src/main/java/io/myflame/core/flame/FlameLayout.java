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

    private FlameLayout(CallTree tree, double scale) {
        this.tree = tree;
        this.scale = scale;
    }

    /**
     * Lays out {@code tree} (node 0 drawn as "all") across {@code widthPx} pixels starting at
     * {@code left}, leaving out frames narrower than {@code minWidthPx}.
     */
    public static FlameLayout of(CallTree tree, double left, double widthPx, double minWidthPx) {
        long total = tree.total(0);
        FlameLayout layout = new FlameLayout(tree, total == 0 ? 0 : widthPx / total);
        layout.add(0, 0, left, 0, minWidthPx);
        return layout;
    }

    private void add(int n, int d, double left, long gapWeight, double minWidthPx) {
        int at = append(n, d, left, gapWeight);
        maxDepth = Math.max(maxDepth, d);
        double childLeft = left;
        long skipped = 0;
        for (int c : tree.children(n)) {
            long w = tree.total(c);
            if (w * scale >= minWidthPx && w > 0) {
                add(c, d + 1, childLeft, skipped, minWidthPx);
                skipped = 0;
            } else {
                skipped += w;
                pruned += subtreeSize(c);
            }
            childLeft += w * scale;
        }
        end[at] = size;
    }

    private long subtreeSize(int n) {
        long count = 1;
        for (int c : tree.children(n)) {
            count += subtreeSize(c);
        }
        return count;
    }

    private int append(int n, int d, double left, long gapWeight) {
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
