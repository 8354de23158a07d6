package io.myflame.core.text;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.util.List;

/**
 * Something a command prints: one or more {@link IndentedTable}s, written in any
 * {@link OutputFormat}. The defaults lay the tables out with {@link TableFormat}; a document with a
 * layout of its own (the {@code perf report}-like top table, a comparison's JSON) overrides the
 * formats it lays out differently. {@link OutputFormat#write} is the one place that picks a method.
 */
public interface Document {
    /** The tables, in print order (a comparison and its category breakdown are two). */
    List<IndentedTable> tables();

    default void text(Writer w) throws IOException {
        each(w, t -> TableFormat.text(t, w));
    }

    default void markdown(Writer w) throws IOException {
        each(w, t -> TableFormat.markdown(t, w));
    }

    /** One CSV file holds one table: only the first is written. */
    default void csv(Writer w) throws IOException {
        TableFormat.csv(tables().get(0), w);
    }

    /** The published-list layout: a block per input, number first (report --rows/--focus, diff). */
    default void list(Writer w) throws IOException {
        each(w, t -> TableFormat.list(t, w));
    }

    default void json(Writer w) throws IOException {
        each(w, t -> TableFormat.json(t, w));
    }

    /** A standalone HTML page with the tables. */
    default void html(Writer w) throws IOException {
        HtmlTable.page(tables(), w);
    }

    /** The tables drawn as a PNG image. */
    default void png(OutputStream out) throws IOException {
        TablePng.write(tables(), out);
    }

    private void each(Writer w, TableWriter writer) throws IOException {
        List<IndentedTable> tables = tables();
        for (int i = 0; i < tables.size(); i++) {
            if (i > 0) {
                w.write("\n");
            }
            writer.write(tables.get(i));
        }
    }

    /** Writes one table in one format. */
    @FunctionalInterface
    interface TableWriter {
        void write(IndentedTable t) throws IOException;
    }

    /** A document of the given tables, laid out by the defaults. */
    static Document of(IndentedTable... tables) {
        List<IndentedTable> list = List.of(tables);
        return () -> list;
    }
}
