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

    /**
     * The perf event of the column's runs, joined when repeats disagree ({@code cpu-clock/unknown});
     * null when no run says (folded stacks carry no event).
     */
    public String event() {
        List<String> events = runs.stream().map(r -> r.profile().info().event()).distinct().toList();
        if (events.size() == 1 && events.get(0) == null) {
            return null;
        }
        return String.join("/", events.stream().map(e -> e == null ? "unknown" : e).toList());
    }

    /**
     * The share of the column's weight in truncated stacks, the mean of its runs' (as measured when
     * they were read, {@link io.myflame.core.model.ProfileInfo#truncatedShare}); NaN when a run was not measured.
     */
    public double truncatedShare() {
        return runs.stream().mapToDouble(r -> r.profile().info().truncatedShare()).average().orElse(Double.NaN);
    }

    public long samples() {
        return runs.stream().mapToLong(r -> r.profile().totalSamples()).sum();
    }

    /**
     * The label of a column of {@code runs} given as {@code input} (null for {@code NAME=...}):
     * repeats agreeing on a label (a server version, shortened to {@code 10.2.11}) keep it;
     * otherwise the directory's name.
     */
    public static String labelFor(List<Run> runs, String input) {
        List<String> labels = runs.stream().map(r -> r.profile().info().label()).distinct().toList();
        if (labels.size() == 1 && (runs.size() == 1 || isServerVersion(runs))) {
            return io.myflame.core.model.ProfileInfo.shortVersion(labels.get(0));
        }
        java.nio.file.Path name = input == null ? null : java.nio.file.Path.of(input).getFileName();
        return name == null ? labels.get(0) : name.toString();
    }

    /**
     * The columns as {@code --no-paths} publishes them: a label that is an input's file or directory
     * name (an input without a version or a {@code --label}) becomes {@code input N}, its place.
     */
    public static List<Column> withoutPaths(List<Column> columns) {
        List<Column> out = new java.util.ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            Column c = columns.get(i);
            boolean named = false;
            for (Run r : c.runs()) {
                java.nio.file.Path p = r.profile().info().source() == null ? null : java.nio.file.Path.of(r.source());
                for (; p != null && !named; p = p.getParent()) {
                    named = p.getFileName() != null && p.getFileName().toString().equals(c.label());
                }
            }
            out.add(named ? new Column("input " + (i + 1), c.runs()) : c);
        }
        return out;
    }

    /** True when the label came from capture metadata rather than from the file name. */
    private static boolean isServerVersion(List<Run> runs) {
        String source = runs.get(0).profile().info().source();
        java.nio.file.Path name = source == null ? null : java.nio.file.Path.of(source).getFileName();
        return name == null || !name.toString().equals(runs.get(0).profile().info().label());
    }
}
