package io.myflame.core.text;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A table of one row per record, described by its {@link TableColumn}s: each format iterates the
 * columns, so a new column is one line where the table's columns are listed and shows in every
 * format. This class only describes the table; the registry's format classes lay it out, as they
 * do every table: text like {@code perf report} (the numbers first, each followed by its unit, then
 * the name; {@link TextTable#columns}), CSV and JSON with a field per column, keyed for programs
 * ({@link TableFormat}); Markdown, HTML and PNG are their layouts ({@link TableFormat},
 * {@link HtmlTable}, {@link TablePng}) of the {@link IndentedTable} of {@link #tables()}. Footnotes
 * follow the rows in every format but CSV, which holds rows only.
 *
 * @param <R> the row type
 */
public final class ColumnTable<R> implements Document {
    private final List<TableColumn<R>> columns;
    private final List<R> rows;
    private final Naming<R> naming;
    private final String title;
    private final ProfileTotals totals;
    private final List<String> notes;

    /**
     * What a row is called and where its name is found.
     *
     * @param heading the name column's heading ({@code Function})
     * @param key     the name's key in CSV and JSON ({@code function})
     * @param listKey the key of the rows' array in JSON ({@code functions})
     */
    public record Naming<R>(String heading, String key, String listKey, Function<R, String> name) {
    }

    private ColumnTable(List<TableColumn<R>> columns, List<R> rows, Naming<R> naming, String title, ProfileTotals totals,
                        List<String> notes) {
        this.columns = List.copyOf(columns);
        this.rows = List.copyOf(rows);
        this.naming = naming;
        this.title = title;
        this.totals = totals;
        this.notes = List.copyOf(notes);
    }

    /** The table of {@code rows} in {@code columns}, under {@code title} (may be null). */
    public static <R> ColumnTable<R> of(List<TableColumn<R>> columns, Naming<R> naming, List<R> rows, String title) {
        return new ColumnTable<>(columns, rows, naming, title, null, List.of());
    }

    /** This table, with the totals of the profile it was computed from (JSON gives them as numbers). */
    public ColumnTable<R> totals(ProfileTotals t) {
        return new ColumnTable<>(columns, rows, naming, title, t, notes);
    }

    /** The same table with a footnote under it (a comment line in text, as perf report writes them). */
    public ColumnTable<R> note(String n) {
        List<String> more = new ArrayList<>(notes);
        more.add(n);
        return new ColumnTable<>(columns, rows, naming, title, totals, more);
    }

    /** The columns people read (all but the data-only ones). */
    List<TableColumn<R>> shown() {
        return columns.stream().filter(c -> !c.dataOnly()).toList();
    }

    @Override
    public List<IndentedTable> tables() {
        return List.of(table().title(title));
    }

    /** The rows as an {@link IndentedTable} of the columns people read, untitled. */
    private IndentedTable table() {
        IndentedTable t = IndentedTable.of(shown(), RowOutline.of(naming.name(), r -> 0), rows).totals(totals);
        notes.forEach(t::note);
        return t;
    }

    /** The layout of {@code perf report} ({@link TextTable#columns}). */
    @Override
    public void text(Writer out) throws IOException {
        TableFormat.text(this, out);
    }

    /** The registry's Markdown layout of {@link #tables()}, untitled: a Markdown table like every other. */
    @Override
    public void markdown(Writer out) throws IOException {
        TableFormat.markdown(table(), out);
    }

    /** A field per column, data-only ones included, keyed for programs; rows only. */
    @Override
    public void csv(Writer out) throws IOException {
        TableFormat.csv(this, out);
    }

    /** An object per row, a field per column keyed for programs; then the notes. */
    @Override
    public void json(Writer out) throws IOException {
        TableFormat.json(this, out);
    }

    /** Every column, data-only ones included. */
    List<TableColumn<R>> columns() {
        return columns;
    }

    List<R> rows() {
        return rows;
    }

    Naming<R> naming() {
        return naming;
    }

    /** The title, or null. */
    String title() {
        return title;
    }

    /** The totals of the profile, or null. */
    ProfileTotals totals() {
        return totals;
    }

    List<String> notes() {
        return notes;
    }
}
