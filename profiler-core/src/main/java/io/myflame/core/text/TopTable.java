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
            case TEXT -> {
                if (title != null) {
                    out.write("# " + title + "\n");
                }
                out.write("  Children      Self  Function\n");
                for (InclusiveTable.Entry e : entries) {
                    out.write(String.format(Locale.ROOT, "  %7.2f%%  %7.2f%%  %s%n", e.inclusivePct(), e.selfPct(), e.function()));
                }
            }
            case MARKDOWN -> {
                out.write("| Function | Children % | Self % |\n|---|---:|---:|\n");
                for (InclusiveTable.Entry e : entries) {
                    out.write("| " + Escape.markdown(e.function()) + " | " + TableFormat.number(e.inclusivePct())
                            + " | " + TableFormat.number(e.selfPct()) + " |\n");
                }
            }
            case CSV -> {
                out.write("function,inclusive_pct,self_pct,inclusive_weight,self_weight\n");
                for (InclusiveTable.Entry e : entries) {
                    out.write(Escape.csv(e.function()) + "," + TableFormat.number(e.inclusivePct()) + ","
                            + TableFormat.number(e.selfPct()) + "," + e.inclusive() + "," + e.self() + "\n");
                }
            }
            case JSON -> {
                JsonGenerator g = new ObjectMapper().getFactory().createGenerator(out).useDefaultPrettyPrinter();
                g.writeStartObject();
                if (title != null) {
                    g.writeStringField("title", title);
                }
                g.writeArrayFieldStart("functions");
                for (InclusiveTable.Entry e : entries) {
                    g.writeStartObject();
                    g.writeStringField("function", e.function());
                    g.writeNumberField("inclusive_pct", Math.round(e.inclusivePct() * 10000) / 10000.0);
                    g.writeNumberField("self_pct", Math.round(e.selfPct() * 10000) / 10000.0);
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
    }
}
