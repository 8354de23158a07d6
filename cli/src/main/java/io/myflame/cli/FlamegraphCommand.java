package io.myflame.cli;

import io.myflame.core.UsageError;
import io.myflame.core.analysis.CallTree;
import io.myflame.core.analysis.CallTrees;
import io.myflame.core.analysis.FunctionLookup;
import io.myflame.core.flame.FlameOptions;
import io.myflame.core.flame.Palette;
import io.myflame.core.flame.SvgFlameGraph;
import io.myflame.core.model.Profile;
import io.myflame.diff.flame.DiffFlameGraph;
import io.myflame.core.flame.HtmlFlameGraph;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code myflame flamegraph}: interactive SVG, async-profiler's HTML page, or a differential SVG. */
@Command(name = "flamegraph", mixinStandardHelpOptions = true,
        description = "Flamegraph of one profile (SVG, or HTML when -o ends in .html), "
                + "or with --diff BASE NEW a differential SVG coloured by change of inclusive share.")
public final class FlamegraphCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "INPUT", arity = "1..2",
            description = "Capture directory, perf.data, perf script text, folded stacks or JFR; two with --diff.")
    List<String> inputs;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", converter = OptionValues.OutputFile.class, description = "out.svg or out.html (default: SVG on stdout).")
    Path output;

    @Option(names = "--title", paramLabel = "TEXT", description = "Heading.")
    String title;

    @Option(names = "--subtitle", paramLabel = "TEXT", description = "Second heading line.")
    String subtitle;

    @Option(names = "--width", paramLabel = "PX", defaultValue = "1200", description = "Image width. Default: ${DEFAULT-VALUE}.")
    int width;

    @Option(names = "--minwidth", paramLabel = "PX", defaultValue = "0.1",
            description = "Leave out frames narrower than PX pixels (the SVG says how many). Default: ${DEFAULT-VALUE}.")
    double minWidth;

    @Option(names = "--colors", paramLabel = "hot|mem|io|mysql", defaultValue = "hot", description = "Palette. Default: ${DEFAULT-VALUE}.")
    String colors;

    @Option(names = "--hash", description = "Colour by function name: one function, one colour in every graph.")
    boolean hash;

    @Option(names = {"--icicle", "--inverted"}, description = "Root at the top, callees below.")
    boolean inverted;

    @Option(names = "--reverse", description = "Merge stacks from the leaf: who calls the hot functions.")
    boolean reverse;

    @Option(names = "--focus", paramLabel = "FUNCTION", description = "Only the callee tree of FUNCTION (all occurrences merged).")
    String focus;

    @Option(names = "--diff", description = "Differential graph of two inputs: BASE NEW.")
    boolean diff;

    @Option(names = "--widths", paramLabel = "new|base", defaultValue = "new",
            description = "With --diff: frame widths from NEW or from BASE (to see what disappeared). Default: ${DEFAULT-VALUE}.")
    String widths;

    @Option(names = "--no-normalize", description = "With --diff: compare raw weights instead of shares of each total.")
    boolean noNormalize;

    @Option(names = "--by-comm", description = "With --diff: keep thread names as the first frame (ignored by default).")
    boolean byComm;

    @Mixin
    AnalysisOptions analysis = new AnalysisOptions();

    @Override
    public Integer call() throws Exception {
        checkUsage();
        AtomicOutput.refuseInputAsOutput(output, inputs);
        FlameOptions options = options();
        Warnings warnings = new Warnings();
        if (diff) {
            Profile base = analysis.load(inputs.get(0), analysis.loader(), warnings);
            Profile next = analysis.load(inputs.get(1), analysis.loader(), warnings);
            FlameOptions o = options.withTitle(title != null ? title
                    : "Differential flame graph: " + base.info().label() + " \u2192 " + next.info().label())
                    .withSubtitle(subtitle != null ? subtitle : "red grew, blue shrank (inclusive share per call path)"
                            + (widths.equals("base") ? "; widths from base" : "; widths from new"))
                    .withUnit(unit(next));
            DiffFlameGraph graph = new DiffFlameGraph(widths.equals("base"), !noNormalize, byComm);
            AtomicOutput.write(output, out -> {
                Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
                graph.write(base, next, o, w);
                w.flush();
            });
        } else {
            Profile profile = analysis.load(inputs.get(0), analysis.loader(), warnings);
            CallTree tree = tree(profile);
            FlameOptions o = options.withTitle(title != null ? title : defaultTitle(profile))
                    .withSubtitle(subtitle != null ? subtitle : describe(profile)).withUnit(unit(profile));
            AtomicOutput.write(output, out -> {
                if (isHtml()) {
                    // The converter's minwidth is a percentage of the total.
                    new HtmlFlameGraph(o.title(), 100.0 * minWidth / width, inverted).write(tree, out);
                } else {
                    Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
                    new SvgFlameGraph(o).write(tree, w);
                    w.flush();
                }
            });
        }
        warnings.print(spec.commandLine().getErr(), "myflame flamegraph");
        return 0;
    }

    private void checkUsage() {
        if (diff != (inputs.size() == 2)) {
            throw new UsageError(diff ? "--diff needs two inputs: BASE NEW" : "one input, or --diff BASE NEW");
        }
        if (diff && (isHtml() || focus != null || reverse)) {
            throw new UsageError("--diff draws an SVG of whole trees; --focus, --reverse and .html do not apply");
        }
        if (!widths.equals("new") && !widths.equals("base")) {
            throw new UsageError("--widths must be 'new' or 'base', not '" + widths + "'");
        }
        if (focus != null && reverse) {
            throw new UsageError("choose one of --focus and --reverse");
        }
    }

    private FlameOptions options() {
        return FlameOptions.defaults().withWidth(width).withMinWidth(minWidth).withInverted(inverted)
                .withStyle(Palette.parse(colors).style(hash));
    }

    private CallTree tree(Profile profile) {
        if (focus != null) {
            return CallTrees.callees(profile, FunctionLookup.find(profile, focus));
        }
        return reverse ? CallTrees.reversed(profile) : CallTrees.full(profile, true);
    }

    private boolean isHtml() {
        String name = output == null ? "" : output.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".html") || name.endsWith(".htm");
    }

    private String defaultTitle(Profile p) {
        String kind = focus != null ? "Callees of " + focus : reverse ? "Reversed flame graph" : inverted ? "Icicle graph" : "Flame graph";
        return kind + ": " + p.info().label();
    }

    private String unit(Profile p) {
        if (analysis.weight.equals("samples")) {
            return "samples";
        }
        return p.info().event() == null ? "weight" : p.info().event() + " weight";
    }

    private static String describe(Profile p) {
        String event = p.info().event() == null ? "" : p.info().event() + ", ";
        return String.format(Locale.ROOT, "%s%,d samples, total weight %,d", event, p.totalSamples(), p.totalWeight());
    }
}
