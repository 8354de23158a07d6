package io.myflame.core.flame;

import io.myflame.core.analysis.CallTree;

/** Per-node facts of a call tree computed in one forward pass: a child is created after its parent. */
final class TreeFacts {
    private TreeFacts() {
    }

    /** Depth of every node (0 for the root and its children's parent, node 0). */
    static int[] depths(CallTree tree) {
        int[] d = new int[tree.size()];
        for (int n = 1; n < tree.size(); n++) {
            int p = tree.parent(n);
            d[n] = p <= 0 ? 0 : d[p] + 1;
        }
        return d;
    }
}
