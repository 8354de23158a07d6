package io.myflame.core.text;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.myflame.core.analysis.InclusiveTable;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * The functions-by-inclusive-share table, laid out like {@code perf report --children} in text and
 * with its own columns in Markdown, CSV and JSON; other formats get it as an {@link IndentedTable}.
 */
public final class TopTable implements Document {
    private final List<InclusiveTable.Entry> entries;
    private final String title;
    private final ProfileTotals totals;

    private TopTable(List<InclusiveTable.Entry> entries, String title, ProfileTotals totals) {
        this.entries = List.copyOf(entries);
        this.title = title;
        this.totals = totals;
    }

    /** The table of {@code entries} under {@code title} (may be null). */
    public static TopTable of(List<InclusiveTable.Entry> entries, String title) {
        return new TopTable(entries, title, null);
    }

    /** This table, with the totals of the profile it was computed from (JSON gives them as numbers). */
    public TopTable totals(ProfileTotals t) {
        return new TopTable(entries, title, t);
    }

    @Override
    public List<IndentedTable> tables() {
        IndentedTable t = new IndentedTable(List.of("Children %", "Self %")).title(title).totals(totals);
        for (InclusiveTable.Entry e : entries) {
            t.add(e.function(), 0, e.inclusivePct(), e.selfPct());
        }
        return List.of(t);
    }

    @Override
    public void text(Writer out) throws IOException {
        if (title != null) {
            out.write("# " + Escape.text(title) + "\n");
        }
        out.write("  Children      Self  Function\n");
        for (InclusiveTable.Entry e : entries) {
            out.write(padded(e.inclusivePct()) + "%" + padded(e.selfPct()) + "%  " + Escape.name(e.function())
                    + System.lineSeparator());
        }
    }

    @Override
    public void markdown(Writer out) throws IOException {
        out.write("| Function | Children % | Self % |\n|---|---:|---:|\n");
        for (InclusiveTable.Entry e : entries) {
            out.write("| " + Escape.markdown(Escape.name(e.function())) + " | " + TableFormat.number(e.inclusivePct())
                    + " | " + TableFormat.number(e.selfPct()) + " |\n");
        }
    }

    @Override
    public void csv(Writer out) throws IOException {
        out.write("function,inclusive_pct,self_pct,inclusive_weight,self_weight\n");
        for (InclusiveTable.Entry e : entries) {
            out.write(Escape.csv(Escape.name(e.function())) + "," + TableFormat.number(e.inclusivePct()) + ","
                    + TableFormat.number(e.selfPct()) + "," + e.inclusive() + "," + e.self() + "\n");
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
        g.writeArrayFieldStart("functions");
        for (InclusiveTable.Entry e : entries) {
            g.writeStartObject();
            g.writeStringField("function", Escape.decode(e.function()));
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

    /** "  %7.2f" without a formatter per row. */
    private static String padded(double pct) {
        String n = Decimals.twoPlaces(pct);
        return "         ".substring(0, Math.max(0, 9 - n.length())) + n;
    }
}
