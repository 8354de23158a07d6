package io.myflame.diff;

import java.util.List;

/**
 * One column of a comparison: a label (a server version, a patch name) and the runs merged into
 * it. Several runs are repeats of the same setup; their spread is the noise a change must beat.
 */
public record Column(String label, List<Run> runs) {
    public Column {
        if (runs.isEmpty()) {
            throw new io.myflame.core.UsageError("column '" + label + "' has no inputs");
        }
        runs = List.copyOf(runs);
    }

    public static Column of(String label, Run run) {
        return new Column(label, List.of(run));
    }

    /** The perf event of the column's runs, joined when repeats disagree. */
    public String event() {
        return String.join("/", runs.stream().map(r -> String.valueOf(r.profile().info().event())).distinct().toList());
    }

    public long samples() {
        return runs.stream().mapToLong(r -> r.profile().totalSamples()).sum();
    }
}
