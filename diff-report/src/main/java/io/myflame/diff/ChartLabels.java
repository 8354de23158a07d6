package io.myflame.diff;

import java.util.Set;

/**
 * Labels as a chart shows them: cut in the middle past {@link #MAX} characters and kept distinct
 * from the others already used. JFreeChart breaks axis and legend labels into lines by measuring
 * ever longer prefixes, so a 1 MB server version or function name took it tens of seconds; no
 * chart shows more than this anyway, and the tables beside it keep the whole name.
 */
public final class ChartLabels {
    /** The longest label a chart shows whole. */
    public static final int MAX = 60;

    private ChartLabels() {
    }

    /** {@code label} cut to {@link #MAX} characters, made unique among {@code used} (which it joins). */
    public static String shorten(String label, Set<String> used) {
        String s = label.length() <= MAX ? label : label.substring(0, MAX / 2) + "\u2026" + label.substring(label.length() - MAX / 2 + 1);
        String unique = s;
        for (int n = 2; !used.add(unique); n++) {
            unique = s + " (" + n + ")";
        }
        return unique;
    }

    /** {@code label} cut to {@link #MAX} characters (a title, where uniqueness does not matter). */
    public static String shorten(String label) {
        return label == null ? null : shorten(label, new java.util.HashSet<>());
    }
}
