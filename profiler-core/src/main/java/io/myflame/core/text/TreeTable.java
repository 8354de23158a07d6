package io.myflame.core.text;

import io.myflame.core.analysis.CallTree;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;

/** A callee or caller tree as an indented table of inclusive percentages, heaviest child first. */
public final class TreeTable {
    private TreeTable() {
    }

    public static IndentedTable of(CallTree tree, long total, int maxDepth, double minPct, String label) {
        IndentedTable t = new IndentedTable(List.of(label)).unit("% of samples");
        // Depth first with a stack of its own, not recursion: stacks nest thousands of frames deep.
        Deque<int[]> todo = new ArrayDeque<>();
        int[] tops = tree.children(0);
        for (int i = tops.length - 1; i >= 0; i--) {
            todo.push(new int[] {tops[i], 0});
        }
        while (!todo.isEmpty()) {
            int[] next = todo.pop();
            int node = next[0];
            int depth = next[1];
            double pct = total == 0 ? 0 : 100.0 * tree.total(node) / total;
            if (pct < minPct && depth > 0) {
                continue;
            }
            t.add(tree.name(node), depth, pct);
            if (depth + 1 >= maxDepth) {
                continue;
            }
            Integer[] kids = Arrays.stream(tree.children(node)).boxed().toArray(Integer[]::new);
            Arrays.sort(kids, Comparator.<Integer>comparingLong(tree::total).reversed());
            for (int i = kids.length - 1; i >= 0; i--) {
                todo.push(new int[] {kids[i], depth + 1});
            }
        }
        return t;
    }
}
