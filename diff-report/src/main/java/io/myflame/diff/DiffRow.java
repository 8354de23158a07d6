package io.myflame.diff;

import io.myflame.core.analysis.RowSpec;
import java.util.List;

/**
 * One row of a comparison: the row as the user wrote it, a cell per column, and the change from
 * the first column to the last.
 *
 * @param delta       last minus first (points for percentages), NaN when either is absent
 * @param ratio       last divided by first, NaN when either is absent or the first is 0
 * @param significant the change passes the threshold and exceeds the repeats' spread
 */
public record DiffRow(RowSpec spec, List<Cell> cells, double delta, double ratio, boolean significant) {
    /** The name CSV prints: the first alternative as written. */
    public String key() {
        return spec.names().get(0);
    }

    /** True when the columns did not all match the same single name (worth a footnote). */
    public boolean aliased() {
        if (spec.names().size() < 2) {
            return false;
        }
        return cells.stream().anyMatch(Cell::present);
    }
}
