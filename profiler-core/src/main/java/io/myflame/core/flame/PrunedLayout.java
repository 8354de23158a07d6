package io.myflame.core.flame;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.model.Profile;
import java.util.Arrays;

/**
 * Lays out a profile's whole call tree without building it: the stacks are sorted in flamegraph
 * order ({@link SortedPaths}), where every node is a range of stacks, and only the nodes wide
 * enough to draw become nodes of a (small) {@link CallTree}. A profile of 300,000 distinct stacks
 * with little shared prefix has millions of nodes and draws a few thousand; memory now follows
 * what is drawn plus the input, not the number of nodes.
 *
 * <p>The result is the layout {@link FlameLayout#of} gives for the full tree, frame for frame:
 * the same positions (summed in the same order), gaps, depths and count of pruned nodes.
 */
final class PrunedLayout {
    private final SortedPaths paths;
    private final FlameLayout layout;
    private final CallTree tree;
    private final double minWidthPx;
    private final int[] order;
    private final int[] lcp;
    private final long[] cum;
    private final int[] lengths;

    private PrunedLayout(SortedPaths paths, double scale, double minWidthPx) {
        this.paths = paths;
        this.tree = new CallTree(paths.frames);
        this.layout = new FlameLayout(tree, scale);
        this.minWidthPx = minWidthPx;
        this.order = paths.order;
        this.lcp = paths.lcp;
        this.cum = paths.cum;
        this.lengths = paths.lengths;
    }

    /**
     * The layout of {@code profile}'s full tree ({@code byComm}: under per-comm roots, as
     * {@code CallTrees.full}) across {@code widthPx} pixels from {@code left}, the full width
     * standing for {@code scaleTotal} when that is larger than the total.
     */
    static FlameLayout of(Profile profile, boolean byComm, double left, double widthPx, double minWidthPx,
            long scaleTotal) {
        SortedPaths paths = SortedPaths.of(profile, byComm);
        long weight = paths.cum[paths.size()];
        long total = Math.max(weight, scaleTotal);
        PrunedLayout p = new PrunedLayout(paths, total == 0 ? 0 : widthPx / total, minWidthPx);
        p.tree.addTotal(0, weight);
        p.walk(left);
        return p.layout;
    }

    /**
     * Depth-first over the kept nodes with an explicit stack, as {@link FlameLayout} walks a tree.
     * An open node at depth {@code k} covers positions {@code [at, end)}: first the paths that end
     * there (its self weight), then one run per child, a run ending where a path shares no more
     * than {@code k} frames with the one before.
     */
    private void walk(double left) {
        Open open = new Open();
        open.frame[0] = layout.append(0, 0, left, 0);
        open.end[0] = order.length;
        open.at[0] = selfEnd(0, 0, order.length, 0);
        open.childLeft[0] = left;
        int top = 0;
        while (top >= 0) {
            int k = top;
            if (open.at[top] == open.end[top]) {
                layout.close(open.frame[top]);
                top--;
                continue;
            }
            int s = open.at[top];
            int e = runEnd(s, open.end[top], k);
            open.at[top] = e;
            long w = cum[e] - cum[s];
            double x0 = open.childLeft[top];
            open.childLeft[top] += w * layout.scale();
            if (w * layout.scale() < minWidthPx || w == 0) {
                open.skipped[top] += w;
                layout.prune(runNodes);
                continue;
            }
            int child = tree.child(open.node[top], paths.frame(order[s], k));
            tree.addTotal(child, w);
            int i = layout.append(child, k + 1, x0, open.skipped[top]);
            open.skipped[top] = 0;
            open.push(++top, i, child, selfEnd(child, s, e, k + 1), e, x0);
        }
    }

    /** Nodes in the run {@link #runEnd} found last. */
    private long runNodes;

    /**
     * The end of the run of paths from {@code s} (before {@code end}) that share their first
     * {@code k + 1} frames: one child of a node at depth {@code k}. Counts the distinct nodes in it
     * (each path adds those past what it shares with the one before) into {@link #runNodes}.
     */
    private int runEnd(int s, int end, int k) {
        long nodes = lengths[s] - k;
        int e = s + 1;
        while (e < end && lcp[e] > k) {
            nodes += lengths[e] - lcp[e];
            e++;
        }
        runNodes = nodes;
        return e;
    }

    /** The kept frames whose children are being visited, one per depth. */
    private static final class Open {
        int[] frame = new int[64];
        int[] node = new int[64];
        int[] at = new int[64];
        int[] end = new int[64];
        double[] childLeft = new double[64];
        long[] skipped = new long[64];

        void push(int top, int layoutIndex, int treeNode, int from, int to, double left) {
            if (top == frame.length) {
                int cap = top * 2;
                frame = Arrays.copyOf(frame, cap);
                node = Arrays.copyOf(node, cap);
                at = Arrays.copyOf(at, cap);
                end = Arrays.copyOf(end, cap);
                childLeft = Arrays.copyOf(childLeft, cap);
                skipped = Arrays.copyOf(skipped, cap);
            }
            frame[top] = layoutIndex;
            node[top] = treeNode;
            at[top] = from;
            end[top] = to;
            childLeft[top] = left;
            skipped[top] = 0;
        }
    }

    /** Adds the weight of the paths of {@code [s, e)} that end at depth {@code k} to the node's self; returns where they stop. */
    private int selfEnd(int n, int s, int e, int k) {
        int i = s;
        while (i < e && lengths[i] == k) {
            i++;
        }
        tree.addSelf(n, cum[i] - cum[s]);
        return i;
    }
}
