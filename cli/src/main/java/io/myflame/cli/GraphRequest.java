package io.myflame.cli;

import io.myflame.core.flame.Background;
import io.myflame.core.flame.FlameOptions;
import io.myflame.core.model.Profile;
import io.myflame.core.text.OutputFormat;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code myflame flamegraph} was asked to draw, made once from its flags before any input is
 * read: every drawing (a profile's graph, its HTML page, a differential graph) reads this, never the
 * command's fields. The look is flamegraph.pl's options as {@link FlameOptions} (colours, width,
 * fonts, the side a label is cut on, the --cp palette map), still without what a profile decides:
 * its unit, title and subtitle ({@link #options}).
 *
 * @param inputs     the inputs, as given (two with --diff)
 * @param output     where the graph goes (null: stdout)
 * @param format     SVG, PNG or HTML, chosen by {@link CommandOutputs#FLAMEGRAPH}
 * @param focus      --focus FUNCTION, or null
 * @param tree       which tree of the stacks is drawn
 * @param look       the drawing options of every graph
 * @param countName  --countname, or null for the profile's unit
 * @param samples    whether weights are sample counts (--weight samples)
 * @param title      --title, or null for the graph's own
 * @param subtitle   --subtitle, or null for the graph's own
 * @param background whether --bgcolors was given (a differential graph is otherwise on white)
 * @param diff       the differential graph's options (read when the input turns out to hold two profiles)
 */
record GraphRequest(List<String> inputs, Path output, OutputFormat format, String focus, Tree tree, FlameOptions look,
                    String countName, boolean samples, String title, String subtitle, boolean background,
                    Differential diff) {

    /** The tree of the stacks a single graph draws. */
    enum Tree {
        /** Every stack from its root, merged by path. */
        FULL,
        /** The callees of --focus. */
        FOCUS,
        /** Merged from the leaf (--reverse). */
        REVERSED,
        /** In input order, merged only with the one before (--flamechart). */
        CHART
    }

    /**
     * How a differential graph is drawn ({@code --diff}, or one differential folded file).
     *
     * @param mode        --diff-mode, or null for the default of the two profiles
     * @param per         --per, or null for shares
     * @param txns        --txns BASE,NEW (empty: from the captures)
     * @param scale       --scale, or null for the largest change
     * @param negate      --negate: blue grew, red shrank
     * @param widths      --widths: {@code new} or {@code base}
     * @param normalize   shares of each total (not --no-normalize)
     * @param byComm      --by-comm: thread names kept as the first frame
     * @param colorsGiven whether --colors was given (a differential graph's hues are its changes)
     */
    record Differential(String mode, String per, List<Long> txns, Double scale, boolean negate, String widths,
                        boolean normalize, boolean byComm, boolean colorsGiven) {
        Differential {
            txns = List.copyOf(txns);
        }

        boolean widthsFromBase() {
            return widths.equals("base");
        }
    }

    GraphRequest {
        inputs = List.copyOf(inputs);
    }

    /** What the weights of {@code p} count, as tooltips say it. */
    String unit(Profile p) {
        if (samples) {
            return "samples";
        }
        return p.info().event() == null ? "weight" : p.info().event() + " weight";
    }

    /** The drawing options of a graph of {@code p} under its own title and subtitle (--title and --subtitle win). */
    FlameOptions options(Profile p, String ownTitle, String ownSubtitle) {
        return titled(look, p, ownTitle, ownSubtitle);
    }

    /** The options of a differential graph whose widths are {@code next}'s: on white unless --bgcolors says otherwise. */
    FlameOptions differentialOptions(Profile next, String ownTitle, String ownSubtitle) {
        // The scale's light "unchanged" is meant to be seen on white.
        return titled(background ? look : look.withBackground(Background.WHITE), next, ownTitle, ownSubtitle);
    }

    private FlameOptions titled(FlameOptions o, Profile p, String ownTitle, String ownSubtitle) {
        return o.withUnit(countName != null ? countName : unit(p)).withTitle(title != null ? title : ownTitle)
                .withSubtitle(subtitle != null ? subtitle : ownSubtitle);
    }
}
