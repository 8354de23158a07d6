package io.myflame.cli;

import io.myflame.load.AnalysisInput;
import io.myflame.load.InputLoader;
import io.myflame.load.Warnings;
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
import io.myflame.core.text.Graph;
import io.myflame.core.text.OutputFormat;
import io.myflame.core.output.AtomicFile;
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
        GraphRequest request = request();
        Warnings warnings = new Warnings();
        if (flameChart) {
            analysis.ingest.keepInputOrder();
        }
        InputLoader loading = analysis.loading();
        if (diff) {
            new DiffDrawing(request, loading, warnings).draw();
        } else if (inputs.size() == 1) {
            // One input may hold two profiles: a differential folded file (difffolded.pl, inferno-diff-folded).
            AnalysisInput loaded = loading.loadAny(inputs.get(0));
            warnings.addAll(loaded.warnings());
            if (loaded.differential()) {
                new DiffDrawing(request, loading, warnings).draw(loaded.profiles().get(0), loaded.profiles().get(1));
            } else {
                checkNotDifferential();
                single(request, List.of(loaded.profile()));
            }
        } else {
            checkNotDifferential();
            List<Profile> profiles = new ArrayList<>();
            for (String in : inputs) {
                AnalysisInput loaded = loading.load(in);
                warnings.addAll(loaded.warnings());
                profiles.add(loaded.profile());
            }
            single(request, profiles);
        }
        look.savePalette();
        warnings.print(spec.commandLine().getErr(), "myflame flamegraph");
        return 0;
    }

    /** The request every drawing reads, made once from the flags (and the --cp palette file, read now). */
    private GraphRequest request() throws java.io.IOException {
        GraphRequest.Tree tree = focus != null ? GraphRequest.Tree.FOCUS : reverse ? GraphRequest.Tree.REVERSED
                : flameChart ? GraphRequest.Tree.CHART : GraphRequest.Tree.FULL;
        var differential = new GraphRequest.Differential(diffMode, per, txns, scale, negate, widths, !noNormalize, byComm,
                spec.commandLine().getParseResult().hasMatchedOption("--colors"));
        return new GraphRequest(inputs, output, format(), focus, tree, look.withPaletteMap(look.options(), analysis.ingest.startUp), look.countName,
                analysis.weight.equals("samples"), look.title, look.subtitle, look.bgcolors != null, differential);
    }

    /** The graph of the profiles summed: SVG or PNG of its layout, or the HTML page of its tree. */
    private static void single(GraphRequest request, List<Profile> profiles) throws Exception {
        Profile profile = ProfileSum.of(profiles, new ProfileInfo(String.join(" + ", labels(profiles)),
                profiles.get(0).info().event(), String.join(",", request.inputs()))
                .withTruncatedShare(truncatedShare(profiles)));
        FlameOptions options = request.options(profile, defaultTitle(request, profile), describe(profile));
        Graph graph;
        if (request.format() == OutputFormat.HTML) {
            // The converter's minwidth is a percentage of the total.
            double pct = options.minWidthPercent() >= 0 ? options.minWidthPercent()
                    : 100.0 * options.minWidth() / options.width();
            graph = new HtmlFlameGraph(options.title(), pct, options.inverted()).page(tree(request, profile));
        } else {
            SvgFlameGraph svg = new SvgFlameGraph(options);
            graph = svg.graph(layout(request, svg, profile));
        }
        AtomicOutput.write(request.output(), request.format(), graph);
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
        if (diff && spec.commandLine().getParseResult().hasMatchedOption("--colors")) {
            // A differential graph's hues are its changes: a palette would hide them.
            throw new UsageError("--colors does not apply to --diff (colours show the change; --negate swaps the hues)");
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
    private static FlameLayout layout(GraphRequest request, SvgFlameGraph graph, Profile profile) {
        if (request.tree() == GraphRequest.Tree.FULL) {
            return graph.layout(profile, true);
        }
        return graph.layout(tree(request, profile));
    }

    private static CallTree tree(GraphRequest request, Profile profile) {
        return switch (request.tree()) {
            case FOCUS -> CallTrees.callees(profile, FunctionLookup.find(profile, Escape.raw(request.focus())));
            case CHART -> CallTrees.chart(profile, true);
            case REVERSED -> CallTrees.reversed(profile, true);
            case FULL -> CallTrees.full(profile, true);
        };
    }

    /**
     * SVG, PNG or HTML, by the output's extension (SVG for stdout and names without one); a name
     * that says it holds a table or other data ({@code x.md}, {@code x.json}, {@code x.folded}) is
     * a usage error rather than an SVG under that name ({@link CommandOutputs#FLAMEGRAPH}).
     */
    OutputFormat format() {
        return CommandOutputs.FLAMEGRAPH.choose(null, output);
    }

    private static String defaultTitle(GraphRequest request, Profile p) {
        String kind = switch (request.tree()) {
            case FOCUS -> "Callees of " + request.focus();
            case REVERSED -> "Reversed flame graph";
            case CHART -> "Flame chart";
            case FULL -> request.look().inverted() ? "Icicle graph" : "Flame graph";
        };
        return kind + ": " + p.info().label();
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
