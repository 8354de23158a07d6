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

    /**
     * A server version as people write it in tables: {@code 10.2.11} for {@code 10.2.11-MariaDB-log},
     * {@code 8.0.32} for {@code 8.0.32-0ubuntu0.22.04.2}; any other label unchanged.
     */
    public static String shortVersion(String label) {
        return label == null ? null : label.replaceFirst("^(\\d+\\.\\d+(?:\\.\\d+)?)-\\S*$", "$1");
    }
}
