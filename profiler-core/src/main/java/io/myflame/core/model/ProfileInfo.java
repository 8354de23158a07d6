package io.myflame.core.model;

/**
 * What is known about where a profile came from: a label for tables, the perf event the samples
 * measure (so "cycles" that were really "cpu-clock" are reported as such), the source path, how
 * its stacks were walked, and the share of its weight in truncated stacks once measured.
 *
 * @param callGraph      how the recording walked stacks; never null ({@link CallGraph#UNKNOWN} when the input does not say)
 * @param truncatedShare the share of weight in stacks cut short of their thread's entry point, measured on the
 *                       stacks as read (after thread filters, before frames are renamed or hidden, which would move
 *                       entry points); NaN until measured (TruncatedStacks in core.analysis, which builds on this package)
 * @param unknownSamples whether the input's counts are weights of an unknown number of samples (a folded file's
 *                       counts: {@code record} writes periods), so that no sample count is claimed
 */
public record ProfileInfo(String label, String event, String source, CallGraph callGraph, double truncatedShare,
                          boolean unknownSamples) {
    public static final ProfileInfo EMPTY = new ProfileInfo(null, null, null);

    public ProfileInfo {
        callGraph = callGraph == null ? CallGraph.UNKNOWN : callGraph;
    }

    /** An input of unknown call-graph mode, not measured yet. */
    public ProfileInfo(String label, String event, String source) {
        this(label, event, source, CallGraph.UNKNOWN, Double.NaN, false);
    }

    public ProfileInfo withLabel(String l) {
        return new ProfileInfo(l, event, source, callGraph, truncatedShare, unknownSamples);
    }

    public ProfileInfo withEvent(String e) {
        return new ProfileInfo(label, e, source, callGraph, truncatedShare, unknownSamples);
    }

    public ProfileInfo withSource(String s) {
        return new ProfileInfo(label, event, s, callGraph, truncatedShare, unknownSamples);
    }

    public ProfileInfo withCallGraph(CallGraph c) {
        return new ProfileInfo(label, event, source, c, truncatedShare, unknownSamples);
    }

    public ProfileInfo withTruncatedShare(double share) {
        return new ProfileInfo(label, event, source, callGraph, share, unknownSamples);
    }

    /** The same, its counts weights of an unknown number of samples (or not). */
    public ProfileInfo withUnknownSamples(boolean unknown) {
        return new ProfileInfo(label, event, source, callGraph, truncatedShare, unknown);
    }

    /**
     * A server version as people write it in tables: {@code 10.2.11} for {@code 10.2.11-MariaDB-log},
     * {@code 8.0.32} for {@code 8.0.32-0ubuntu0.22.04.2}; any other label unchanged.
     */
    public static String shortVersion(String label) {
        return label == null ? null : label.replaceFirst("^(\\d+\\.\\d+(?:\\.\\d+)?)-\\S*$", "$1");
    }
}
