package io.myflame.diff.flame;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.analysis.InclusiveTable;
import io.myflame.core.analysis.Scale;
import io.myflame.core.model.Profile;

/**
 * The base and new value of every node of a differential graph's drawn tree, by call path or by
 * function. Values are weights on a per-profile {@link Scale} (shares in percent, divided last as
 * the tables divide them, or microseconds per weight / transactions for a cost per transaction).
 */
final class DiffValues {
    private DiffValues() {
    }

    /** By call path, as shares in percent ({@code normalize}) or weights over the base total. */
    static double[][] byPath(CallTree layout, CallTree other, boolean layoutIsNew, boolean normalize) {
        long baseTotal = layoutIsNew ? other.total(0) : layout.total(0);
        Scale mineScale = Scale.percentOf(normalize ? layout.total(0) : baseTotal);
        Scale theirScale = Scale.percentOf(normalize ? other.total(0) : baseTotal);
        double[][] v = byPath(layout, other, mineScale, theirScale);
        return layoutIsNew ? new double[][] {v[1], v[0]} : v;
    }

    /** {@code [mine, theirs]}: each node's weight and the weight at its path in {@code other}, scaled. */
    static double[][] byPath(CallTree layout, CallTree other, Scale mineScale, Scale theirScale) {
        int[] match = match(layout, other);
        double[] mine = new double[layout.size()];
        double[] theirs = new double[layout.size()];
        for (int n = 0; n < layout.size(); n++) {
            mine[n] = mineScale.of(layout.total(n));
            theirs[n] = theirScale.of(match[n] < 0 ? 0 : other.total(match[n]));
        }
        return new double[][] {mine, theirs};
    }

    /**
     * By function: each node gets its function's inclusive weight in each whole profile (samples
     * whose stack holds it at least once), scaled; the root gets the totals.
     */
    static double[][] byFunction(CallTree layout, Profile mine, Scale mineScale, Profile theirs, Scale theirScale) {
        InclusiveTable a = InclusiveTable.of(mine);
        InclusiveTable b = InclusiveTable.of(theirs);
        double[] x = new double[layout.size()];
        double[] y = new double[layout.size()];
        x[0] = mineScale.of(a.total());
        y[0] = theirScale.of(b.total());
        for (int n = 1; n < layout.size(); n++) {
            String name = layout.name(n);
            int fa = mine.frames().find(name);
            int fb = theirs.frames().find(name);
            x[n] = mineScale.of(fa < 0 ? 0 : a.inclusive(fa));
            y[n] = theirScale.of(fb < 0 ? 0 : b.inclusive(fb));
        }
        return new double[][] {x, y};
    }

    /** For each node of {@code tree}, the node of {@code other} at the same call path, or -1. */
    static int[] match(CallTree tree, CallTree other) {
        int[] match = new int[tree.size()];
        match[0] = 0;
        // A child is always created after its parent, so parents are matched first.
        for (int n = 1; n < tree.size(); n++) {
            int p = match[tree.parent(n)];
            int f = p < 0 ? -1 : other.frames().find(tree.name(n));
            match[n] = f < 0 ? -1 : other.findChild(p, f);
        }
        return match;
    }
}
