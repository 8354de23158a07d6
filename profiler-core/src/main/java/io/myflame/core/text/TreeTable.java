package io.myflame.core.text;

import io.myflame.core.analysis.CallTree;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;

/**
 * A callee or caller tree as an indented table of inclusive percentages, heaviest child first: a
 * {@link ShareRow} per node shown, in {@link ShareRow#columns}.
 */
public final class TreeTable {
    private TreeTable() {
    }

    public static IndentedTable of(CallTree tree, long total, int maxDepth, double minPct, String label) {
        return ShareRow.table(ShareRow.columns(label), rows(tree, total, maxDepth, minPct));
    }

    /** The nodes shown, depth first: those of at least {@code minPct} (every top one), {@code maxDepth} levels deep. */
    static List<ShareRow> rows(CallTree tree, long total, int maxDepth, double minPct) {
        List<ShareRow> rows = new ArrayList<>();
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
            ShareRow row = ShareRow.of(tree.name(node), depth, tree.total(node), total);
            if (row.pct() < minPct && depth > 0) {
                continue;
            }
            rows.add(row);
            if (depth + 1 >= maxDepth) {
                continue;
            }
            Integer[] kids = Arrays.stream(tree.children(node)).boxed().toArray(Integer[]::new);
            Arrays.sort(kids, Comparator.<Integer>comparingLong(tree::total).reversed());
            for (int i = kids.length - 1; i >= 0; i--) {
                todo.push(new int[] {kids[i], depth + 1});
            }
        }
        return rows;
    }
}
