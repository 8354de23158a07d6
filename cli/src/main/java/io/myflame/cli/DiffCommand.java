package io.myflame.cli;

import io.myflame.core.UsageError;
import io.myflame.core.analysis.Aliases;
import io.myflame.core.analysis.RowSpec;
import io.myflame.core.text.Escape;
import io.myflame.core.text.OutputFormat;
import io.myflame.diff.Column;
import io.myflame.diff.Diff;
import io.myflame.diff.DiffDocument;
import io.myflame.diff.DiffTable;
import io.myflame.diff.DiffTables;
import io.myflame.diff.chart.SeriesChart;
import io.myflame.load.InputColumns;
import io.myflame.load.InputGroups;
import io.myflame.load.Warnings;
import io.myflame.diff.Measure;
import io.myflame.diff.Movers;
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

    @Option(names = "--top", paramLabel = "N", description = "The N functions present in every input whose value changed most "
            + "from the first input to the last (pass-through wrappers left out), and apart the functions found in only "
            + "some inputs; 0: every function. Default when no --rows/--focus: 20.")
    Integer top;

    @Option(names = "--focus", paramLabel = "FUNCTION", description = "The callee tree of FUNCTION ('a | b' for names that differ by version).")
    String focus;

    @Option(names = "--depth", paramLabel = "D", defaultValue = "4", description = "Levels of the --focus tree. Default: ${DEFAULT-VALUE}.")
    int depth;

    @Option(names = "--min", paramLabel = "PCT", defaultValue = "0.5", converter = OptionValues.Percent.class, description = "--focus rows, and --top's functions "
            + "found in only some inputs, below PCT percent are left out; given with --top, also the functions below "
            + "PCT in every input, before the N are taken. Default: ${DEFAULT-VALUE}.")
    double min;

    @Option(names = "--self", description = "Cells are self shares (samples whose leaf is the function).")
    boolean self;

    @Option(names = "--categories", paramLabel = "FILE", arity = "0..1", fallbackValue = CategoryFlags.BUNDLED,
            description = "Append the CPU category breakdown (FILE, or the bundled MySQL/MariaDB categories).")
    String categories;

    @Option(names = "--counters", description = "Show the counters block: tps, CPU and binlog/rows/redo/buffer-pool "
            + "reads per transaction from each capture (the HTML page always shows it).")
    boolean counters;

    @Option(names = "--chart", paramLabel = "FILE.png|FILE.svg", converter = OptionValues.OutputFile.class,
            description = "Also draw the rows as lines across the inputs in order (a series of versions).")
    Path chart;

    @Option(names = "--comm-root", description = "Keep the thread name (comm) as the root frame of every stack.")
    boolean commRoot;

    @Mixin
    ColumnOptions cols = new ColumnOptions();

    @Mixin
    AnalysisOptions analysis = new AnalysisOptions();

    @Override
    public Integer call() throws Exception {
        OutputFormat fmt = CommandOutputs.DIFF.choose(cols.format, cols.output);
        if (fmt == OutputFormat.PNG) {
            AtomicOutput.refuseImageOnTerminal(cols.output, "PNG image", "table.png");
        }
        List<InputGroups.Group> planned = checkUsage(fmt);
        OutputFormat chartFormat = chartFormat(planned.size());
        Per unit = CategoryFlags.per(cols.per, analysis);
        List<RowSpec> rowSpecs = rows == null ? null : ReportCommand.readRows(rows, analysis.ingest.startUp);
        if (rowSpecs != null) {
            // A row's alternatives are one function under different names: joined everywhere, as --alias.
            analysis.joinRows(rowSpecs);
        }
        io.myflame.diff.Categories cats = categories == null ? null : CategoryFlags.load(categories, analysis.ingest.startUp);
        Warnings warnings = new Warnings();
        List<Column> columns = new InputColumns(analysis.loading(), warnings, commRoot).load(cols.inputs, cols.labels, cols.txns, cols.queries);
        if (cols.noPaths) {
            columns = Column.withoutPaths(columns);
        }
        Measure measure = self ? Measure.SELF : Measure.INCLUSIVE;
        Diff diff;
        Diff catDiff;
        Aliases aliases = analysis.aliases();
        // Ranking by change needs a first and a last column; a column of repeats alone lists its heaviest.
        Movers movers = rowSpecs != null || focus != null || columns.size() < 2 ? null : movers(columns, measure, unit);
        List<RowSpec> specs = rowSpecs != null ? rowSpecs
                : focus != null ? RowSelection.focus(columns, aliases.rows(List.of(focusSpec())).get(0), depth, min)
                : movers != null ? movers.changed() : RowSelection.top(columns, top == null ? 20 : top, measure);
        fmt.checkRows(specs.size());
        diff = DiffTable.compute(cols.title != null ? cols.title : title(columns), specs, columns,
                RowEvaluator.rows(aliases.rows(specs), measure), measure, unit, cols.threshold);
        if (counters && io.myflame.diff.CountersBlock.of(diff) == null) {
            // Folded stacks and plain perf.data carry no workload results or status snapshots.
            throw new UsageError("--counters needs capture directories (written by 'myflame record'); "
                    + "none of the inputs holds counters");
        }
        UnmatchedRows.report(diff, columns).forEach(warnings::add);
        catDiff = cats == null && fmt != OutputFormat.HTML ? null
                : CategoryFlags.compute(cats == null ? io.myflame.diff.Categories.mysql() : cats, columns, unit, cols.threshold,
                        warnings::add);
        writeChart(diff, chartFormat);
        // The page shows the series whenever there is one to read: three inputs or more.
        String pageChart = fmt == OutputFormat.HTML && columns.size() >= 3 ? SeriesChart.svg(diff, DiffTables.unit(diff)) : null;
        AtomicOutput.write(cols.output, fmt, DiffDocument.of(diff, catDiff).chart(pageChart).caption(cols.caption).counters(counters)
                .movers(movers).sources(!cols.noPaths));
        warnings.print(spec.commandLine().getErr(), "myflame diff");
        return 0;
    }

    /** The flag combinations refused before anything is read; returns the planned columns. */
    private List<InputGroups.Group> checkUsage(OutputFormat fmt) throws Exception {
        int modes = (top != null ? 1 : 0) + (focus != null ? 1 : 0) + (rows != null ? 1 : 0);
        if (modes > 1) {
            throw new UsageError("choose one of --rows, --top, --focus");
        }
        OptionValues.onlyWith(spec, focus != null, "--focus", "--depth");
        OptionValues.onlyWith(spec, rows == null, "--focus or --top", "--min");
        if (categories != null && fmt == OutputFormat.CSV) {
            // One CSV file holds one table: the categories are their own command.
            throw new UsageError("--categories with --format csv would write two tables; "
                    + "use 'myflame categories --format csv' for the breakdown");
        }
        List<InputGroups.Group> planned = InputGroups.plan(cols.inputs, cols.labels);
        if (planned.size() == 1 && planned.get(0).inputs().size() == 1) {
            // One column of repeats still has their spread to show; one input has nothing to compare.
            throw new UsageError("diff compares two or more inputs; for one, use 'myflame report "
                    + planned.get(0).inputs().get(0) + (rows != null ? " --rows " + rows : "") + "'");
        }
        return planned;
    }

    private void writeChart(Diff diff, OutputFormat format) throws Exception {
        if (chart == null) {
            return;
        }
        // An output as -o is (AtomicOutput.checkOutput): never an input, in a directory that exists, said when written.
        AtomicOutput.write(chart, format, SeriesChart.graph(diff, DiffTables.unit(diff)));
    }

    /** {@code png} or {@code svg} from --chart's extension (null without --chart). */
    private OutputFormat chartFormat(int columns) {
        if (chart == null) {
            return null;
        }
        OutputFormat named = OutputFormat.named(chart);
        if (named == null || !CommandOutputs.DIFF_CHART.writes(named)) {
            throw new UsageError("--chart writes FILE.png or FILE.svg, not " + chart);
        }
        if (columns < 2) {
            throw new UsageError("--chart draws lines across two or more inputs");
        }
        if (cols.output != null && chart.toAbsolutePath().normalize().equals(cols.output.toAbsolutePath().normalize())) {
            throw new UsageError("--chart " + chart + " is also -o: one would replace the other");
        }
        return named;
    }

    private Movers movers(List<Column> columns, Measure measure, Per unit) {
        int n = top == null ? 20 : top;
        if (n < 0) {
            throw new UsageError("--top must be 0 (every function) or more");
        }
        // 0 is every function, as report's --top 0 and diff's heaviest-first list have it.
        // An explicit --min also leaves the functions below it (in every input) out of the ranking, before
        // N are taken; its default keeps only the notes short, as it always did.
        double rankMin = spec.commandLine().getParseResult().hasMatchedOption("--min") ? min : 0;
        return Movers.of(columns, n == 0 ? Integer.MAX_VALUE : n, measure, unit, min, rankMin);
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
