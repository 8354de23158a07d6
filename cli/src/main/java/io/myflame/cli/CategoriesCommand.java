package io.myflame.cli;

import io.myflame.diff.Categories;
import io.myflame.diff.Column;
import io.myflame.diff.Diff;
import io.myflame.diff.DiffException;
import io.myflame.diff.Per;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code myflame categories}: where CPU goes by activity (binlog, network, purge, ...), one column per input. */
@Command(name = "categories", mixinStandardHelpOptions = true,
        description = "CPU by category (binlog, network, SQL, InnoDB, purge, page cleaner, log flush, other), one column per input.")
public final class CategoriesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "INPUT", arity = "0..*", description = "Captures, perf.data, perf script text or folded files.")
    List<String> inputs = new ArrayList<>();

    @Option(names = "--label", paramLabel = "NAME[=INPUT,...]", description = "Column names, or NAME=a,b,c for repeats (repeatable).")
    List<String> labels = new ArrayList<>();

    @Option(names = "--categories", paramLabel = "FILE", defaultValue = CategoryFlags.BUNDLED,
            description = "Categories file (YAML). Default: the bundled MySQL/MariaDB categories.")
    String categories;

    @Option(names = "--per", paramLabel = "txn|query", description = "CPU per transaction or query instead of percent.")
    String per;

    @Option(names = "--txns", paramLabel = "N", description = "Transactions per input, in order.")
    List<Long> txns = new ArrayList<>();

    @Option(names = "--queries", paramLabel = "N", description = "Queries per input, in order.")
    List<Long> queries = new ArrayList<>();

    @Option(names = "--threshold", paramLabel = "X", defaultValue = "1.0", description = "Mark categories whose |delta| is at least X. Default: ${DEFAULT-VALUE}.")
    double threshold;

    @Option(names = "--format", paramLabel = "text|markdown|csv|json|html", defaultValue = "text", description = "Default: ${DEFAULT-VALUE}.")
    String format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write here instead of stdout.")
    Path output;

    @Mixin
    AnalysisOptions analysis = new AnalysisOptions();

    @Override
    public Integer call() throws Exception {
        String fmt = CategoryFlags.checkFormat(format);
        Per unit = CategoryFlags.per(per, analysis);
        Categories cats = CategoryFlags.load(categories);
        Warnings warnings = new Warnings();
        List<Column> columns = new InputColumns(analysis, warnings, false).load(inputs, labels, txns, queries);
        Diff diff;
        try {
            diff = CategoryFlags.compute(cats, columns, unit, threshold);
        } catch (DiffException e) {
            throw new Main.DataError(e.getMessage());
        }
        AtomicOutput.write(output, out -> {
            Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            DiffCommand.write(fmt, diff, fmt.equals("html") ? diff : null, w);
            w.flush();
        });
        warnings.print(spec.commandLine().getErr(), "myflame categories");
        return 0;
    }
}
