package io.myflame.cli;

import io.myflame.core.text.OutputFormat;
import io.myflame.diff.Categories;
import io.myflame.diff.CategoryChart;
import io.myflame.diff.Column;
import io.myflame.diff.Diff;
import io.myflame.diff.DiffDocument;
import io.myflame.diff.Per;
import io.myflame.load.InputColumns;
import io.myflame.load.Warnings;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code myflame categories}: where CPU goes by activity (binlog, network, purge, ...), one column per input. */
@Command(name = "categories", mixinStandardHelpOptions = true,
        description = "CPU by category (binlog, network, SQL, InnoDB, purge, page cleaner, log flush, other), one column per input.")
public final class CategoriesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--categories", paramLabel = "FILE", defaultValue = CategoryFlags.BUNDLED,
            description = "Categories file (YAML). Default: the bundled MySQL/MariaDB categories.")
    String categories;

    @Mixin
    ColumnOptions cols = new ColumnOptions();

    @Mixin
    AnalysisOptions analysis = new AnalysisOptions();

    @Override
    public Integer call() throws Exception {
        OutputFormat fmt = CommandOutputs.CATEGORIES.choose(cols.format, cols.output);
        // A .png name draws the bar chart the HTML page shows; --format png draws the table.
        boolean png = fmt == OutputFormat.PNG && cols.format == null;
        if (fmt == OutputFormat.PNG && !png) {
            AtomicOutput.refuseImageOnTerminal(cols.output, "PNG image", "table.png");
        }
        Per unit = CategoryFlags.per(cols.per, analysis);
        Categories cats = CategoryFlags.load(categories, analysis.ingest.startUp);
        Warnings warnings = new Warnings();
        List<Column> columns = new InputColumns(analysis.loading(), warnings, false).load(cols.inputs, cols.labels, cols.txns, cols.queries);
        if (cols.noPaths) {
            columns = Column.withoutPaths(columns);
        }
        Diff computed = CategoryFlags.compute(cats, columns, unit, cols.threshold, warnings::add);
        Diff diff = cols.title == null ? computed : computed.withTitle(cols.title);
        if (png) {
            // The bar chart the HTML page shows, as an image.
            AtomicOutput.write(cols.output, OutputFormat.PNG, CategoryChart.graph(diff, 900));
        } else {
            AtomicOutput.write(cols.output, fmt, DiffDocument.breakdown(diff).caption(cols.caption).sources(!cols.noPaths));
        }
        warnings.print(spec.commandLine().getErr(), "myflame categories");
        return 0;
    }
}
