package io.myflame.diff.flame;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.flame.FrameStyle;
import java.awt.Color;
import java.util.List;
import java.util.Locale;

/**
 * Colours a differential flamegraph: each frame by how its inclusive share changed from the base
 * profile to the new one, matched by call path (frame names from the root). Red grew, blue shrank,
 * the colour's strength is the change relative to the largest change in the graph, white is no
 * change. The tooltip gets base share, new share and the change.
 *
 * <p>Normalised (the default), shares are of each profile's own total, so a longer recording does
 * not look like a regression; absolute, changes are in weight relative to the base total.
 */
public final class DiffStyle implements FrameStyle {
    private final CallTree layout;
    private final double[] base;
    private final double[] next;
    private final double maxChange;
    private final boolean normalize;

    /**
     * @param layout      the tree the graph is drawn from (its widths)
     * @param other       the other profile's tree
     * @param layoutIsNew whether {@code layout} is the new profile (else the base)
     * @param normalize   compare shares of each total (true) or weights (false)
     */
    public DiffStyle(CallTree layout, CallTree other, boolean layoutIsNew, boolean normalize) {
        this.layout = layout;
        this.normalize = normalize;
        int[] match = match(layout, other);
        double[] mine = new double[layout.size()];
        double[] theirs = new double[layout.size()];
        long baseTotal = layoutIsNew ? other.total(0) : layout.total(0);
        for (int n = 0; n < layout.size(); n++) {
            long w = layout.total(n);
            long o = match[n] < 0 ? 0 : other.total(match[n]);
            mine[n] = normalize ? share(w, layout.total(0)) : share(w, baseTotal);
            theirs[n] = normalize ? share(o, other.total(0)) : share(o, baseTotal);
        }
        this.base = layoutIsNew ? theirs : mine;
        this.next = layoutIsNew ? mine : theirs;
        double max = 0;
        for (int n = 0; n < layout.size(); n++) {
            max = Math.max(max, Math.abs(next[n] - base[n]));
        }
        this.maxChange = max;
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

    private static double share(long w, long total) {
        return total == 0 ? 0 : (double) w / total;
    }

    /** Change of the frame's share, new minus base, as a fraction. */
    public double change(int node) {
        return next[node] - base[node];
    }

    @Override
    public Color fill(CallTree tree, int node) {
        double d = change(node);
        if (d == 0 || maxChange == 0) {
            return Color.WHITE;
        }
        int fade = (int) Math.round(255 * (1 - Math.min(1, Math.abs(d) / maxChange)));
        return d > 0 ? new Color(255, fade, fade) : new Color(fade, fade, 255);
    }

    @Override
    public String note(CallTree tree, int node) {
        String what = normalize ? "" : " of base total";
        return String.format(Locale.ROOT, "base %.2f%%, new %.2f%%%s, change %+.2f%%", 100 * base[node],
                100 * next[node], what, 100 * change(node));
    }

    @Override
    public boolean outlined() {
        return true;
    }

    @Override
    public List<LegendEntry> legend() {
        return List.of(new LegendEntry(new Color(255, 0, 0), "grew (new > base)"),
                new LegendEntry(new Color(0, 0, 255), "shrank"),
                new LegendEntry(Color.WHITE, "unchanged"));
    }

    CallTree layout() {
        return layout;
    }
}
