package io.myflame.diff;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.analysis.CallTrees;
import io.myflame.core.analysis.InclusiveTable;
import io.myflame.core.analysis.RowSpec;
import io.myflame.core.model.Profile;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Picks rows when the user gives no row file: the union of every run's top functions, or the
 * callee tree of one function merged over all runs. The rows are then evaluated like a row file,
 * so every mode gives cells with the same meaning.
 */
public final class RowSelection {
    private RowSelection() {
    }

    /** The union of each run's top {@code n} functions, heaviest (largest share in any run) first. */
    public static List<RowSpec> top(List<Column> columns, int n, Measure measure) {
        Map<String, Double> best = new HashMap<>();
        for (Column c : columns) {
            for (Run run : c.runs()) {
                List<InclusiveTable.Entry> entries = InclusiveTable.of(run.profile()).top(0);
                if (measure == Measure.SELF) {
                    entries = new ArrayList<>(entries);
                    entries.sort(Comparator.comparingDouble(InclusiveTable.Entry::selfPct).reversed()
                            .thenComparing(InclusiveTable.Entry::function));
                }
                int limit = n <= 0 ? entries.size() : Math.min(n, entries.size());
                for (InclusiveTable.Entry e : entries.subList(0, limit)) {
                    double v = measure == Measure.SELF ? e.selfPct() : e.inclusivePct();
                    best.merge(e.function(), v, Math::max);
                }
            }
        }
        List<String> names = new ArrayList<>(best.keySet());
        names.sort(Comparator.<String>comparingDouble(best::get).reversed().thenComparing(Comparator.naturalOrder()));
        List<RowSpec> rows = new ArrayList<>();
        for (String name : names) {
            rows.add(new RowSpec(List.of(name), 0, -1, 0));
        }
        return rows;
    }

    /**
     * The callee tree of {@code focus} (whose alternatives may differ per run) to {@code depth}
     * levels: a path is a row when it reaches {@code minPct} percent in at least one run.
     */
    public static List<RowSpec> focus(List<Column> columns, RowSpec focus, int depth, double minPct) {
        PathNode root = new PathNode();
        boolean found = false;
        for (Column c : columns) {
            for (Run run : c.runs()) {
                Profile p = run.profile();
                int frame = firstPresent(p, focus.names());
                if (frame < 0) {
                    continue;
                }
                found = true;
                CallTree tree = CallTrees.callees(p, frame);
                double total = p.totalWeight();
                for (int top : tree.children(0)) {
                    collect(tree, top, root, 0, depth, minPct, total, true);
                }
            }
        }
        if (!found) {
            throw new DiffException("--focus: none of " + focus.title() + " occurs in any input");
        }
        List<RowSpec> rows = new ArrayList<>();
        rows.add(new RowSpec(focus.names(), 0, -1, 0));
        for (PathNode top : root.children.values()) {
            emit(top, 0, rows);
        }
        return rows;
    }

    private static int firstPresent(Profile p, List<String> names) {
        InclusiveTable incl = InclusiveTable.of(p);
        for (String name : names) {
            int f = p.frames().find(name);
            if (f >= 0 && incl.inclusive(f) > 0) {
                return f;
            }
        }
        return -1;
    }

    /**
     * Merges {@code node}'s subtree into {@code into}, depth first with a stack of its own rather
     * than recursion (stacks nest thousands of frames deep); children in the order recursion visits them.
     */
    private static void collect(CallTree tree, int node, PathNode into, int level, int depth, double minPct,
                                double total, boolean isFocus) {
        record Visit(int node, PathNode into, int level, boolean isFocus) {
        }
        Deque<Visit> todo = new ArrayDeque<>();
        todo.push(new Visit(node, into, level, isFocus));
        while (!todo.isEmpty()) {
            Visit v = todo.pop();
            double pct = total == 0 ? 0 : 100.0 * tree.total(v.node()) / total;
            // The focus node itself is the first row whatever its name in this run.
            PathNode here = v.isFocus() ? v.into().child("") : v.into().child(tree.name(v.node()));
            here.best = Math.max(here.best, pct);
            if (v.level() + 1 >= depth) {
                continue;
            }
            int[] kids = tree.children(v.node());
            for (int i = kids.length - 1; i >= 0; i--) {
                double cp = total == 0 ? 0 : 100.0 * tree.total(kids[i]) / total;
                if (cp >= minPct) {
                    todo.push(new Visit(kids[i], here, v.level() + 1, false));
                }
            }
        }
    }

    /** Rows for {@code focusNode}'s descendants, heaviest first, depth first without recursion. */
    private static void emit(PathNode focusNode, int parentRow, List<RowSpec> rows) {
        record Visit(PathNode node, int parentRow) {
        }
        Deque<Visit> todo = new ArrayDeque<>();
        pushChildren(focusNode, parentRow, todo, Visit::new);
        while (!todo.isEmpty()) {
            Visit v = todo.pop();
            int depth = rows.get(v.parentRow()).depth() + 1;
            rows.add(new RowSpec(List.of(v.node().name), depth, v.parentRow(), 0));
            pushChildren(v.node(), rows.size() - 1, todo, Visit::new);
        }
    }

    private static <V> void pushChildren(PathNode node, int row, Deque<V> todo,
                                         java.util.function.BiFunction<PathNode, Integer, V> visit) {
        List<PathNode> kids = new ArrayList<>(node.children.values());
        kids.sort(Comparator.<PathNode>comparingDouble(k -> -k.best).thenComparing(k -> k.name));
        for (int i = kids.size() - 1; i >= 0; i--) {
            todo.push(visit.apply(kids.get(i), row));
        }
    }

    /** A node of the merged tree of names; {@code best} is its largest share in any run. */
    private static final class PathNode {
        final Map<String, PathNode> children = new LinkedHashMap<>();
        String name;
        double best;

        PathNode child(String n) {
            return children.computeIfAbsent(n, k -> {
                PathNode p = new PathNode();
                p.name = k;
                return p;
            });
        }
    }
}
