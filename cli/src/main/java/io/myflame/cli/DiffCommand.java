package io.myflame.cli;

import io.myflame.core.UsageError;
import io.myflame.core.analysis.RowSpec;
import io.myflame.core.text.Escape;
import io.myflame.core.text.OutputFormat;
import io.myflame.diff.Column;
import io.myflame.diff.Diff;
import io.myflame.diff.DiffDocument;
import io.myflame.diff.DiffTable;
import io.myflame.diff.Measure;
import io.myflame.diff.Per;
import io.myflame.diff.RowEvaluator;
import io.myflame.diff.RowSelection;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code myflame diff}: one column per input (or per group of repeats), rows from a row file, --top or --focus. */
@Command(name = "diff", mixinStandardHelpOptions = true,
        description = "Compare profiles: a column of inclusive percentages (or CPU per transaction) per input, "
                + "deltas last-vs-first, alias rows for functions renamed between versions.")
public final class DiffCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--rows", paramLabel = "FILE", description = "Row file: a function per line, indentation = nesting, 'a | b' = alternatives.")
    Path rows;

    @Option(names = "--top", paramLabel = "N", description = "The union of each input's top N functions. Default when no --rows/--focus: 20.")
    Integer top;

    @Option(names = "--focus", paramLabel = "FUNCTION", description = "The callee tree of FUNCTION ('a | b' for names that differ by version).")
    String focus;

    @Option(names = "--depth", paramLabel = "D", defaultValue = "4", description = "Levels of the --focus tree. Default: ${DEFAULT-VALUE}.")
    int depth;

    @Option(names = "--min", paramLabel = "PCT", defaultValue = "0.5", description = "--focus rows below PCT percent in every input are left out. Default: ${DEFAULT-VALUE}.")
    double min;

    @Option(names = "--self", description = "Cells are self shares (samples whose leaf is the function).")
    boolean self;

    @Option(names = "--categories", paramLabel = "FILE", arity = "0..1", fallbackValue = CategoryFlags.BUNDLED,
            description = "Append the CPU category breakdown (FILE, or the bundled MySQL/MariaDB categories).")
    String categories;

    @Option(names = "--counters", description = "Show the counters block: tps, CPU and binlog/rows/redo/buffer-pool "
            + "reads per transaction from each capture (the HTML page always shows it).")
    boolean counters;

    @Option(names = "--comm-root", description = "Keep the thread name (comm) as the root frame of every stack.")
    boolean commRoot;

    @Mixin
    ColumnOptions cols = new ColumnOptions();

    @Mixin
    AnalysisOptions analysis = new AnalysisOptions();

    @Override
    public Integer call() throws Exception {
        OutputFormat fmt = AtomicOutput.format(cols.format, cols.output, OutputFormat.allBut());
        if (fmt == OutputFormat.PNG) {
            AtomicOutput.refuseImageOnTerminal(cols.output, "PNG image", "table.png");
        }
        int modes = (top != null ? 1 : 0) + (focus != null ? 1 : 0) + (rows != null ? 1 : 0);
        if (modes > 1) {
            throw new UsageError("choose one of --rows, --top, --focus");
        }
        OptionValues.onlyWith(spec, focus != null, "--focus", "--depth", "--min");
        if (categories != null && fmt == OutputFormat.CSV) {
            // One CSV file holds one table: the categories are their own command.
            throw new UsageError("--categories with --format csv would write two tables; "
                    + "use 'myflame categories --format csv' for the breakdown");
        }
        Per unit = CategoryFlags.per(cols.per, analysis);
        List<RowSpec> rowSpecs = rows == null ? null : ReportCommand.readRows(rows);
        io.myflame.diff.Categories cats = categories == null ? null : CategoryFlags.load(categories);
        Warnings warnings = new Warnings();
        List<Column> columns = new InputColumns(analysis, warnings, commRoot).load(cols.inputs, cols.labels, cols.txns, cols.queries);
        Measure measure = self ? Measure.SELF : Measure.INCLUSIVE;
        Diff diff;
        Diff catDiff;
        List<RowSpec> specs = rowSpecs != null ? rowSpecs
                : focus != null ? RowSelection.focus(columns, focusSpec(), depth, min)
                : RowSelection.top(columns, top == null ? 20 : top, measure);
        fmt.checkRows(specs.size());
        diff = DiffTable.compute(cols.title != null ? cols.title : title(columns), specs, columns, RowEvaluator.rows(specs, measure), measure, unit, cols.threshold);
        if (counters && io.myflame.diff.CountersBlock.of(diff) == null) {
            // Folded stacks and plain perf.data carry no workload results or status snapshots.
            throw new UsageError("--counters needs capture directories (written by 'myflame record'); "
                    + "none of the inputs holds counters");
        }
        catDiff = cats == null && fmt != OutputFormat.HTML ? null
                : CategoryFlags.compute(cats == null ? io.myflame.diff.Categories.mysql() : cats, columns, unit, cols.threshold,
                        warnings::add);
        AtomicOutput.write(cols.output, fmt, DiffDocument.of(diff, catDiff).caption(cols.caption).counters(counters));
        warnings.print(spec.commandLine().getErr(), "myflame diff");
        return 0;
    }

    private RowSpec focusSpec() {
        List<String> names = Arrays.stream(focus.split("\\|")).map(String::strip).map(Escape::raw).filter(s -> !s.isEmpty()).toList();
        if (names.isEmpty()) {
            throw new UsageError("--focus needs a function name");
        }
        if (depth < 1) {
            throw new UsageError("--depth must be at least 1");
        }
        return new RowSpec(names, 0, -1, 0);
    }

    static String title(List<Column> columns) {
        return String.join(" vs ", columns.stream().map(Column::label).toList());
    }
}
