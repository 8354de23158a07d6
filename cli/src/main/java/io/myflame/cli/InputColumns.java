package io.myflame.cli;

import io.myflame.core.model.Profile;
import io.myflame.diff.Column;
import io.myflame.diff.CommRoot;
import io.myflame.diff.Run;
import io.myflame.ingest.InputException;
import io.myflame.ingest.ProfileLoader;
import io.myflame.ingest.capture.CaptureDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * Turns the comparison commands' arguments into columns of loaded runs. A column is one input
 * (a capture, perf.data, perf script or folded file), a directory holding several captures
 * (repeats), or {@code --label NAME=a,b,c} (repeats named on the command line). Plain
 * {@code --label NAME}s name the inputs in order; {@code --txns}/{@code --queries} give the
 * workload counts of the runs in order when the inputs do not carry them.
 */
final class InputColumns {
    private final AnalysisOptions analysis;
    private final Warnings warnings;
    private final boolean commRoot;
    private final ProfileLoader loader;

    InputColumns(AnalysisOptions analysis, Warnings warnings, boolean commRoot) {
        this.analysis = analysis;
        this.warnings = warnings;
        this.commRoot = commRoot;
        this.loader = analysis.loader();
    }

    List<Column> load(List<String> inputs, List<String> labels, List<Long> txns, List<Long> queries)
            throws IOException, InputException {
        List<List<String>> groups = new ArrayList<>();
        List<String> names = new ArrayList<>();
        plan(inputs, labels, groups, names);
        int runCount = groups.stream().mapToInt(List::size).sum();
        checkCount("--txns", txns, runCount);
        checkCount("--queries", queries, runCount);
        List<Column> columns = new ArrayList<>();
        int at = 0;
        for (int g = 0; g < groups.size(); g++) {
            List<Run> runs = new ArrayList<>();
            for (String input : groups.get(g)) {
                runs.add(run(input, txns.isEmpty() ? null : txns.get(at), queries.isEmpty() ? null : queries.get(at)));
                at++;
            }
            String label = names.get(g) != null ? names.get(g) : commonLabel(runs, inputs.isEmpty() ? null : inputs.get(g));
            columns.add(new Column(label, runs));
        }
        return columns;
    }

    /** Fills one group of inputs (and an optional name) per column. */
    private static void plan(List<String> inputs, List<String> labels, List<List<String>> groups, List<String> names)
            throws IOException, InputException {
        boolean named = labels.stream().anyMatch(l -> l.contains("="));
        if (named) {
            if (!inputs.isEmpty() || !labels.stream().allMatch(l -> l.contains("="))) {
                throw new Main.UsageError("with --label NAME=INPUT,... every column needs that form and no plain INPUTs");
            }
            for (String l : labels) {
                int eq = l.indexOf('=');
                List<String> group = Stream.of(l.substring(eq + 1).split(",")).map(String::strip)
                        .filter(s -> !s.isEmpty()).toList();
                if (eq == 0 || group.isEmpty()) {
                    throw new Main.UsageError("--label '" + l + "': expected NAME=INPUT[,INPUT...]");
                }
                groups.add(group);
                names.add(l.substring(0, eq));
            }
            return;
        }
        if (inputs.isEmpty()) {
            throw new Main.UsageError("no inputs");
        }
        if (labels.size() > inputs.size()) {
            throw new Main.UsageError(labels.size() + " --label for " + inputs.size() + " inputs");
        }
        for (int i = 0; i < inputs.size(); i++) {
            groups.add(expand(inputs.get(i)));
            names.add(i < labels.size() ? labels.get(i) : null);
        }
    }

    /** A directory of capture directories stands for its captures (repeats); anything else for itself. */
    private static List<String> expand(String input) throws IOException, InputException {
        Path p = Path.of(input);
        if (!Files.isDirectory(p) || isCapture(p)) {
            return List.of(input);
        }
        List<String> captures;
        try (Stream<Path> s = Files.list(p)) {
            captures = s.filter(Files::isDirectory).filter(InputColumns::isCapture).sorted().map(Path::toString).toList();
        }
        if (captures.isEmpty()) {
            throw new InputException(input + ": neither a capture directory nor a directory of captures");
        }
        return captures;
    }

    /** A capture even when its capture.json is damaged: that is then reported, not skipped. */
    private static boolean isCapture(Path dir) {
        return CaptureDirectory.looksLikeCapture(dir);
    }

    private Run run(String input, Long txns, Long queries) throws IOException, InputException {
        Profile p = analysis.load(input, loader, warnings);
        if (commRoot) {
            p = CommRoot.apply(p);
        }
        Path path = Path.of(input);
        if (Files.isDirectory(path)) {
            CaptureDirectory capture = CaptureDirectory.open(path);
            txns = txns != null ? txns : boxed(capture.transactions());
            queries = queries != null ? queries : boxed(capture.queries());
        }
        return new Run(p, txns, queries);
    }

    private static Long boxed(OptionalLong v) {
        return v.isPresent() ? v.getAsLong() : null;
    }

    /** Repeats agreeing on a label (a server version) keep it; otherwise the directory's name. */
    private static String commonLabel(List<Run> runs, String input) {
        List<String> labels = runs.stream().map(r -> r.profile().info().label()).distinct().toList();
        if (labels.size() == 1 && (runs.size() == 1 || isServerVersion(runs))) {
            return labels.get(0);
        }
        Path name = input == null ? null : Path.of(input).getFileName();
        return name == null ? labels.get(0) : name.toString();
    }

    /** True when the label came from capture metadata rather than from the file name. */
    private static boolean isServerVersion(List<Run> runs) {
        String source = runs.get(0).profile().info().source();
        Path name = source == null ? null : Path.of(source).getFileName();
        return name == null || !name.toString().equals(runs.get(0).profile().info().label());
    }

    private static void checkCount(String flag, List<Long> values, int runs) {
        if (!values.isEmpty() && values.size() != runs) {
            throw new Main.UsageError(flag + " given " + values.size() + " times for " + runs + " inputs (one per input, in order)");
        }
        for (Long v : values) {
            if (v <= 0) {
                throw new Main.UsageError(flag + " must be positive, not " + v);
            }
        }
    }
}
