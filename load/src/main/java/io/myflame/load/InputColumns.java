package io.myflame.load;

import io.myflame.core.analysis.Truncation;
import io.myflame.core.model.Profile;
import io.myflame.diff.Column;
import io.myflame.diff.CommRoot;
import io.myflame.diff.CountersBlock;
import io.myflame.diff.Run;
import io.myflame.diff.RunFacts;
import io.myflame.ingest.capture.CaptureRecord;
import io.myflame.ingest.error.InputException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Loads the columns {@link InputGroups} plans from the comparison commands' arguments, each input
 * once; {@code --txns}/{@code --queries} give the workload counts of the runs in order when the
 * inputs do not carry them.
 */
public final class InputColumns {
    private final InputLoader loader;
    private final Warnings warnings;
    private final boolean commRoot;

    /** @param commRoot keep the thread name as every stack's root frame ({@code --comm-root}) */
    public InputColumns(InputLoader loader, Warnings warnings, boolean commRoot) {
        this.loader = loader;
        this.warnings = warnings;
        this.commRoot = commRoot;
    }

    public List<Column> load(List<String> inputs, List<String> labels, List<Long> txns, List<Long> queries)
            throws IOException, InputException {
        List<InputGroups.Group> groups = InputGroups.plan(inputs, labels);
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
        AnalysisInput in = loader.load(input);
        warnings.addAll(in.warnings());
        return run(in, txns, queries).withJoined(in.joined());
    }

    /** The run of one input: its counts from the flags, else from its capture, with what the capture recorded. */
    private Run run(AnalysisInput in, Long txns, Long queries) {
        Profile p = commRoot ? CommRoot.apply(in.profile()) : in.profile();
        if (in.capture() == null) {
            return new Run(p, txns, queries);
        }
        CaptureRecord capture = in.capture().record();
        return new Run(p, txns != null ? txns : boxed(capture.transactions()),
                queries != null ? queries : boxed(capture.queries()),
                new RunFacts(capture.tps().orElse(Double.NaN), capture.counterDeltas(), capture.setup()));
    }

    private static Long boxed(OptionalLong v) {
        return v.isPresent() ? v.getAsLong() : null;
    }
}
