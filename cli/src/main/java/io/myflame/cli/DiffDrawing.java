package io.myflame.cli;

import io.myflame.core.UsageError;
import io.myflame.core.analysis.FunctionLookup;
import io.myflame.core.analysis.Truncation;
import io.myflame.core.flame.Background;
import io.myflame.core.flame.FlameOptions;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.core.text.Escape;
import io.myflame.core.text.OutputFormat;
import io.myflame.diff.Per;
import io.myflame.diff.Run;
import io.myflame.diff.flame.DiffFlameGraph;
import io.myflame.load.AnalysisInput;
import io.myflame.load.CaptureSummary;
import io.myflame.load.InputLoader;
import io.myflame.load.Warnings;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.OptionalLong;

/** {@code myflame flamegraph --diff BASE NEW}: the two profiles, the mode and the unit, drawn as SVG or PNG. */
final class DiffDrawing {
    private final FlamegraphCommand c;
    private final Warnings warnings;
    /** What the two inputs' capture.json say (null entries: not captures); none for a differential file. */
    private List<CaptureSummary> captures = List.of();

    DiffDrawing(FlamegraphCommand command, Warnings warnings) {
        this.c = command;
        this.warnings = warnings;
    }

    void draw() throws Exception {
        checkFlags();
        InputLoader loading = c.analysis.loading();
        AnalysisInput base = loading.load(c.inputs.get(0));
        warnings.addAll(base.warnings());
        AnalysisInput next = loading.load(c.inputs.get(1));
        warnings.addAll(next.warnings());
        captures = java.util.Arrays.asList(base.capture(), next.capture());
        draw(base.profile(), next.profile());
    }

    /** The flags a differential graph refuses, checked before anything is read. */
    private void checkFlags() {
        if (c.spec.commandLine().getParseResult().hasMatchedOption("--colors")) {
            // A differential graph's hues are its changes: a palette would hide them.
            throw new UsageError("--colors does not apply to --diff (colours show the change; --negate swaps the hues)");
        }
        if (c.scale != null && !(c.scale > 0 && Double.isFinite(c.scale))) {
            throw new UsageError("--scale must be a positive number of points (or --per unit), not " + c.scale);
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
        FlameOptions o = c.look.withPaletteMap(c.look.options(c.unit(next)));
        if (c.look.bgcolors == null) {
            // The scale's light "unchanged" is meant to be seen on white.
            o = o.withBackground(Background.WHITE);
        }
        String focus = c.focus == null ? "" : " (callees of " + c.focus + ")";
        o = o.withTitle(c.look.title != null ? c.look.title
                : "Differential flame graph: " + base.info().label() + " \u2192 " + next.info().label() + focus)
                .withSubtitle(c.look.subtitle != null ? c.look.subtitle : subtitle(graph));
        FlameOptions options = o;
        AtomicOutput.write(c.output, out -> {
            if (c.format() == OutputFormat.PNG) {
                FlamegraphCommand.png(() -> graph.writePng(base, next, options, out));
            } else {
                Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
                graph.write(base, next, options, w);
                w.flush();
            }
        });
    }

    private DiffFlameGraph graph(Profile base, Profile next) {
        DiffFlameGraph.Mode mode;
        try {
            mode = c.diffMode == null ? DiffFlameGraph.defaultMode(base, next) : DiffFlameGraph.Mode.parse(c.diffMode);
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        DiffFlameGraph g = DiffFlameGraph.defaults().withMode(mode).withWidthsFromBase(c.widths.equals("base"))
                .withNormalize(!c.noNormalize).withByComm(c.byComm).withNegate(c.negate)
                .withScale(c.scale == null ? Double.NaN : c.scale);
        if (c.focus != null) {
            String raw = Escape.raw(c.focus);
            if (missing(base, raw) && missing(next, raw)) {
                throw new FunctionLookup.NotFound("no function matching '" + c.focus + "' in " + String.join(" or ", c.inputs));
            }
            g = g.withFocus(raw);
        }
        return c.per == null ? g : perTransaction(g, base, next);
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
            unit = Per.parse(c.per);
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        if (unit != Per.TXN) {
            throw new UsageError("flamegraph --diff takes --per txn");
        }
        if (!c.txns.isEmpty() && c.txns.size() != 2) {
            throw new UsageError("--txns takes BASE,NEW: two transaction counts");
        }
        Run b = new Run(base, txns(0), null);
        Run n = new Run(next, txns(1), null);
        // A missing transaction count or an event without a time unit is a DiffException (exit 1).
        return g.withCost(unit.factor(b), unit.factor(n), unit.unitName(Per.EventUnit.of(n)));
    }

    private Long txns(int i) {
        if (!c.txns.isEmpty()) {
            return c.txns.get(i);
        }
        CaptureSummary capture = i < captures.size() ? captures.get(i) : null;
        OptionalLong t = capture == null ? OptionalLong.empty() : capture.transactions();
        return t.isPresent() ? t.getAsLong() : null;
    }

    private String subtitle(DiffFlameGraph g) {
        String what = g.mode() == DiffFlameGraph.Mode.BY_FUNCTION ? "its function's inclusive " : "its call path's ";
        String value = c.per != null ? "CPU cost per transaction" : c.noNormalize ? "weight" : "share";
        String hues = c.negate ? "blue grew, red shrank" : "red grew, blue shrank";
        return hues + ": each frame by the change of " + what + value + "; widths from " + c.widths;
    }
}
