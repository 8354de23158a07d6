package io.myflame.core.text;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A table of one row per record, described by its {@link TableColumn}s: each format iterates the
 * columns, so a new column is one line where the table's columns are listed and shows in every
 * format. Text is laid out like {@code perf report} (the numbers first, each followed by its unit,
 * then the name); CSV and JSON give a field per column, keyed for programs; Markdown, HTML and PNG
 * are the registry's layouts ({@link TableFormat}, {@link HtmlTable}, {@link TablePng}) of the
 * {@link IndentedTable} of {@link #tables()}. Footnotes follow the rows in every format but CSV,
 * which holds rows only.
 *
 * @param <R> the row type
 */
public final class ColumnTable<R> implements Document {
    /** The width of a number in the text layout, before its unit ({@code "  %7.2f"}). */
    private static final int NUMBER_WIDTH = 9;

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
    private List<TableColumn<R>> shown() {
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

    @Override
    public void text(Writer out) throws IOException {
        List<TableColumn<R>> shown = shown();
        if (title != null) {
            out.write("# " + Escape.text(title) + "\n");
        }
        StringBuilder header = new StringBuilder();
        for (TableColumn<R> c : shown) {
            header.append(padded(c.name(), NUMBER_WIDTH + c.unit().length()));
        }
        out.write(header + "  " + naming.heading() + "\n");
        for (R r : rows) {
            StringBuilder line = new StringBuilder();
            for (TableColumn<R> c : shown) {
                line.append(padded(c.text(r), NUMBER_WIDTH)).append(c.unit());
            }
            out.write(line + "  " + Escape.name(naming.name().apply(r)) + System.lineSeparator());
        }
        for (String n : notes) {
            out.write("# " + Escape.text(n) + "\n");
        }
    }

    /**
     * The registry's Markdown layout ({@link TableFormat}), untitled: a Markdown table is a table
     * like every other (its name column headed {@code Function}); only text, CSV and JSON have a
     * layout of their own here.
     */
    @Override
    public void markdown(Writer out) throws IOException {
        TableFormat.markdown(table(), out);
    }

    @Override
    public void csv(Writer out) throws IOException {
        StringBuilder header = new StringBuilder(naming.key());
        for (TableColumn<R> c : columns) {
            header.append(',').append(Escape.csv(c.key()));
        }
        out.write(header + "\n");
        for (R r : rows) {
            StringBuilder line = new StringBuilder(Escape.csv(Escape.name(naming.name().apply(r))));
            for (TableColumn<R> c : columns) {
                line.append(',').append(c.text(r));
            }
            out.write(line + "\n");
        }
    }

    @Override
    public void json(Writer out) throws IOException {
        JsonGenerator g = new ObjectMapper().getFactory().createGenerator(out).useDefaultPrettyPrinter();
        g.writeStartObject();
        if (title != null) {
            g.writeStringField("title", title);
        }
        if (totals != null) {
            totals.writeFields(g);
        }
        g.writeArrayFieldStart(naming.listKey());
        for (R r : rows) {
            g.writeStartObject();
            g.writeStringField(naming.key(), Escape.decode(naming.name().apply(r)));
            for (TableColumn<R> c : columns) {
                c.format().json(g, c.key(), c.value().apply(r));
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        if (!notes.isEmpty()) {
            g.writeArrayFieldStart("notes");
            for (String n : notes) {
                g.writeString(n);
            }
            g.writeEndArray();
        }
        g.writeEndObject();
        g.flush();
        out.write("\n");
    }

    /** {@code s} right-aligned in {@code width} characters, without a formatter per cell. */
    private static String padded(String s, int width) {
        return " ".repeat(Math.max(0, width - s.length())) + s;
    }
}
