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
 * A cell may carry a spread (the noise across repeated captures), printed as {@code mean ±spread}.
 *
 * <p>A table is built from its {@link TableColumn}s and a {@link RowOutline} ({@link #of}): the
 * columns give every cell, so a new column is one more in the list and every format (text, list,
 * Markdown, CSV, JSON, HTML, PNG) shows it. The layouts here name a column by its heading in CSV
 * and JSON too, as published tables do.
 */
public final class IndentedTable {
    private final List<String> columns;
    private final List<Row> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private String title;
    private String caption;
    private String unit;
    private ProfileTotals totals;
    private int inputs = -1;
    private String rowHeading = "Function";
    private final java.util.Map<Integer, String[]> listNames = new java.util.HashMap<>();
    /** How each column's numbers are written: two decimals unless a {@link TableColumn} said otherwise. */
    private List<TableColumn.Format> formats;

    /**
     * One row: its name, nesting depth and a value per column.
     *
     * @param key     the short name machine-readable formats (CSV) print; the name when null
     * @param spreads a spread per column ({@link Double#NaN} where none), or null
     */
    public record Row(String name, int depth, double[] values, boolean marked, String key, double[] spreads) {
        public Row(String name, int depth, double[] values, boolean marked) {
            this(name, depth, values, marked, null, null);
        }

        /** The name for CSV: the key when one was given. */
        public String csvName() {
            return key == null ? name : key;
        }

        /** The spread of column {@code c}, NaN when there is none. */
        public double spread(int c) {
            return spreads == null ? Double.NaN : spreads[c];
        }
    }

    public IndentedTable(List<String> columns) {
        this.columns = List.copyOf(columns);
        this.formats = java.util.Collections.nCopies(columns.size(), TableColumn.Format.DECIMAL);
    }

    /**
     * The table of {@code rows}, a cell per column in each: headed by the columns' headings, placed
     * and named by {@code outline}. Rows carry spreads when some column has them.
     */
    public static <R> IndentedTable of(List<TableColumn<R>> columns, RowOutline<R> outline, List<R> rows) {
        IndentedTable t = new IndentedTable(columns.stream().map(TableColumn::heading).toList());
        t.formats = columns.stream().map(TableColumn::format).toList();
        boolean spreads = columns.stream().anyMatch(c -> c.spread() != null);
        for (R r : rows) {
            double[] values = new double[columns.size()];
            double[] spread = spreads ? new double[columns.size()] : null;
            for (int c = 0; c < values.length; c++) {
                values[c] = columns.get(c).number(r);
                if (spreads) {
                    spread[c] = columns.get(c).spread(r);
                }
            }
            t.add(new Row(outline.name().apply(r), outline.depth().applyAsInt(r), values, outline.marked().test(r),
                    outline.key().apply(r), spread));
            String[] names = outline.listNames().apply(r);
            if (names != null) {
                t.listNames(names);
            }
        }
        return t;
    }

    public IndentedTable title(String t) {
        this.title = t;
        return this;
    }

    public String title() {
        return title;
    }

    /** The profile a one-profile table was computed from: JSON gives its totals as numbers. */
    public IndentedTable totals(ProfileTotals t) {
        this.totals = t;
        return this;
    }

    public ProfileTotals totals() {
        return totals;
    }

    /** A sentence printed under the table, before the notes (a figure caption). */
    public IndentedTable caption(String c) {
        this.caption = c;
        return this;
    }

    public String caption() {
        return caption;
    }

    /** What the cells measure, e.g. {@code % of samples} or {@code µs/txn}; shown in every header. */
    public IndentedTable unit(String u) {
        this.unit = u;
        return this;
    }

    public String unit() {
        return unit;
    }

    /** What the rows are, for the HTML header (default {@code Function}; a counters table's are counters). */
    public IndentedTable rowHeading(String h) {
        this.rowHeading = h;
        return this;
    }

    public String rowHeading() {
        return rowHeading;
    }

    /**
     * The name {@code --format list} shows for the last row added in each input's block (an alias
     * row shows there only the name that matched in that input); null entries keep the row's name.
     */
    public IndentedTable listNames(String[] perInput) {
        listNames.put(rows.size() - 1, perInput.clone());
        return this;
    }

    /** The name the list block of input {@code c} shows for row {@code r}. */
    public String listName(int r, int c) {
        String[] names = listNames.get(r);
        return names == null || c >= names.length || names[c] == null ? rows.get(r).name() : names[c];
    }

    /** The first {@code n} columns are inputs (the rest are derived, e.g. deltas): list output has a block per input. */
    public IndentedTable inputs(int n) {
        this.inputs = n;
        return this;
    }

    public int inputs() {
        return inputs < 0 ? columns.size() : inputs;
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

    /** Adds a row with a CSV key and per-column spreads (either may be null). */
    public IndentedTable add(Row row) {
        if (row.values().length != columns.size() || row.spreads() != null && row.spreads().length != columns.size()) {
            throw new IllegalArgumentException("row '" + row.name() + "' does not have " + columns.size() + " columns");
        }
        rows.add(new Row(row.name(), row.depth(), row.values().clone(), row.marked(), row.key(),
                row.spreads() == null ? null : row.spreads().clone()));
        return this;
    }

    /** True when some cell carries a spread. */
    public boolean hasSpreads() {
        for (Row r : rows) {
            for (int c = 0; c < columns.size(); c++) {
                if (!Double.isNaN(r.spread(c))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A footnote printed under the table (e.g. which alternative name matched where). */
    public IndentedTable note(String n) {
        notes.add(n);
        return this;
    }

    public List<String> columns() {
        return columns;
    }

    /** How column {@code c}'s numbers are written. */
    TableColumn.Format format(int c) {
        return formats.get(c);
    }

    public List<Row> rows() {
        return rows;
    }

    public List<String> notes() {
        return notes;
    }
}
