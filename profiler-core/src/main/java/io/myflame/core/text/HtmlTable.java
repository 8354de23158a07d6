package io.myflame.core.text;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * An {@link IndentedTable} as an HTML {@code <table>}: names indented by depth, numbers right
 * aligned, significant (marked) rows highlighted, notes under it. Every name is escaped.
 */
public final class HtmlTable {
    /** The page style: tables, highlighted rows, notes. */
    public static final String STYLE = """
            body{font-family:system-ui,sans-serif;margin:2em;color:#222}
            table{border-collapse:collapse;font-size:14px}
            th,td{padding:2px 10px;border-bottom:1px solid #eee}
            td.n,th.n{text-align:right;font-family:ui-monospace,monospace;white-space:nowrap}
            td.f{font-family:ui-monospace,monospace}
            tr.sig td{font-weight:bold;background:#fff4e0}
            .notes{color:#555;font-size:13px;white-space:pre-wrap}
            section{margin-top:2em}
            """;

    private HtmlTable() {
    }

    /** The head of a standalone page titled {@code title}, up to and including its {@code <h1>}. */
    public static void head(String title, String extraStyle, Writer out) throws IOException {
        out.write("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
                + Escape.xml(title) + "</title>\n<style>\n" + STYLE + extraStyle + "</style>\n</head>\n<body>\n");
        out.write("<h1>" + Escape.xml(title) + "</h1>\n");
    }

    /** A page holding each table under its title. */
    static void page(List<IndentedTable> tables, Writer out) throws IOException {
        String title = tables.get(0).title() == null ? "myflame" : tables.get(0).title().replaceFirst("^# ", "");
        head(title, "", out);
        for (int i = 0; i < tables.size(); i++) {
            if (i > 0 && tables.get(i).title() != null) {
                out.write("<h2>" + Escape.xml(tables.get(i).title()) + "</h2>\n");
            }
            write(tables.get(i), out);
        }
        out.write("</body>\n</html>\n");
    }

    /** The table and its notes. */
    public static void write(IndentedTable t, Writer out) throws IOException {
        out.write("<table>\n<thead><tr><th>" + Escape.xml(t.rowHeading()) + (t.unit() == null ? "" : " (" + Escape.xml(Escape.text(t.unit())) + ")")
                + "</th>");
        for (String c : t.columns()) {
            out.write("<th class=\"n\">" + Escape.xml(Escape.text(c)) + "</th>");
        }
        out.write("</tr></thead>\n<tbody>\n");
        for (IndentedTable.Row r : t.rows()) {
            out.write(r.marked() ? "<tr class=\"sig\">" : "<tr>");
            out.write("<td class=\"f\" style=\"padding-left:" + (10 + 18 * r.depth()) + "px\">"
                    + Escape.xml(Escape.name(r.name())) + "</td>");
            for (int c = 0; c < r.values().length; c++) {
                String v = t.format(c).cell(r.values()[c]);
                double s = r.spread(c);
                out.write("<td class=\"n\">" + v + (Double.isNaN(s) || v.isEmpty() ? "" : " \u00b1" + t.format(c).cell(s))
                        + "</td>");
            }
            out.write("</tr>\n");
        }
        out.write("</tbody>\n</table>\n");
        if (t.caption() != null) {
            out.write("<p class=\"caption\">" + Escape.xml(Escape.text(t.caption())) + "</p>\n");
        }
        out.write("<div class=\"notes\">");
        for (String n : t.notes()) {
            out.write(Escape.xml(Escape.text(n)) + "\n");
        }
        out.write("</div>\n");
    }
}
