package io.myflame.core.analysis;

import java.util.List;

/**
 * One row of a row file: alternative names of one function (the first present in a profile is
 * used), its nesting depth and its parent row (-1 at top level).
 *
 * @param names  alternatives as written; a name containing {@code *} is a glob over function names
 * @param line   the line of the row file, for messages
 */
public record RowSpec(List<String> names, int depth, int parent, int line) {
    /** The names as the user wrote them, joined the way the file writes them. */
    public String title() {
        return String.join(" | ", names);
    }
}
