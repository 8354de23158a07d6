package io.myflame.diff;

import java.util.List;

/**
 * A computed comparison: the columns, the rows with their cells and deltas, and how the cells were
 * measured. Formats ({@link DiffTables}, {@link DiffJson}, {@link DiffHtml}) only read it.
 *
 * @param units     the unit of each column's cells ({@code %}, {@code µs/txn}, {@code cycles/txn})
 * @param threshold the smallest |delta| that marks a row
 */
public record Diff(String title, List<Column> columns, List<String> units, List<DiffRow> rows,
                   Measure measure, Per per, double threshold) {

    public Diff withTitle(String t) {
        return new Diff(t, columns, units, rows, measure, per, threshold);
    }

    public List<String> labels() {
        return columns.stream().map(Column::label).toList();
    }

    /** The unit the deltas are in: the columns' unit when they agree. */
    public String deltaUnit() {
        return units.stream().distinct().count() == 1 ? units.get(0) : "mixed units";
    }

    public boolean hasRepeats() {
        return columns.stream().anyMatch(c -> c.runs().size() > 1);
    }
}
