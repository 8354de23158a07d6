package io.myflame.diff.flame;

import io.myflame.core.Decimals;
import io.myflame.core.analysis.CallTree;
import io.myflame.core.analysis.TruncatedStacks;
import io.myflame.core.flame.FrameStyle;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Colours a differential flamegraph from a base value and a new value per frame (a share of the
 * total in percent, or a cost per transaction): red grew, blue shrank, the strength is the change
 * relative to the largest change in the graph, and unchanged frames are light grey with an outline
 * so they stay visible on white. The legend is a scale with the magnitudes it stands for; the
 * tooltip gets base, new and the change.
 *
 * <p>Frames of functions present on one side only (a rename, a new thread, a different unwinding)
 * have no change worth a colour: they are drawn apart (a sand fill, dashed outline, their own
 * legend entry, tooltip {@code only in LABEL}) and never set the scale, which is the largest change
 * among the other frames, or the one given so a series of graphs shares it.
 */
public final class DiffStyle implements FrameStyle {
    /** The fill of a frame whose value did not change. */
    public static final Color UNCHANGED = new Color(235, 235, 235);
    /** The fill of a frame whose function the other profile lacks. */
    public static final Color APART = new Color(0xf0, 0xe2, 0xb6);
    private static final int STEPS = 5;

    private final double[] base;
    private final double[] next;
    private final double maxChange;
    private final String unit;
    private final boolean negate;
    private final boolean[] apart;
    private final String apartLabel;

    /**
     * @param base   base value of each node of the drawn tree
     * @param next   new value of each node
     * @param unit   what the values are, after the number: {@code "%"} or {@code " µs/txn"}
     * @param negate swap the hues (blue grew, red shrank), as the peers' {@code --negate}
     */
    public DiffStyle(double[] base, double[] next, String unit, boolean negate) {
        this(base, next, unit, negate, new boolean[base.length], "", Double.NaN);
    }

    /**
     * @param apart      per node, whether its function is present on the drawn side only
     * @param apartLabel the drawn side's label, for {@code only in LABEL}
     * @param scale      the change the scale's ends stand for; NaN for the largest change among frames not apart
     */
    public DiffStyle(double[] base, double[] next, String unit, boolean negate, boolean[] apart, String apartLabel,
                     double scale) {
        this.base = base;
        this.next = next;
        this.unit = unit;
        this.negate = negate;
        this.apart = apart;
        this.apartLabel = apartLabel;
        double max = 0;
        for (int n = 1; n < base.length; n++) {
            if (!apart[n]) {
                max = Math.max(max, Math.abs(next[n] - base[n]));
            }
        }
        this.maxChange = Double.isNaN(scale) ? max : scale;
    }

    /**
     * By call path, in percent: {@code layout}'s nodes against the nodes of {@code other} at the
     * same path; normalised, shares of each profile's own total, else weights over the base total.
     */
    public DiffStyle(CallTree layout, CallTree other, boolean layoutIsNew, boolean normalize) {
        this(DiffValues.byPath(layout, other, layoutIsNew, normalize));
    }

    private DiffStyle(double[][] values) {
        this(values[0], values[1], "%", false);
    }

    /** Change of the frame's value, new minus base (in the unit; percentage points for shares). */
    public double change(int node) {
        return next[node] - base[node];
    }

    /** The change the scale's ends stand for: given, or the largest of any frame but the root and those apart. */
    public double maxChange() {
        return maxChange;
    }

    @Override
    public Color fill(CallTree tree, int node) {
        return apart[node] ? APART : colour(change(node));
    }

    @Override
    public boolean apart(CallTree tree, int node) {
        return apart[node];
    }

    /** Whether any frame is drawn apart. */
    public boolean hasApart() {
        for (boolean a : apart) {
            if (a) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String css() {
        return hasApart() ? "#frames g.f.apart > rect { stroke: #505050; stroke-width: 1; stroke-dasharray: 3 2; }\n" : "";
    }

    private Color colour(double d) {
        if (Math.abs(d) < 1e-12 || maxChange == 0) {
            return UNCHANGED;
        }
        double ratio = Math.min(1, Math.abs(d) / maxChange);
        int c = (int) Math.round(225 - 185 * ratio);
        boolean red = d > 0 != negate;
        return red ? new Color(255, c, c) : new Color(c, c, 255);
    }

    @Override
    public String note(CallTree tree, int node) {
        if (apart[node]) {
            double v = Math.max(base[node], next[node]);
            return "only in " + apartLabel + " (" + format(v, false) + ")";
        }
        String shares = String.format(Locale.ROOT, "base %s, new %s, change %s", format(base[node], false),
                format(next[node], false), format(change(node), true));
        // The frame truncated stacks are drawn under says what its name means, as in a single graph.
        return TruncatedStacks.MARK.equals(tree.name(node)) ? TRUNCATED_NOTE + "; " + shares : shares;
    }

    /** Two decimals rounded as the diff's tables round them (C's printf, ties to even), a sign when asked. */
    private String format(double v, boolean signed) {
        return (signed && v >= 0 ? "+" : "") + Decimals.twoPlaces(v) + unit;
    }

    @Override
    public boolean outlined() {
        return true;
    }

    /** Colours and notes come from the values given, which never change. */
    @Override
    public boolean pure() {
        return true;
    }

    /** A scale from the largest fall to the largest rise, each swatch labelled with its change. */
    @Override
    public List<LegendEntry> legend() {
        List<LegendEntry> out = new ArrayList<>();
        if (maxChange == 0) {
            out.add(new LegendEntry(UNCHANGED, "unchanged (no frame changed)"));
        } else {
            int half = STEPS / 2;
            for (int i = -half; i <= half; i++) {
                double d = maxChange * i / half;
                String label = i == 0 ? "unchanged" : format(d, true) + (i == -half ? " shrank" : i == half ? " grew (scale)" : "");
                out.add(new LegendEntry(colour(d), label));
            }
        }
        if (hasApart()) {
            out.add(new LegendEntry(APART, "only in " + apartLabel + " (dashed)"));
        }
        return out;
    }
}
