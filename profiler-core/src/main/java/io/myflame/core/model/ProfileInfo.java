package io.myflame.core.model;

/**
 * What is known about where a profile came from: a label for tables, the perf event the samples
 * measure (so "cycles" that were really "cpu-clock" are reported as such), and the source path.
 */
public record ProfileInfo(String label, String event, String source) {
    public static final ProfileInfo EMPTY = new ProfileInfo(null, null, null);

    public ProfileInfo withLabel(String l) {
        return new ProfileInfo(l, event, source);
    }

    public ProfileInfo withEvent(String e) {
        return new ProfileInfo(label, e, source);
    }

    public ProfileInfo withSource(String s) {
        return new ProfileInfo(label, event, s);
    }
}
