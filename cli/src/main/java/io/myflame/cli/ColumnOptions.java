package io.myflame.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The flags of the commands that put inputs side by side ({@code diff}, {@code categories}): the
 * inputs and their column labels, CPU per transaction, the change threshold and the output.
 */
public final class ColumnOptions {
    @Parameters(paramLabel = "INPUT", arity = "0..*",
            description = "Captures, perf.data, perf script text or folded files; a directory of captures is one column of repeats.")
    List<String> inputs = new ArrayList<>();

    @Option(names = "--label", paramLabel = "NAME[=INPUT,...]",
            description = "Column names in input order, or NAME=a,b,c: a column of repeated captures (repeatable).")
    List<String> labels = new ArrayList<>();

    @Option(names = "--per", paramLabel = "txn|query",
            description = "Cells are CPU per transaction or query: µs for cpu-clock/task-clock, cycles for cycles.")
    String per;

    @Option(names = "--txns", paramLabel = "N",
            description = "Transactions completed while each input was sampled, one per input in order (default: a capture's own count).")
    List<Long> txns = new ArrayList<>();

    @Option(names = "--queries", paramLabel = "N", description = "Queries completed while each input was sampled, one per input in order.")
    List<Long> queries = new ArrayList<>();

    @Option(names = "--threshold", paramLabel = "X", defaultValue = "1.0",
            description = "Mark rows whose |delta| is at least X (points, or the --per unit). Default: ${DEFAULT-VALUE}.")
    double threshold;

    @Option(names = "--title", paramLabel = "TEXT", description = "The table's title (default: the labels, 'A vs B').")
    String title;

    @Option(names = "--no-paths", description = "Column notes give labels, events and counts but no input paths (for publishing).")
    boolean noPaths;

    @Option(names = "--caption", paramLabel = "TEXT", description = "A sentence printed under the table.")
    String caption;

    @Option(names = "--format", paramLabel = "text|list|markdown|csv|json|html|png",
            description = "Default: from the -o extension (.md, .csv, .json, .html, .png), else text.")
    String format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", converter = OptionValues.OutputFile.class, description = "Write here instead of stdout.")
    Path output;
}
