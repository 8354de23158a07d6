package io.myflame.diff.flame;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.analysis.CallTrees;
import io.myflame.core.analysis.FunctionLookup;
import io.myflame.core.analysis.InclusiveTable;
import io.myflame.core.analysis.Scale;
import io.myflame.core.flame.FlameOptions;
import io.myflame.core.flame.SvgFlameGraph;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.core.text.Graph;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.util.Locale;

/**
 * A differential flamegraph of two profiles, drawn by the core renderer with a {@link DiffStyle}:
 * widths from one profile (the new one by default), colours from each frame's change. By path,
 * a frame is compared with the frame at the same call path; by function, with its function's
 * inclusive total in each profile, so work that moved between threads or callers (purge moving
 * from {@code srv_worker_thread} to {@code tpool} between 10.2 and 11.4) is not painted as a
 * regression. Values are shares of each total, or with a transaction count CPU cost per
 * transaction. Immutable; {@link #defaults()} and the {@code with...} methods build one.
 */
public final class DiffFlameGraph implements Cloneable {
    /** How frames are matched between the two profiles. */
    public enum Mode {
        BY_PATH, BY_FUNCTION;

        public static Mode parse(String s) {
            return switch (s.toLowerCase(Locale.ROOT).replace('_', '-')) {
                case "path", "by-path" -> BY_PATH;
                case "function", "by-function" -> BY_FUNCTION;
                default -> throw new IllegalArgumentException("--diff-mode must be by-function or by-path, not '" + s + "'");
            };
        }
    }

    private boolean widthsFromBase;
    private boolean normalize = true;
    private boolean byComm;
    private Mode mode = Mode.BY_PATH;
    private String focus;
    private boolean negate;
    private double baseCostScale;
    private double nextCostScale;
    private String costUnit;
    private double scale = Double.NaN;

    /** By path, widths from new, normalised shares, threads merged. */
    public static DiffFlameGraph defaults() {
        return new DiffFlameGraph();
    }

    /**
     * @param widthsFromBase take widths from the base profile, to see what disappeared
     * @param normalize      compare shares of each profile's total rather than raw weights
     * @param byComm         keep the thread name as the first frame on both sides
     */
    public DiffFlameGraph(boolean widthsFromBase, boolean normalize, boolean byComm) {
        this.widthsFromBase = widthsFromBase;
        this.normalize = normalize;
        this.byComm = byComm;
    }

    private DiffFlameGraph() {
    }

    private DiffFlameGraph copy() {
        try {
            return (DiffFlameGraph) clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }

    public DiffFlameGraph withWidthsFromBase(boolean b) {
        DiffFlameGraph c = copy();
        c.widthsFromBase = b;
        return c;
    }

    public DiffFlameGraph withNormalize(boolean b) {
        DiffFlameGraph c = copy();
        c.normalize = b;
        return c;
    }

    public DiffFlameGraph withByComm(boolean b) {
        DiffFlameGraph c = copy();
        c.byComm = b;
        return c;
    }

    public DiffFlameGraph withMode(Mode m) {
        DiffFlameGraph c = copy();
        c.mode = m;
        return c;
    }

    /** Only the callee trees of {@code function} (null for whole profiles); shares stay of each whole total. */
    public DiffFlameGraph withFocus(String function) {
        DiffFlameGraph c = copy();
        c.focus = function;
        return c;
    }

    /** Swaps the hues: blue grew, red shrank. */
    public DiffFlameGraph withNegate(boolean b) {
        DiffFlameGraph c = copy();
        c.negate = b;
        return c;
    }

    /**
     * Values as a cost: each profile's weight times its scale (e.g. microseconds per weight unit
     * divided by its transactions), shown with {@code unit} ({@code "µs/txn"}).
     */
    public DiffFlameGraph withCost(double baseScale, double nextScale, String unit) {
        DiffFlameGraph c = copy();
        c.baseCostScale = baseScale;
        c.nextCostScale = nextScale;
        c.costUnit = unit;
        return c;
    }

    /** The change the colour scale's ends stand for (NaN: the largest among functions present on both sides). */
    public DiffFlameGraph withScale(double change) {
        DiffFlameGraph c = copy();
        c.scale = change;
        return c;
    }

    /**
     * By function for profiles of different server versions (their thread structure and call
     * paths differ, so by path whole subtrees change colour), by path for two runs of one version.
     */
    public static Mode defaultMode(Profile base, Profile next) {
        String a = base.info().label();
        String b = next.info().label();
        return a != null && b != null && !a.equals(b) ? Mode.BY_FUNCTION : Mode.BY_PATH;
    }

    public Mode mode() {
        return mode;
    }

    /** The graph of {@code base} against {@code next}, written as SVG or PNG by its command's format. */
    public Graph graph(Profile base, Profile next, FlameOptions options) {
        return Graph.of(w -> write(base, next, options, w), out -> writePng(base, next, options, out));
    }

    /** Draws the graph of {@code base} against {@code next} as SVG. */
    public void write(Profile base, Profile next, FlameOptions options, Writer out) throws IOException {
        Drawn d = prepare(base, next, options);
        SvgFlameGraph renderer = new SvgFlameGraph(d.options);
        String svg = renderer.render(renderer.layout(d.layout));
        // The root element says which change the scale's ends stand for, so a series of graphs can be checked to share one.
        int at = svg.indexOf("<svg ") + "<svg ".length();
        out.write(svg, 0, at);
        out.write("data-scale=\"" + String.format(Locale.ROOT, "%.4f", d.style.maxChange()) + "\" ");
        out.write(svg, at, svg.length() - at);
        out.flush();
    }

    /** Draws the graph of {@code base} against {@code next} as PNG. */
    public void writePng(Profile base, Profile next, FlameOptions options, OutputStream out) throws IOException {
        Drawn d = prepare(base, next, options);
        new SvgFlameGraph(d.options).writePng(d.layout, out);
    }

    /** The style a graph of {@code base} against {@code next} gets (for callers drawing their own). */
    public DiffStyle style(Profile base, Profile next) {
        return prepare(base, next, FlameOptions.defaults()).style;
    }

    private record Drawn(CallTree layout, FlameOptions options, DiffStyle style) {
    }

    private Drawn prepare(Profile base, Profile next, FlameOptions options) {
        CallTree baseTree = tree(base);
        CallTree nextTree = tree(next);
        Profile layoutProfile = widthsFromBase ? base : next;
        Profile otherProfile = widthsFromBase ? next : base;
        CallTree layout = widthsFromBase ? baseTree : nextTree;
        CallTree other = widthsFromBase ? nextTree : baseTree;
        Scale layoutScale = scale(layoutProfile, base, !widthsFromBase);
        Scale otherScale = scale(otherProfile, base, widthsFromBase);
        double[][] v = mode == Mode.BY_FUNCTION
                ? DiffValues.byFunction(layout, layoutProfile, layoutScale, otherProfile, otherScale)
                : DiffValues.byPath(layout, other, layoutScale, otherScale);
        double[] baseValues = widthsFromBase ? v[0] : v[1];
        double[] nextValues = widthsFromBase ? v[1] : v[0];
        String unit = costUnit != null ? " " + costUnit : normalize ? "%" : "% of base total";
        boolean[] apart = oneSided(layout, otherProfile);
        String side = ProfileInfo.shortVersion(layoutProfile.info().label());
        side = side == null || side.equals(ProfileInfo.shortVersion(otherProfile.info().label()))
                ? (widthsFromBase ? "base" : "new") : side;
        double ends = Double.isNaN(scale) && costUnit != null ? TrunkFreeScale.of(layout, baseValues, nextValues, apart) : scale;
        DiffStyle style = new DiffStyle(baseValues, nextValues, unit, negate, apart, side, ends);
        return new Drawn(layout, options.withStyle(style), style);
    }

    /** Per node of {@code layout}, whether its function never runs in {@code other} (the root never is). */
    private static boolean[] oneSided(CallTree layout, Profile other) {
        InclusiveTable t = InclusiveTable.of(other);
        boolean[] apart = new boolean[layout.size()];
        for (int n = 1; n < layout.size(); n++) {
            int f = other.frames().find(layout.name(n));
            apart[n] = f < 0 || t.inclusive(f) == 0;
        }
        return apart;
    }

    private CallTree tree(Profile p) {
        if (focus == null) {
            return CallTrees.full(p, byComm);
        }
        try {
            return CallTrees.callees(p, FunctionLookup.find(p, focus));
        } catch (FunctionLookup.NotFound e) {
            // Absent on one side: everything there is new (or gone); absent on both is the caller's error.
            return CallTrees.callees(p, -1);
        }
    }

    private Scale scale(Profile p, Profile base, boolean isNew) {
        if (costUnit != null) {
            return Scale.times(isNew ? nextCostScale : baseCostScale);
        }
        return Scale.percentOf(normalize ? p.totalWeight() : base.totalWeight());
    }
}
