package io.myflame.cli;

import static io.myflame.core.text.OutputFormat.FOLDED;
import static io.myflame.core.text.OutputFormat.HTML;
import static io.myflame.core.text.OutputFormat.PNG;
import static io.myflame.core.text.OutputFormat.PPROF;
import static io.myflame.core.text.OutputFormat.SVG;
import static io.myflame.core.text.OutputFormat.TEXT;

import io.myflame.core.text.CommandFormats;
import java.util.List;

/**
 * What each command writes: the per-command half of the format registry
 * ({@link io.myflame.core.text.OutputFormat} is the other). Every {@code -o} and {@code --format}
 * is chosen through one of these ({@link CommandFormats#choose}); a new output format is a constant
 * there and a place in the lists here.
 */
final class CommandOutputs {
    static final CommandFormats REPORT = CommandFormats.tables("report");
    static final CommandFormats DIFF = CommandFormats.tables("diff");
    /** A table, or with {@code -o x.png} (no {@code --format}) the categories' bar chart. */
    static final CommandFormats CATEGORIES = CommandFormats.tables("categories");
    /** An SVG or PNG graph, or async-profiler's HTML page ({@code --diff}: SVG or PNG, refused in the command). */
    static final CommandFormats FLAMEGRAPH = CommandFormats.byName("flamegraph", SVG, PNG, HTML);
    /** Folded stacks are lines of text: a {@code .txt} name is theirs too. */
    static final CommandFormats COLLAPSE = CommandFormats.byName("collapse", FOLDED, TEXT);
    static final CommandFormats EXPORT = CommandFormats.byName("export", PPROF)
            .withHint(" (folded stacks: myflame collapse)");
    /** {@code diff --chart FILE}: the series as lines, PNG or SVG. */
    static final CommandFormats DIFF_CHART = CommandFormats.byName("diff --chart", PNG, SVG);

    /** Every command that writes {@code -o}, for tests that walk them. */
    static final List<CommandFormats> ALL = List.of(REPORT, DIFF, CATEGORIES, FLAMEGRAPH, COLLAPSE, EXPORT);

    private CommandOutputs() {
    }
}
