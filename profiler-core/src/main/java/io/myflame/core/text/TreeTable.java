package io.myflame.core.text;

import io.myflame.core.analysis.CallTree;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/** A callee or caller tree as an indented table of inclusive percentages, heaviest child first. */
public final class TreeTable {
    private TreeTable() {
    }

    public static IndentedTable of(CallTree tree, long total, int maxDepth, double minPct, String label) {
        IndentedTable t = new IndentedTable(List.of(label)).unit("% of samples");
        for (int top : tree.children(0)) {
            walk(tree, top, 0, total, maxDepth, minPct, t);
        }
        return t;
    }

    private static void walk(CallTree tree, int node, int depth, long total, int maxDepth, double minPct, IndentedTable t) {
        double pct = total == 0 ? 0 : 100.0 * tree.total(node) / total;
        if (pct < minPct && depth > 0) {
            return;
        }
        t.add(tree.name(node), depth, pct);
        if (depth + 1 >= maxDepth) {
            return;
        }
        Integer[] kids = Arrays.stream(tree.children(node)).boxed().toArray(Integer[]::new);
        Arrays.sort(kids, Comparator.<Integer>comparingLong(tree::total).reversed());
        for (int k : kids) {
            walk(tree, k, depth + 1, total, maxDepth, minPct, t);
        }
    }
}
