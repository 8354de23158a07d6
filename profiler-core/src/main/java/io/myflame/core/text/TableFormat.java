package io.myflame.core.text;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.myflame.core.Decimals;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * Writes an {@link IndentedTable} as aligned text, GitHub Markdown, CSV or JSON, and a
 * {@link ColumnTable} (a record per row) in its own text, CSV and JSON layouts; which one is
 * chosen by {@link OutputFormat} through a {@link Document}.
 */
public final class TableFormat {

    private TableFormat() {
    }

    static void text(IndentedTable t, Writer out) throws IOException {
        TextTable.text(t, out);
    }

    /** The {@code perf report} layout of a table of records. */
    static void text(ColumnTable<?> t, Writer out) throws IOException {
        TextTable.columns(t, out);
    }

    static void list(IndentedTable t, Writer out) throws IOException {
        TextTable.list(t, out);
    }

    static void markdown(IndentedTable t, Writer out) throws IOException {
        if (t.title() != null) {
            out.write("**" + Escape.markdown(Escape.text(t.title())) + "**\n\n");
        }
        StringBuilder sb = new StringBuilder(t.unit() == null ? "| Function |"
                : "| Function (" + Escape.markdown(Escape.text(t.unit())) + ") |");
        StringBuilder rule = new StringBuilder("|---|");
        for (String c : t.columns()) {
            sb.append(' ').append(Escape.markdown(Escape.text(c))).append(" |");
            rule.append("---:|");
        }
        out.write(sb + "\n" + rule + "\n");
        for (IndentedTable.Row r : t.rows()) {
            StringBuilder line = new StringBuilder("| ");
            line.append("&nbsp;&nbsp;".repeat(r.depth()));
            String name = Escape.markdown(Escape.name(r.name()));
            line.append(r.marked() ? "**" + name + "**" : name);
            line.append(" |");
            for (int c = 0; c < r.values().length; c++) {
                line.append(' ').append(cell(t, r, c)).append(" |");
            }
            out.write(line + "\n");
        }
        if (t.caption() != null) {
            out.write("\n*" + Escape.markdown(Escape.text(t.caption())) + "*\n");
        }
        if (!t.notes().isEmpty()) {
            out.write("\n");
            for (String n : t.notes()) {
                out.write(Escape.markdown(Escape.text(n)) + "  \n");
            }
        }
    }

    static void csv(IndentedTable t, Writer out) throws IOException {
        StringBuilder sb = new StringBuilder("row,depth");
        for (String c : t.columns()) {
            sb.append(',').append(Escape.csv(Escape.text(c)));
        }
        // Spreads go after every value column, so the header starts the same with or without them.
        boolean spreads = t.hasSpreads();
        for (int c = 0; spreads && c < t.columns().size(); c++) {
            sb.append(',').append(Escape.csv(Escape.text(t.columns().get(c)) + "_spread"));
        }
        out.write(sb + "\n");
        for (IndentedTable.Row r : t.rows()) {
            StringBuilder line = new StringBuilder(Escape.csv(Escape.name(r.csvName()))).append(',').append(r.depth());
            for (int c = 0; c < r.values().length; c++) {
                line.append(',').append(t.format(c).cell(r.values()[c]));
            }
            for (int c = 0; spreads && c < t.columns().size(); c++) {
                line.append(',').append(t.format(c).cell(r.spread(c)));
            }
            out.write(line + "\n");
        }
    }

    static void json(IndentedTable t, Writer out) throws IOException {
        JsonGenerator g = generator(out);
        g.writeStartObject();
        if (t.title() != null) {
            g.writeStringField("title", t.title());
        }
        if (t.totals() != null) {
            t.totals().writeFields(g);
        }
        if (t.caption() != null) {
            g.writeStringField("caption", t.caption());
        }
        if (t.unit() != null) {
            g.writeStringField("unit", t.unit());
        }
        g.writeArrayFieldStart("columns");
        for (String c : t.columns()) {
            g.writeString(c);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("rows");
        for (IndentedTable.Row r : t.rows()) {
            g.writeStartObject();
            g.writeStringField("row", Escape.decode(r.name()));
            if (r.key() != null) {
                g.writeStringField("key", Escape.decode(r.key()));
            }
            g.writeNumberField("depth", r.depth());
            g.writeArrayFieldStart("values");
            for (int c = 0; c < r.values().length; c++) {
                t.format(c).json(g, r.values()[c]);
            }
            g.writeEndArray();
            if (r.spreads() != null) {
                g.writeArrayFieldStart("spreads");
                for (int c = 0; c < r.values().length; c++) {
                    t.format(c).json(g, r.spread(c));
                }
                g.writeEndArray();
            }
            if (r.marked()) {
                g.writeBooleanField("marked", true);
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        notes(g, t.notes());
        g.writeEndObject();
        g.flush();
        out.write("\n");
    }

    /** A table of records as CSV: the name, then every column (data-only ones too) under its key; rows only. */
    static <R> void csv(ColumnTable<R> t, Writer out) throws IOException {
        StringBuilder header = new StringBuilder(t.naming().key());
        for (TableColumn<R> c : t.columns()) {
            header.append(',').append(Escape.csv(c.key()));
        }
        out.write(header + "\n");
        for (R r : t.rows()) {
            StringBuilder line = new StringBuilder(Escape.csv(Escape.name(t.naming().name().apply(r))));
            for (TableColumn<R> c : t.columns()) {
                line.append(',').append(c.text(r));
            }
            out.write(line + "\n");
        }
    }

    /**
     * A table of records as JSON: the title and totals, an object per row under the naming's list key
     * (the name, then a field per column under its key), and the notes when there are any.
     */
    static <R> void json(ColumnTable<R> t, Writer out) throws IOException {
        JsonGenerator g = generator(out);
        g.writeStartObject();
        if (t.title() != null) {
            g.writeStringField("title", t.title());
        }
        if (t.totals() != null) {
            t.totals().writeFields(g);
        }
        g.writeArrayFieldStart(t.naming().listKey());
        for (R r : t.rows()) {
            g.writeStartObject();
            g.writeStringField(t.naming().key(), Escape.decode(t.naming().name().apply(r)));
            for (TableColumn<R> c : t.columns()) {
                c.format().json(g, c.key(), c.value().apply(r));
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        if (!t.notes().isEmpty()) {
            notes(g, t.notes());
        }
        g.writeEndObject();
        g.flush();
        out.write("\n");
    }

    /**
     * An indented JSON writer from Jackson's core factory: tables write fields one by one, so a run
     * that prints JSON needs no object mapper (and none of the classes it loads).
     */
    private static JsonGenerator generator(Writer out) throws IOException {
        return Json.FACTORY.createGenerator(out).useDefaultPrettyPrinter();
    }

    /** The factory, made when JSON is first written: a text table loads none of Jackson's classes. */
    private static final class Json {
        static final JsonFactory FACTORY = new JsonFactory();
    }

    private static void notes(JsonGenerator g, List<String> notes) throws IOException {
        g.writeArrayFieldStart("notes");
        for (String n : notes) {
            g.writeString(n);
        }
        g.writeEndArray();
    }

    /** A cell as text: the value, and {@code ±spread} when the cell has a spread; as its column writes numbers. */
    static String cell(IndentedTable t, IndentedTable.Row r, int c) {
        double v = r.values()[c];
        double spread = r.spread(c);
        TableColumn.Format f = t.format(c);
        return Double.isNaN(v) || Double.isNaN(spread) ? f.cell(v) : f.cell(v) + " \u00b1" + f.cell(spread);
    }

    /** Two decimals, empty for a missing value. */
    public static String number(double v) {
        return Double.isNaN(v) ? "" : Decimals.twoPlaces(v);
    }
}
