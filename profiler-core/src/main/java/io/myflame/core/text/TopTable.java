package io.myflame.core.text;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.myflame.core.analysis.InclusiveTable;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * The functions-by-inclusive-share table, laid out like {@code perf report --children} in text and
 * with its own columns in Markdown, CSV and JSON; other formats get it as an {@link IndentedTable}.
 * Footnotes (the share of truncated stacks) follow the rows in every format but CSV, which holds rows only.
 */
public final class TopTable implements Document {
    private final List<InclusiveTable.Entry> entries;
    private final String title;
    private final ProfileTotals totals;
    private final List<String> notes;

    private TopTable(List<InclusiveTable.Entry> entries, String title, ProfileTotals totals, List<String> notes) {
        this.entries = List.copyOf(entries);
        this.title = title;
        this.totals = totals;
        this.notes = List.copyOf(notes);
    }

    /** The table of {@code entries} under {@code title} (may be null). */
    public static TopTable of(List<InclusiveTable.Entry> entries, String title) {
        return new TopTable(entries, title, null, List.of());
    }

    /** This table, with the totals of the profile it was computed from (JSON gives them as numbers). */
    public TopTable totals(ProfileTotals t) {
        return new TopTable(entries, title, t, notes);
    }

    /** The same table with a footnote under it (a comment line in text, as perf report writes them). */
    public TopTable note(String n) {
        List<String> more = new ArrayList<>(notes);
        more.add(n);
        return new TopTable(entries, title, totals, more);
    }

    @Override
    public List<IndentedTable> tables() {
        IndentedTable t = new IndentedTable(List.of("Children %", "Self %")).title(title).totals(totals);
        for (InclusiveTable.Entry e : entries) {
            t.add(e.function(), 0, e.inclusivePct(), e.selfPct());
        }
        notes.forEach(t::note);
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
        for (String n : notes) {
            out.write("# " + Escape.text(n) + "\n");
        }
    }

    @Override
    public void markdown(Writer out) throws IOException {
        out.write("| Function | Children % | Self % |\n|---|---:|---:|\n");
        for (InclusiveTable.Entry e : entries) {
            out.write("| " + Escape.markdown(Escape.name(e.function())) + " | " + TableFormat.number(e.inclusivePct())
                    + " | " + TableFormat.number(e.selfPct()) + " |\n");
        }
        if (!notes.isEmpty()) {
            out.write("\n");
            for (String n : notes) {
                out.write(Escape.markdown(Escape.text(n)) + "  \n");
            }
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

    /** "  %7.2f" without a formatter per row. */
    private static String padded(double pct) {
        String n = Decimals.twoPlaces(pct);
        return "         ".substring(0, Math.max(0, 9 - n.length())) + n;
    }
}
