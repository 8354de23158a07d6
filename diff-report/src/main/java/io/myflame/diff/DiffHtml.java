package io.myflame.diff;

import io.myflame.core.text.Escape;
import io.myflame.core.text.IndentedTable;
import io.myflame.core.text.TableFormat;
import java.io.IOException;
import java.io.Writer;
import java.util.Optional;

/**
 * A comparison as one standalone HTML page (no external files): the table, the category bars,
 * and each column's flamegraph plus a differential flamegraph when a {@link FlameGraphEmbedder}
 * is available. Every name is escaped.
 */
public final class DiffHtml {
    private static final String STYLE = """
            body{font-family:system-ui,sans-serif;margin:2em;color:#222}
            table{border-collapse:collapse;font-size:14px}
            th,td{padding:2px 10px;border-bottom:1px solid #eee}
            td.n,th.n{text-align:right;font-family:ui-monospace,monospace;white-space:nowrap}
            td.f{font-family:ui-monospace,monospace}
            tr.sig td{font-weight:bold;background:#fff4e0}
            .notes{color:#555;font-size:13px;white-space:pre-wrap}
            section{margin-top:2em}
            """;

    private DiffHtml() {
    }

    /** Writes the page; {@code categories} may be null, {@code flames} empty. */
    public static void write(Diff diff, Diff categories, Optional<FlameGraphEmbedder> flames, Writer out)
            throws IOException {
        String title = diff.title() == null ? "myflame diff" : diff.title().replaceFirst("^# ", "");
        out.write("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
                + Escape.xml(title) + "</title>\n<style>\n" + STYLE + "</style>\n</head>\n<body>\n");
        out.write("<h1>" + Escape.xml(title) + "</h1>\n");
        table(DiffTables.of(diff), out);
        if (categories != null) {
            out.write("<section id=\"categories\">\n<h2>Categories</h2>\n");
            out.write(CategoryChart.svg(categories, 900));
            out.write("\n");
            table(DiffTables.of(categories), out);
            out.write("</section>\n");
        }
        flamegraphs(diff, flames, out);
        out.write("</body>\n</html>\n");
        out.flush();
    }

    private static void table(IndentedTable t, Writer out) throws IOException {
        out.write("<table>\n<thead><tr><th>Function</th>");
        for (String c : t.columns()) {
            out.write("<th class=\"n\">" + Escape.xml(c) + "</th>");
        }
        out.write("</tr></thead>\n<tbody>\n");
        for (IndentedTable.Row r : t.rows()) {
            out.write(r.marked() ? "<tr class=\"sig\">" : "<tr>");
            out.write("<td class=\"f\" style=\"padding-left:" + (10 + 18 * r.depth()) + "px\">"
                    + Escape.xml(r.name()) + "</td>");
            for (int c = 0; c < r.values().length; c++) {
                String v = TableFormat.number(r.values()[c]);
                double s = r.spread(c);
                out.write("<td class=\"n\">" + v + (Double.isNaN(s) || v.isEmpty() ? "" : " \u00b1" + TableFormat.number(s))
                        + "</td>");
            }
            out.write("</tr>\n");
        }
        out.write("</tbody>\n</table>\n<div class=\"notes\">");
        for (String n : t.notes()) {
            out.write(Escape.xml(n) + "\n");
        }
        out.write("</div>\n");
    }

    private static void flamegraphs(Diff diff, Optional<FlameGraphEmbedder> flames, Writer out) throws IOException {
        out.write("<section id=\"flamegraphs\">\n<h2>Flamegraphs</h2>\n");
        if (flames.isEmpty()) {
            out.write("<p>No flamegraph renderer in this build: render each input with its own command.</p>\n");
            out.write("</section>\n");
            return;
        }
        FlameGraphEmbedder f = flames.get();
        for (int c = 0; c < diff.columns().size(); c++) {
            Column col = diff.columns().get(c);
            out.write("<h3>" + Escape.xml(col.label()) + "</h3>\n");
            out.write(f.flamegraph(col.runs().get(0).profile(), col.label(), "fg" + c + "-"));
            out.write("\n");
        }
        if (diff.columns().size() >= 2) {
            Column first = diff.columns().get(0);
            Column last = diff.columns().get(diff.columns().size() - 1);
            String t = first.label() + " \u2192 " + last.label();
            out.write("<h3>Differential: " + Escape.xml(t) + "</h3>\n");
            out.write(f.differential(first.runs().get(0).profile(), last.runs().get(0).profile(), t, "fgdiff-"));
            out.write("\n");
        }
        out.write("</section>\n");
    }
}
