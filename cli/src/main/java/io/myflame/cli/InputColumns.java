package io.myflame.cli;

import io.myflame.core.analysis.Truncation;
import io.myflame.core.model.Profile;
import io.myflame.diff.Column;
import io.myflame.diff.CommRoot;
import io.myflame.diff.CountersBlock;
import io.myflame.diff.Run;
import io.myflame.diff.RunFacts;
import io.myflame.ingest.error.InputException;
import io.myflame.ingest.ProfileLoader;
import io.myflame.ingest.capture.CaptureDirectory;
import io.myflame.ingest.capture.InputGroups;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Loads the columns {@link InputGroups} plans from the comparison commands' arguments, with the
 * analysis flags; {@code --txns}/{@code --queries} give the workload counts of the runs in order
 * when the inputs do not carry them.
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
        List<InputGroups.Group> groups;
        groups = InputGroups.plan(inputs, labels);
        int runCount = groups.stream().mapToInt(g -> g.inputs().size()).sum();
        InputGroups.checkCounts("--txns", txns, runCount);
        InputGroups.checkCounts("--queries", queries, runCount);
        List<Column> columns = new ArrayList<>();
        int at = 0;
        for (InputGroups.Group g : groups) {
            List<Run> runs = new ArrayList<>();
            for (String input : g.inputs()) {
                runs.add(run(input, txns.isEmpty() ? null : txns.get(at), queries.isEmpty() ? null : queries.get(at)));
                at++;
            }
            columns.add(new Column(g.name() != null ? g.name() : Column.labelFor(runs, g.given()), runs));
        }
        CountersBlock.repeatWarnings(columns).forEach(warnings::add);
        String apart = Truncation.comparison(columns.stream().map(Column::label).toList(),
                columns.stream().map(Column::truncatedShare).toList());
        if (apart != null) {
            warnings.add(apart);
        }
        return columns;
    }

    private Run run(String input, Long txns, Long queries) throws IOException, InputException {
        Profile p = analysis.load(input, loader, warnings);
        return plain(input, p, txns, queries).withJoined(analysis.joinedIn(p));
    }

    private Run plain(String input, Profile p, Long txns, Long queries) throws IOException, InputException {
        if (commRoot) {
            p = CommRoot.apply(p);
        }
        Path path = Path.of(input);
        if (Files.isDirectory(path)) {
            CaptureDirectory capture = CaptureDirectory.open(path);
            txns = txns != null ? txns : boxed(capture.transactions());
            queries = queries != null ? queries : boxed(capture.queries());
            return new Run(p, txns, queries, new RunFacts(capture.tps().orElse(Double.NaN), capture.counterDeltas(),
                    capture.setup()));
        }
        return new Run(p, txns, queries);
    }

    private static Long boxed(OptionalLong v) {
        return v.isPresent() ? v.getAsLong() : null;
    }
}
