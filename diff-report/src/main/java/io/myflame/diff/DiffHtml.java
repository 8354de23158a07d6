package io.myflame.diff;

import io.myflame.core.text.Escape;
import io.myflame.core.text.HtmlTable;
import io.myflame.core.text.IndentedTable;
import java.io.IOException;
import java.io.Writer;
import java.util.Optional;
import io.myflame.diff.flame.FlameGraphEmbedder;

/**
 * A comparison as one standalone HTML page (no external files): the table, the category bars,
 * and each column's flamegraph plus a differential flamegraph when a {@link FlameGraphEmbedder}
 * is available. Every name is escaped.
 */
public final class DiffHtml {
    private DiffHtml() {
    }

    /** Writes the page; {@code categories} may be null, {@code flames} empty. */
    public static void write(Diff diff, Diff categories, Optional<FlameGraphEmbedder> flames, Writer out)
            throws IOException {
        write(DiffTables.of(diff), diff, categories, true, null, null, flames, out);
    }

    /**
     * Writes the page: {@code table} (the diff laid out, with its caption and notes), the counters
     * block, the series chart (an SVG document) and the categories, each when not null; the
     * categories' column notes name the input paths only when {@code sources} (--no-paths: labels only).
     */
    public static void write(IndentedTable table, Diff diff, Diff categories, boolean sources, IndentedTable counters,
                             String chart, Optional<FlameGraphEmbedder> flames, Writer out) throws IOException {
        String title = diff.title() == null ? "myflame diff" : diff.title().replaceFirst("^# ", "");
        HtmlTable.head(title, "", out);
        HtmlTable.write(table, out);
        if (chart != null) {
            out.write("<section id=\"series\">\n<h2>Across the inputs</h2>\n");
            // The chart's own XML prologue cannot sit inside HTML: the <svg> element is inlined alone.
            out.write(chart.substring(chart.indexOf("<svg")));
            out.write("\n</section>\n");
        }
        if (counters != null) {
            out.write("<section id=\"counters\">\n<h2>" + Escape.xml(counters.title()) + "</h2>\n");
            HtmlTable.write(counters, out);
            out.write("</section>\n");
        }
        if (categories != null) {
            out.write("<section id=\"categories\">\n<h2>Categories</h2>\n");
            out.write(CategoryChart.svg(categories, 900));
            out.write("\n");
            HtmlTable.write(DiffTables.of(categories, sources), out);
            out.write("</section>\n");
        }
        flamegraphs(diff, flames, out);
        out.write("</body>\n</html>\n");
        out.flush();
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
