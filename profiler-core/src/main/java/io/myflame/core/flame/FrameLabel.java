package io.myflame.core.flame;

/**
 * The text of a frame's label when its name does not fit the frame. By default the end is kept, as
 * inferno keeps it (the end of a C++ or Rust name is the function, the start its namespace and
 * class), but never from the middle of an identifier: inferno's
 * {@code ..ete::delete_from_single_table} makes the reader guess the class, while
 * {@code ..delete_from_single_table} says plainly that the qualifiers are left out. The rule, in
 * order, on the characters the frame holds after the two dots:
 * <ol>
 * <li>whole leading qualifiers dropped: the longest tail that starts after a {@code ::} (or the
 *     {@code :::} of Java frames) outside template arguments and parameter lists
 *     ({@code ..delete_from_single_table});</li>
 * <li>when even the function's own name does not fit, whole leading words of it dropped, a word
 *     starting after {@code _} or any other non-identifier character, or at a capital after a small
 *     letter ({@code ..single_table}, {@code ..Thread.run});</li>
 * <li>when not even its last word fits, the last characters, as inferno cuts ({@code ..able}).</li>
 * </ol>
 * With {@code --truncate-text-right} the start is kept and cut at the end, as flamegraph.pl does.
 * The page's script (flame.js, {@code fit}) relabels zoomed frames by the same rule.
 */
final class FrameLabel {
    private FrameLabel() {
    }

    /** The label of {@code name} in a frame {@code w} pixels wide; empty when fewer than 3 characters fit. */
    static String fit(String name, double w, double charWidth, boolean keepStart) {
        int chars = (int) ((w - 6) / charWidth);
        if (chars < 3) {
            return "";
        }
        if (name.length() <= chars) {
            return name;
        }
        if (keepStart) {
            return name.substring(0, chars - 2) + "..";
        }
        return ".." + name.substring(tailStart(name, chars - 2));
    }

    /** Where the kept tail of {@code name} starts when {@code room} characters are left for it. */
    static int tailStart(String name, int room) {
        int earliest = name.length() - room;
        int lastQualifier = 0;
        int depth = 0;
        for (int i = 0; i + 1 < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '<' || c == '(' || c == '[') {
                depth++;
            } else if ((c == '>' || c == ')' || c == ']') && depth > 0) {
                depth--;
            } else if (c == ':' && name.charAt(i + 1) == ':' && depth == 0) {
                // Java frames of perf-map-agent read class:::method: the whole run of colons separates.
                int after = i + 2;
                while (after < name.length() && name.charAt(after) == ':') {
                    after++;
                }
                if (after >= earliest) {
                    return after;
                }
                lastQualifier = after;
                i = after - 1;
            }
        }
        for (int i = Math.max(earliest, lastQualifier + 1); i < name.length(); i++) {
            if (wordStart(name, i)) {
                return i;
            }
        }
        return earliest;
    }

    /** Whether a word starts at {@code i}: a letter or digit after any other character, or a capital after a small letter. */
    private static boolean wordStart(String name, int i) {
        char c = name.charAt(i);
        char before = name.charAt(i - 1);
        if (!Character.isLetterOrDigit(c)) {
            return false;
        }
        return !Character.isLetterOrDigit(before) || Character.isUpperCase(c) && Character.isLowerCase(before);
    }
}
