package io.myflame.core.text;

import java.util.ArrayList;
import java.util.List;

/**
 * A table of named, nested rows with one numeric column per profile (the shape users publish):
 *
 * <pre>
 *                                         5.6.51   5.7.44   8.0.37
 * mysql_delete | Sql_cmd_delete::execute | Sql_cmd_dml::execute
 *                                          17.77    36.79    37.60
 *   handler::ha_delete_row                  4.52     9.59     6.32
 * </pre>
 *
 * A missing value is {@link Double#NaN} and prints empty. Extra columns (deltas) are plain columns.
 */
public final class IndentedTable {
    private final List<String> columns;
    private final List<Row> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private String title;

    /** One row: its name, nesting depth and a value per column. */
    public record Row(String name, int depth, double[] values, boolean marked) {
    }

    public IndentedTable(List<String> columns) {
        this.columns = List.copyOf(columns);
    }

    public IndentedTable title(String t) {
        this.title = t;
        return this;
    }

    public String title() {
        return title;
    }

    public IndentedTable add(String name, int depth, double... values) {
        return add(name, depth, false, values);
    }

    public IndentedTable add(String name, int depth, boolean marked, double... values) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException(values.length + " values for " + columns.size() + " columns");
        }
        rows.add(new Row(name, depth, values.clone(), marked));
        return this;
    }

    /** A footnote printed under the table (e.g. which alternative name matched where). */
    public IndentedTable note(String n) {
        notes.add(n);
        return this;
    }

    public List<String> columns() {
        return columns;
    }

    public List<Row> rows() {
        return rows;
    }

    public List<String> notes() {
        return notes;
    }
}
