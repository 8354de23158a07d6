package io.myflame.core.text;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.myflame.core.analysis.InclusiveTable;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;

/** The functions-by-inclusive-share table, laid out like {@code perf report --children}. */
public final class TopTable {
    private TopTable() {
    }

    public static void write(List<InclusiveTable.Entry> entries, TableFormat format, String title, Writer out)
            throws IOException {
        switch (format) {
            case TEXT -> text(entries, title, out);
            case MARKDOWN -> markdown(entries, out);
            case CSV -> csv(entries, out);
            case JSON -> json(entries, title, out);
        }
    }

    private static void text(List<InclusiveTable.Entry> entries, String title, Writer out) throws IOException {
        if (title != null) {
            out.write("# " + title + "\n");
        }
        out.write("  Children      Self  Function\n");
        for (InclusiveTable.Entry e : entries) {
            out.write(String.format(Locale.ROOT, "  %7.2f%%  %7.2f%%  %s%n", e.inclusivePct(), e.selfPct(), e.function()));
        }
    }

    private static void markdown(List<InclusiveTable.Entry> entries, Writer out) throws IOException {
        out.write("| Function | Children % | Self % |\n|---|---:|---:|\n");
        for (InclusiveTable.Entry e : entries) {
            out.write("| " + Escape.markdown(e.function()) + " | " + TableFormat.number(e.inclusivePct())
                    + " | " + TableFormat.number(e.selfPct()) + " |\n");
        }
    }

    private static void csv(List<InclusiveTable.Entry> entries, Writer out) throws IOException {
        out.write("function,inclusive_pct,self_pct,inclusive_weight,self_weight\n");
        for (InclusiveTable.Entry e : entries) {
            out.write(Escape.csv(e.function()) + "," + TableFormat.number(e.inclusivePct()) + ","
                    + TableFormat.number(e.selfPct()) + "," + e.inclusive() + "," + e.self() + "\n");
        }
    }

    private static void json(List<InclusiveTable.Entry> entries, String title, Writer out) throws IOException {
        JsonGenerator g = new ObjectMapper().getFactory().createGenerator(out).useDefaultPrettyPrinter();
        g.writeStartObject();
        if (title != null) {
            g.writeStringField("title", title);
        }
        g.writeArrayFieldStart("functions");
        for (InclusiveTable.Entry e : entries) {
            g.writeStartObject();
            g.writeStringField("function", e.function());
            g.writeNumberField("inclusive_pct", Decimals.round(e.inclusivePct(), 4));
            g.writeNumberField("self_pct", Decimals.round(e.selfPct(), 4));
            g.writeNumberField("inclusive_weight", e.inclusive());
            g.writeNumberField("self_weight", e.self());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
        g.flush();
        out.write("\n");
    }
}
