package io.myflame.cli;

import io.myflame.core.UsageError;
import io.myflame.core.DataError;
import io.myflame.core.analysis.CallTree;
import io.myflame.core.analysis.CallTrees;
import io.myflame.core.analysis.FunctionLookup;
import io.myflame.core.analysis.InclusiveTable;
import io.myflame.core.analysis.RowFile;
import io.myflame.core.analysis.RowSpec;
import io.myflame.core.analysis.Truncation;
import io.myflame.core.model.Profile;
import io.myflame.core.text.ColumnTable;
import io.myflame.core.text.Document;
import io.myflame.core.text.Escape;
import io.myflame.core.text.IndentedTable;
import io.myflame.core.text.OutputFormat;
import io.myflame.core.text.RowsTable;
import io.myflame.core.text.ThreadRoleTable;
import io.myflame.core.text.ProfileTotals;
import io.myflame.core.text.TopTable;
import io.myflame.core.text.TreeTable;
import io.myflame.load.AnalysisInput;
import io.myflame.load.StartUp;
import io.myflame.load.Warnings;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code myflame report}: inclusive/self tables, the callee tree of a function, or user rows. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Function percentages of one profile: --top (like perf report --children), "
                + "--focus F (callee tree), --callers F, or --rows FILE.")
public final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "INPUT", description = "Capture directory, perf.data, perf script text or folded stacks.")
    String input;

    @Option(names = "--top", paramLabel = "N", description = "Functions by inclusive share (0 = all). Default: 30.")
    Integer top;

    @Option(names = "--focus", paramLabel = "FUNCTION", description = "Callee tree of FUNCTION (all occurrences merged).")
    String focus;

    @Option(names = "--callers", paramLabel = "FUNCTION", description = "Caller tree of FUNCTION.")
    String callers;

    @Option(names = "--by-thread", description = "CPU of foreground (connection) and background threads, by role.")
    boolean byThread;

    @Option(names = "--depth", paramLabel = "D", defaultValue = "4", description = "Levels of the --focus/--callers tree. Default: ${DEFAULT-VALUE}.")
    int depth;

    @Option(names = "--min", paramLabel = "PCT", defaultValue = "0.5", converter = OptionValues.Percent.class, description = "Hide tree rows below PCT percent. Default: ${DEFAULT-VALUE}.")
    double min;

    @Option(names = "--rows", paramLabel = "FILE", description = "Row file: a function per line, indentation = nesting, 'a | b' = alternatives.")
    Path rows;

    @Option(names = "--no-paths", description = "Titles give the label, event and counts but no input path (for publishing).")
    boolean noPaths;

    @Option(names = "--format", paramLabel = "text|list|markdown|csv|json|html|png",
            description = "Default: from the -o extension (.md, .csv, .json, .html, .png), else text.")
    String format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", converter = OptionValues.OutputFile.class, description = "Write here instead of stdout.")
    Path output;

    @Mixin
    AnalysisOptions analysis = new AnalysisOptions();

    @Override
    public Integer call() throws Exception {
        OutputFormat fmt = CommandOutputs.REPORT.choose(format, output);
        if (fmt == OutputFormat.PNG) {
            AtomicOutput.refuseImageOnTerminal(output, "PNG image", "table.png");
        }
        if (fmt == OutputFormat.LIST && focus == null && callers == null && rows == null && !byThread) {
            throw new UsageError("--format list lays out --rows, --focus and --callers tables");
        }
        int modes = (top != null ? 1 : 0) + (focus != null ? 1 : 0) + (callers != null ? 1 : 0) + (rows != null ? 1 : 0)
                + (byThread ? 1 : 0);
        if (modes > 1) {
            throw new UsageError("choose one of --top, --focus, --callers, --rows, --by-thread");
        }
        OptionValues.onlyWith(spec, focus != null || callers != null, "--focus or --callers", "--depth", "--min");
        List<RowSpec> rowSpecs = rows == null ? null : readRows(rows, analysis.ingest.startUp);
        Warnings warnings = new Warnings();
        AnalysisInput loaded = analysis.loading().load(input);
        warnings.addAll(loaded.warnings());
        Profile profile = loaded.profile();
        String label = io.myflame.core.model.ProfileInfo.shortVersion(profile.info().label());
        if (noPaths && isFileName(label, profile.info().source())) {
            label = "profile";
        }
        String title = noPaths ? label : describe(profile);
        // Percentages stay those of the stacks as recorded (perf report's); the footnote says what they miss.
        String truncated = Truncation.footnote(profile.info().truncatedShare());
        // A table of a partly symbolised input says so itself: stderr does not travel with the table.
        String unnamed = io.myflame.core.analysis.UnnamedCode.of(profile).note(label);
        Document doc;
        ProfileTotals totals = ProfileTotals.of(profile);
        if (noPaths) {
            totals = new ProfileTotals(null, totals.event(), totals.samples(), totals.weight());
        }
        if (focus != null || callers != null) {
            String name = Escape.raw(focus != null ? focus : callers);
            int f = FunctionLookup.find(profile, name);
            CallTree tree = focus != null ? CallTrees.callees(profile, f) : CallTrees.callers(profile, f);
            doc = Document.of(noted(TreeTable.of(tree, profile.totalWeight(), depth, min, label).title(title)
                    .totals(totals), truncated, unnamed));
        } else if (byThread) {
            doc = Document.of(noted(ThreadRoleTable.of(profile, label).title(title).totals(totals), truncated, unnamed));
        } else if (rowSpecs != null) {
            // --alias renamed frames to their joined names: rows naming an old one follow it.
            List<RowSpec> joined = analysis.aliases().rows(rowSpecs);
            UnmatchedRows.report(joined, profile).forEach(warnings::add);
            doc = Document.of(noted(RowsTable.of(joined, profile, label).title(title).totals(totals), truncated, unnamed));
        } else {
            ColumnTable<InclusiveTable.Entry> table = TopTable.of(InclusiveTable.of(profile).top(top == null ? 30 : top), title).totals(totals);
            for (String note : new String[] {truncated, unnamed}) {
                if (note != null) {
                    table = table.note(note);
                }
            }
            doc = table;
        }
        AtomicOutput.write(output, fmt, doc);
        warnings.print(spec.commandLine().getErr(), "myflame report");
        return 0;
    }

    private static IndentedTable noted(IndentedTable t, String... notes) {
        for (String note : notes) {
            if (note != null) {
                t.note(note);
            }
        }
        return t;
    }

    /** The row file {@code file}, as opened at the run's start-up when it was ({@code startUp}). */
    static List<RowSpec> readRows(Path file, StartUp startUp) throws Exception {
        try (Reader r = startUp.settings(file, StandardCharsets.UTF_8, 16L << 20, "a row file")) {
            // Frame names are raw bytes (Escape): a row typed as UTF-8 text must be raw to match them.
            return RowFile.parse(r, file.toString()).stream().map(s -> new RowSpec(
                    s.names().stream().map(Escape::raw).toList(), s.depth(), s.parent(), s.line())).toList();
        } catch (NoSuchFileException e) {
            throw new DataError(file + ": no such file");
        } catch (java.nio.file.AccessDeniedException e) {
            // Its message is only the file's name ("cannot read (/root/rows)").
            throw new DataError(file + ": permission denied");
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new DataError(file + ": not UTF-8 text");
        } catch (java.io.IOException e) {
            throw new DataError(file + ": cannot read (" + e.getMessage() + ")");
        }
    }

    /** Whether {@code label} is a file or directory name on {@code source}'s path (no version said). */
    private static boolean isFileName(String label, String source) {
        for (Path p = source == null ? null : Path.of(source); p != null; p = p.getParent()) {
            if (p.getFileName() != null && p.getFileName().toString().equals(label)) {
                return true;
            }
        }
        return false;
    }

    static String describe(Profile p) {
        String event = p.info().event() == null ? "unknown event" : "event " + p.info().event();
        // A folded file's counts are weights (record writes periods): it claims no sample count.
        String samples = p.info().unknownSamples() ? "" : p.totalSamples() + " samples, ";
        // concatenated, not String.format: the formatter's first use loads its locale data (5 % of a small report)
        return p.info().source() + ": " + event + ", " + samples + "total weight " + p.totalWeight();
    }
}
