package io.myflame.cli;

import io.myflame.core.UsageError;
import io.myflame.core.analysis.FunctionLookup;
import io.myflame.core.analysis.Truncation;
import io.myflame.core.flame.FlameOptions;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.core.text.Escape;
import io.myflame.diff.Per;
import io.myflame.diff.Run;
import io.myflame.diff.flame.DiffFlameGraph;
import io.myflame.load.AnalysisInput;
import io.myflame.load.CaptureSummary;
import io.myflame.load.InputLoader;
import io.myflame.load.Warnings;
import java.util.List;
import java.util.OptionalLong;

/**
 * {@code myflame flamegraph --diff BASE NEW}: the two profiles, the mode and the unit, drawn as SVG or
 * PNG as its {@link GraphRequest} says.
 */
final class DiffDrawing {
    private final GraphRequest request;
    private final GraphRequest.Differential d;
    private final InputLoader loading;
    private final Warnings warnings;
    /** What the two inputs' capture.json say (null entries: not captures); none for a differential file. */
    private List<CaptureSummary> captures = List.of();

    DiffDrawing(GraphRequest request, InputLoader loading, Warnings warnings) {
        this.request = request;
        this.d = request.diff();
        this.loading = loading;
        this.warnings = warnings;
    }

    void draw() throws Exception {
        checkFlags();
        AnalysisInput base = loading.load(request.inputs().get(0));
        warnings.addAll(base.warnings());
        AnalysisInput next = loading.load(request.inputs().get(1));
        warnings.addAll(next.warnings());
        captures = java.util.Arrays.asList(base.capture(), next.capture());
        draw(base.profile(), next.profile());
    }

    /** The flags a differential graph refuses, checked before anything is read. */
    private void checkFlags() {
        if (d.colorsGiven()) {
            // A differential graph's hues are its changes: a palette would hide them.
            throw new UsageError("--colors does not apply to --diff (colours show the change; --negate swaps the hues)");
        }
        if (d.scale() != null && !(d.scale() > 0 && Double.isFinite(d.scale()))) {
            throw new UsageError("--scale must be a positive number of points (or --per unit), not " + d.scale());
        }
    }

    /** Draws two profiles already loaded (two inputs, or the two sides of a differential folded file). */
    void draw(Profile base, Profile next) throws Exception {
        checkFlags();
        String apart = Truncation.comparison(
                List.of(ProfileInfo.shortVersion(base.info().label()), ProfileInfo.shortVersion(next.info().label())),
                List.of(base.info().truncatedShare(), next.info().truncatedShare()));
        if (apart != null) {
            warnings.add(apart);
        }
        DiffFlameGraph graph = graph(base, next);
        String focus = request.focus() == null ? "" : " (callees of " + request.focus() + ")";
        FlameOptions options = request.differentialOptions(next,
                "Differential flame graph: " + base.info().label() + " \u2192 " + next.info().label() + focus,
                subtitle(graph));
        AtomicOutput.write(request.output(), request.format(), graph.graph(base, next, options));
    }

    private DiffFlameGraph graph(Profile base, Profile next) {
        DiffFlameGraph.Mode mode;
        try {
            mode = d.mode() == null ? DiffFlameGraph.defaultMode(base, next) : DiffFlameGraph.Mode.parse(d.mode());
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        DiffFlameGraph g = DiffFlameGraph.defaults().withMode(mode).withWidthsFromBase(d.widthsFromBase())
                .withNormalize(d.normalize()).withByComm(d.byComm()).withNegate(d.negate())
                .withScale(d.scale() == null ? Double.NaN : d.scale());
        if (request.focus() != null) {
            String raw = Escape.raw(request.focus());
            if (missing(base, raw) && missing(next, raw)) {
                throw new FunctionLookup.NotFound("no function matching '" + request.focus() + "' in "
                        + String.join(" or ", request.inputs()));
            }
            g = g.withFocus(raw);
        }
        return d.per() == null ? g : perTransaction(g, base, next);
    }

    private static boolean missing(Profile p, String function) {
        try {
            FunctionLookup.find(p, function);
            return false;
        } catch (FunctionLookup.NotFound e) {
            return true;
        }
    }

    private DiffFlameGraph perTransaction(DiffFlameGraph g, Profile base, Profile next) {
        Per unit;
        try {
            unit = Per.parse(d.per());
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        if (unit != Per.TXN) {
            throw new UsageError("flamegraph --diff takes --per txn");
        }
        if (!d.txns().isEmpty() && d.txns().size() != 2) {
            throw new UsageError("--txns takes BASE,NEW: two transaction counts");
        }
        Run b = new Run(base, txns(0), null);
        Run n = new Run(next, txns(1), null);
        // A missing transaction count or an event without a time unit is a DiffException (exit 1).
        return g.withCost(unit.factor(b), unit.factor(n), unit.unitName(Per.EventUnit.of(n)));
    }

    private Long txns(int i) {
        if (!d.txns().isEmpty()) {
            return d.txns().get(i);
        }
        CaptureSummary capture = i < captures.size() ? captures.get(i) : null;
        OptionalLong t = capture == null ? OptionalLong.empty() : capture.transactions();
        return t.isPresent() ? t.getAsLong() : null;
    }

    private String subtitle(DiffFlameGraph g) {
        String what = g.mode() == DiffFlameGraph.Mode.BY_FUNCTION ? "its function's inclusive " : "its call path's ";
        String value = d.per() != null ? "CPU cost per transaction" : !d.normalize() ? "weight" : "share";
        String hues = d.negate() ? "blue grew, red shrank" : "red grew, blue shrank";
        return hues + ": each frame by the change of " + what + value + "; widths from " + d.widths();
    }
}
