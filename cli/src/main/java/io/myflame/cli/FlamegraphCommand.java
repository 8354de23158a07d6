package io.myflame.cli;

import io.myflame.load.AnalysisInput;
import io.myflame.load.InputLoader;
import io.myflame.load.Warnings;
import io.myflame.core.DataError;
import io.myflame.core.UsageError;
import io.myflame.core.analysis.CallTree;
import io.myflame.core.analysis.CallTrees;
import io.myflame.core.analysis.FunctionLookup;
import io.myflame.core.analysis.ProfileSum;
import io.myflame.core.analysis.TruncatedStacks;
import io.myflame.core.analysis.Truncation;
import io.myflame.core.flame.FlameOptions;
import io.myflame.core.flame.FlameLayout;
import io.myflame.core.flame.HtmlFlameGraph;
import io.myflame.core.flame.SvgFlameGraph;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.core.text.Escape;
import io.myflame.core.text.OutputFormat;
import io.myflame.core.output.AtomicFile;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code myflame flamegraph}: interactive SVG, PNG, async-profiler's HTML page, or a differential graph. */
@Command(name = "flamegraph", mixinStandardHelpOptions = true,
        description = "Flamegraph of one profile or several summed (SVG; PNG or HTML by the -o extension), "
                + "or with --diff BASE NEW a differential graph coloured by change.")
public final class FlamegraphCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "INPUT", arity = "0..*",
            description = "Capture directory, perf.data, perf script text, folded stacks or JFR (several are summed; "
                    + "- or none: stdin); two with --diff.")
    List<String> inputs = new ArrayList<>();

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", converter = OptionValues.OutputFile.class,
            description = "out.svg, out.png or out.html (default: SVG on stdout).")
    Path output;

    @Option(names = "--reverse", description = "Merge stacks from the leaf (who calls the hot functions); the thread stays deepest.")
    boolean reverse;

    @Option(names = "--flamechart", description = "Stacks in input order (time order), merged only with the one before: a flame chart.")
    boolean flameChart;

    @Option(names = "--focus", paramLabel = "FUNCTION", description = "Only the callee tree of FUNCTION (all occurrences merged).")
    String focus;

    @Option(names = "--diff", description = "Differential graph of two inputs: BASE NEW.")
    boolean diff;

    @Option(names = "--diff-mode", paramLabel = "by-function|by-path",
            description = "With --diff: colour a frame by its function's change of inclusive total, or by its call path's. "
                    + "Default: by-function for different server versions, else by-path.")
    String diffMode;

    @Option(names = "--per", paramLabel = "txn", description = "With --diff: compare CPU cost per transaction, not shares.")
    String per;

    @Option(names = "--txns", paramLabel = "N", split = ",",
            description = "With --per txn: transactions of BASE,NEW (default: from capture directories).")
    List<Long> txns = new ArrayList<>();

    @Option(names = "--scale", paramLabel = "PTS", converter = OptionValues.ChangeScale.class,
            description = "With --diff: the change the colour scale's ends stand for (default: the largest change among "
                    + "functions present in both), to give a series of graphs one scale.")
    Double scale;

    @Option(names = "--negate", description = "With --diff: swap the hues (blue grew, red shrank).")
    boolean negate;

    @Option(names = "--widths", paramLabel = "new|base", defaultValue = "new",
            description = "With --diff: frame widths from NEW or from BASE (to see what disappeared). Default: ${DEFAULT-VALUE}.")
    String widths;

    @Option(names = "--no-normalize", description = "With --diff: compare raw weights instead of shares of each total.")
    boolean noNormalize;

    @Option(names = "--by-comm", description = "With --diff: keep thread names as the first frame (ignored by default).")
    boolean byComm;

    @Mixin
    FlameFlags look = new FlameFlags();

    @Mixin
    AnalysisOptions analysis = new AnalysisOptions();

    @Override
    public Integer call() throws Exception {
        if (inputs.isEmpty()) {
            inputs.add("-");
        }
        checkUsage();
        AtomicOutput.refuseImageOnTerminal(output, "SVG", "graph.svg");
        analysis.markTruncated = true;
        Warnings warnings = new Warnings();
        if (diff) {
            new DiffDrawing(this, warnings).draw();
        } else if (inputs.size() == 1) {
            // One input may hold two profiles: a differential folded file (difffolded.pl, inferno-diff-folded).
            AnalysisInput loaded = analysis.loading().loadAny(inputs.get(0));
            warnings.addAll(loaded.warnings());
            if (loaded.differential()) {
                new DiffDrawing(this, warnings).draw(loaded.profiles().get(0), loaded.profiles().get(1));
            } else {
                checkNotDifferential();
                single(List.of(loaded.profile()), warnings);
            }
        } else {
            checkNotDifferential();
            List<Profile> profiles = new ArrayList<>();
            InputLoader loading = analysis.loading();
            for (String in : inputs) {
                AnalysisInput loaded = loading.load(in);
                warnings.addAll(loaded.warnings());
                profiles.add(loaded.profile());
            }
            single(profiles, warnings);
        }
        look.savePalette();
        warnings.print(spec.commandLine().getErr(), "myflame flamegraph");
        return 0;
    }

    private void single(List<Profile> profiles, Warnings warnings) throws Exception {
        Profile profile = ProfileSum.of(profiles, new ProfileInfo(String.join(" + ", labels(profiles)),
                profiles.get(0).info().event(), String.join(",", inputs)).withTruncatedShare(truncatedShare(profiles)));
        FlameOptions o = look.withPaletteMap(look.options(unit(profile)));
        o = o.withTitle(look.title != null ? look.title : defaultTitle(profile))
                .withSubtitle(look.subtitle != null ? look.subtitle : describe(profile));
        FlameOptions options = o;
        boolean html = format() == OutputFormat.HTML;
        SvgFlameGraph graph = new SvgFlameGraph(options);
        CallTree tree = html ? tree(profile) : null;
        FlameLayout layout = html ? null : layout(graph, profile);
        AtomicOutput.write(output, out -> {
            if (html) {
                // The converter's minwidth is a percentage of the total.
                double pct = options.minWidthPercent() >= 0 ? options.minWidthPercent()
                        : 100.0 * options.minWidth() / options.width();
                new HtmlFlameGraph(options.title(), pct, options.inverted()).write(tree, out);
            } else if (format() == OutputFormat.PNG) {
                png(() -> graph.writePng(layout, out));
            } else {
                Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
                graph.write(layout, w);
                w.flush();
            }
        });
    }

    /** A drawing too large for an image is bad input for PNG (exit 1), not an internal error. */
    static void png(Drawing draw) throws Exception {
        try {
            draw.draw();
        } catch (IllegalArgumentException e) {
            throw new DataError(e.getMessage());
        }
    }

    /** Something that draws into the output already open. */
    interface Drawing {
        void draw() throws Exception;
    }

    /** The share of the profiles' summed weight in truncated stacks; NaN when one was not measured. */
    private static double truncatedShare(List<Profile> profiles) {
        double cut = 0;
        long total = 0;
        for (Profile p : profiles) {
            cut += p.info().truncatedShare() * p.totalWeight();
            total += p.totalWeight();
        }
        return total == 0 ? Double.NaN : cut / total;
    }

    private static List<String> labels(List<Profile> profiles) {
        return profiles.stream().map(p -> p.info().label() == null ? "?" : p.info().label()).distinct().toList();
    }

    private void checkUsage() {
        if (diff && inputs.size() != 2) {
            throw new UsageError("--diff needs two inputs: BASE NEW");
        }
        if (diff && (format() == OutputFormat.HTML || reverse || flameChart)) {
            throw new UsageError("--diff draws an SVG or PNG of whole trees; --reverse, --flamechart and .html do not apply");
        }
        if (!diff && inputs.size() > 1 && differentialFlag() != null) {
            throw notDifferential();
        }
        if (!widths.equals("new") && !widths.equals("base")) {
            throw new UsageError("--widths must be 'new' or 'base', not '" + widths + "'");
        }
        if ((focus != null ? 1 : 0) + (reverse ? 1 : 0) + (flameChart ? 1 : 0) > 1) {
            throw new UsageError("choose one of --focus, --reverse and --flamechart");
        }
        if (format() == OutputFormat.HTML && look.consistentPalette) {
            throw new UsageError("--cp colours SVG and PNG graphs; the HTML page has its own colours");
        }
        if (look.consistentPalette && output != null && !output.toString().equals("-")
                && AtomicFile.sameTarget(look.paletteFile, output)) {
            throw new UsageError("-o " + output + " is the --palette-file; the palette would replace the graph");
        }
    }

    /** The first flag given that only a differential graph uses, or null: without one it would do nothing. */
    private String differentialFlag() {
        for (String name : List.of("--per", "--txns", "--diff-mode", "--negate", "--scale", "--widths", "--no-normalize",
                "--by-comm")) {
            if (spec.commandLine().getParseResult().hasMatchedOption(name)) {
                return name;
            }
        }
        return null;
    }

    private UsageError notDifferential() {
        return new UsageError(differentialFlag() + " needs --diff BASE NEW (or one differential folded file)");
    }

    /** The differential flags, given with one input that turned out to hold one profile. */
    private void checkNotDifferential() {
        if (differentialFlag() != null) {
            throw notDifferential();
        }
    }

    /** The whole tree is laid out from sorted stacks, never built: most of a wide profile's nodes are too narrow to draw. */
    private FlameLayout layout(SvgFlameGraph graph, Profile profile) {
        if (focus == null && !flameChart && !reverse) {
            return graph.layout(profile, true);
        }
        return graph.layout(tree(profile));
    }

    private CallTree tree(Profile profile) {
        if (focus != null) {
            return CallTrees.callees(profile, FunctionLookup.find(profile, Escape.raw(focus)));
        }
        if (flameChart) {
            return CallTrees.chart(profile, true);
        }
        return reverse ? CallTrees.reversed(profile, true) : CallTrees.full(profile, true);
    }

    /**
     * SVG, PNG or HTML, by the output's extension (SVG for stdout and names without one); a name
     * that says it holds a table or other data ({@code x.md}, {@code x.json}, {@code x.folded}) is
     * a usage error rather than an SVG under that name ({@link CommandOutputs#FLAMEGRAPH}).
     */
    OutputFormat format() {
        return CommandOutputs.FLAMEGRAPH.choose(null, output);
    }

    private String defaultTitle(Profile p) {
        String kind = focus != null ? "Callees of " + focus : reverse ? "Reversed flame graph"
                : flameChart ? "Flame chart" : look.inverted ? "Icicle graph" : "Flame graph";
        return kind + ": " + p.info().label();
    }

    String unit(Profile p) {
        if (analysis.weight.equals("samples")) {
            return "samples";
        }
        return p.info().event() == null ? "weight" : p.info().event() + " weight";
    }

    private static String describe(Profile p) {
        String event = p.info().event() == null ? "" : p.info().event() + ", ";
        double cut = p.info().truncatedShare();
        // Said plainly: "truncated" alone is perf's jargon, and the frame's name needs explaining.
        String truncated = cut > 0 ? "; stacks perf could not unwind to their thread's start (" + Truncation.pct(cut)
                + " of samples) are drawn under a frame named " + TruncatedStacks.MARK : "";
        String samples = p.info().unknownSamples() ? "" : String.format(Locale.ROOT, "%,d samples, ", p.totalSamples());
        return String.format(Locale.ROOT, "%s%stotal weight %,d%s", event, samples, p.totalWeight(), truncated);
    }
}
