package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.diff.chart.SeriesChart;
import io.myflame.diff.chart.SeriesLines;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a comparison's outputs say by themselves (issue 37), on the bundled captures: a chart of many
 * rows stays readable, footnotes are not repeated, a blank cell is explained, the HTML page and
 * {@code categories --per txn} give the same µs/txn, and a partly symbolised input is named in the
 * table, the page and the chart.
 */
class TruthfulDiffIT {
    static final String OLD = PerfReference.capture("mariadb-10.2.11-oltp_delete").toString();
    static final String NEW = PerfReference.capture("mariadb-11.4.5-oltp_delete").toString();
    static final String NEW_FP = PerfReference.capture("mariadb-11.4.5-oltp_delete-fp").toString();
    /** Debian's stripped 10.11 server: a good part of its self time has no symbol. */
    static final String STRIPPED = PerfReference.capture("mariadb-10.11-oltp_point_select").toString();
    static final String DELETE_ROWS = Myflame.samples().resolve("rows/delete.rows").toString();

    static Myflame.Result ok(String... args) throws Exception {
        Myflame.Result r = Myflame.run(args);
        assertEquals(0, r.exit(), r.toString());
        return r;
    }

    @Test
    void aChartOfManyRowsDrawsEightInDistinctColoursAndSaysWhatItLeftOut(@TempDir Path tmp) throws Exception {
        Path png = tmp.resolve("series.png");
        Path svg = tmp.resolve("series.svg");
        // The README's example, on captures whose numbers no other work changes.
        String csv = ok("diff", OLD, NEW_FP, NEW, "--rows", DELETE_ROWS, "--chart", png.toString(), "--format", "csv").out();
        ok("diff", OLD, NEW_FP, NEW, "--rows", DELETE_ROWS, "--chart", svg.toString(), "--format", "csv");
        long rows = csv.lines().count() - 1;
        assertTrue(rows > SeriesLines.MAX_LINES, "the row file has more rows than a chart draws: " + rows);
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(SeriesChart.WIDTH, image.getWidth());
        assertEquals(SeriesChart.HEIGHT, image.getHeight());

        String chart = Files.readString(svg);
        List<String> labels = Pattern.compile(">\\s*(\\d+\\. [^<]*)<").matcher(chart).results()
                .map(m -> m.group(1).strip()).toList();
        assertEquals(SeriesLines.MAX_LINES, labels.size(), "one label per drawn line, no legend: " + labels);
        assertTrue(chart.contains(SeriesLines.MAX_LINES + " of " + rows + " rows, those that change most"),
                "the subtitle says how many rows are drawn and how they were chosen");
        // Each line in its own colour: every one of the eight colours strokes a line, and labels are never repeated.
        for (java.awt.Color c : SeriesLines.COLOURS) {
            String rgb = "rgb(" + c.getRed() + "," + c.getGreen() + "," + c.getBlue() + ")";
            assertTrue(chart.contains("stroke:" + rgb), "a line in " + rgb);
        }
        assertEquals(labels.size(), new HashSet<>(labels).size(), labels.toString());
    }

    @Test
    void anAliasListedUnderTwoParentsIsExplainedOnce(@TempDir Path tmp) throws Exception {
        Path rows = Files.writeString(tmp.resolve("twice.rows"), String.join("\n",
                "mysql_execute_command", "  rr_quick | QUICK_RANGE_SELECT::get_next",
                "do_command", "  rr_quick | QUICK_RANGE_SELECT::get_next", ""));
        String out = ok("diff", OLD, NEW, "--rows", rows.toString()).out();
        List<String> footnotes = out.lines().filter(l -> l.matches("\\[\\d+\\] .*")).toList();
        assertEquals(1, footnotes.size(), out);
        assertTrue(footnotes.get(0).startsWith("[1] rr_quick: "), out);
        assertEquals(2, out.lines().filter(l -> l.contains("rr_quick | QUICK_RANGE_SELECT::get_next [1]")).count(),
                "both rows point to the one footnote: " + out);
    }

    @Test
    void aBlankCellIsExplainedOnlyWhenThereIsOne(@TempDir Path tmp) throws Exception {
        // 10.2.11 has no Sql_cmd_delete::delete_from_single_table: its cell is blank.
        String blank = ok("diff", OLD, NEW, "--rows", DELETE_ROWS).out();
        List<String> notes = blank.lines().filter(l -> l.startsWith("blank: ")).toList();
        assertEquals(1, notes.size(), blank);
        assertTrue(notes.get(0).endsWith("(not run, or not by that name): 10.2.11"), notes.get(0));
        Path full = Files.writeString(tmp.resolve("full.rows"), "mysql_execute_command\ntrans_commit_stmt\n");
        String none = ok("diff", OLD, NEW, "--rows", full.toString()).out();
        assertFalse(none.contains("blank: "), none);
    }

    @Test
    void thePageAndCategoriesPerTxnGiveTheSameFigures(@TempDir Path tmp) throws Exception {
        // Without repeats, and with two repeats of 11.4.5 at different rates (where the footer once took
        // the ratio of sums, 85.35, beside the cells' and counters' mean, 90.48).
        List<List<String>> inputs = List.of(List.of(OLD, NEW),
                List.of("--label", "10.2.11=" + OLD, "--label", "11.4.5=" + NEW + "," + NEW_FP));
        for (List<String> in : inputs) {
            List<String> cats = new ArrayList<>(List.of("categories"));
            cats.addAll(in);
            cats.addAll(List.of("--per", "txn"));
            String table = ok(cats.toArray(String[]::new)).out();
            Path page = tmp.resolve("page.html");
            List<String> diff = new ArrayList<>(List.of("diff"));
            diff.addAll(in);
            diff.addAll(List.of("--per", "txn", "--rows", DELETE_ROWS, "-o", page.toString()));
            ok(diff.toArray(String[]::new));
            String html = Files.readString(page);
            String section = html.substring(html.indexOf("<section id=\"categories\">"));
            Map<String, List<String>> onPage = cells(section.substring(section.indexOf("<table"), section.indexOf("</table>")));
            Map<String, List<String>> fromCommand = textCells(table);
            assertEquals(fromCommand, onPage, "categories --per txn and the page's categories, " + in);

            // The footer's µs CPU/txn, the counters' CPU per transaction and the categories' sum are one figure.
            List<Double> footer = Pattern.compile("([0-9.]+) \u00b5s CPU/txn").matcher(table).results()
                    .map(m -> Double.parseDouble(m.group(1))).toList();
            Matcher counters = Pattern.compile("CPU per transaction \\(server total\\), \u00b5s/txn</td>((?:<td[^>]*>[^<]*</td>)+)")
                    .matcher(html);
            assertTrue(counters.find(), "the page's counters show CPU per transaction");
            List<Double> counted = Pattern.compile(">([0-9.]+)<").matcher(counters.group(1)).results()
                    .map(m -> Double.parseDouble(m.group(1))).toList();
            assertEquals(footer, counted, "footer and counters, " + in);
            for (int c = 0; c < footer.size(); c++) {
                int column = c;
                double sum = fromCommand.values().stream().mapToDouble(v -> Double.parseDouble(v.get(column).split(" ")[0])).sum();
                // Nine categories, each rounded to 0.005.
                assertEquals(footer.get(c), sum, 9 * 0.005 + 1e-9, "the categories add up to the column's CPU per transaction");
            }
        }
    }

    @Test
    void aPartlySymbolisedInputIsNamedInTheTableThePageAndTheChart(@TempDir Path tmp) throws Exception {
        Path svg = tmp.resolve("series.svg");
        Path page = tmp.resolve("page.html");
        String table = ok("diff", OLD, STRIPPED, NEW, "--label", "10.2.11", "--label", "stripped", "--label", "11.4.5",
                "--top", "5", "--chart", svg.toString()).out();
        String note = "stripped is partly symbolised: ";
        assertEquals(1, table.lines().filter(l -> l.startsWith(note)).count(), table);
        assertTrue(Files.readString(svg).contains(note), "the chart's subtitle names the input");
        ok("diff", OLD, STRIPPED, NEW, "--label", "10.2.11", "--label", "stripped", "--label", "11.4.5", "--top", "5",
                "-o", page.toString());
        assertTrue(Files.readString(page).contains(note), "the page names the input");
        String cats = ok("categories", OLD, STRIPPED, "--label", "10.2.11", "--label", "stripped").out();
        // categories marks the column (unreliable) by its own rule; the note names it by that label.
        assertTrue(cats.contains("stripped (unreliable) is partly symbolised: "), cats);
        // report's tables too, in every mode.
        for (String[] mode : List.of(new String[] {"--top", "5"}, new String[] {"--rows", DELETE_ROWS},
                new String[] {"--by-thread"}, new String[] {"--focus", "do_command", "--depth", "2"})) {
            List<String> args = new ArrayList<>(List.of("report", STRIPPED));
            args.addAll(List.of(mode));
            String report = ok(args.toArray(String[]::new)).out();
            assertEquals(1, report.lines().filter(l -> l.contains(" is partly symbolised: ")).count(), report);
        }
        // Fully named inputs carry no such note.
        String named = ok("diff", OLD, NEW, "--top", "5").out();
        assertFalse(named.contains("partly symbolised"), named);
        String report = ok("report", NEW, "--top", "5").out();
        assertFalse(report.contains("partly symbolised"), report);
    }

    /** The category rows of an HTML table: name to cells of the inputs (mean ± spread as the text shows it). */
    private static Map<String, List<String>> cells(String table) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        Matcher row = Pattern.compile("<tr[^>]*><td class=\"f\"[^>]*>([^<]*)</td>(.*?)</tr>").matcher(table);
        while (row.find()) {
            List<String> cells = Pattern.compile("<td class=\"n\">([^<]*)</td>").matcher(row.group(2)).results()
                    .map(m -> m.group(1).replace("&#177;", "\u00b1").strip()).toList();
            out.put(row.group(1).strip(), cells.subList(0, cells.size() - 2));
        }
        return out;
    }

    /** The same from the text table: rows after the header up to the blank line, delta columns dropped. */
    private static Map<String, List<String>> textCells(String text) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        List<String> lines = text.lines().toList();
        for (int i = 2; i < lines.size() && !lines.get(i).isBlank(); i++) {
            Matcher m = Pattern.compile("^(.*?)(?: \\*)?\\s{2,}(\\d.*)$").matcher(lines.get(i));
            assertTrue(m.find(), lines.get(i));
            List<String> values = new ArrayList<>();
            Matcher v = Pattern.compile("-?\\d+\\.\\d\\d(?: \u00b1\\d+\\.\\d\\d)?").matcher(m.group(2));
            while (v.find()) {
                values.add(v.group());
            }
            out.put(m.group(1).strip(), values.subList(0, values.size() - (values.size() % 2 == 0 ? 2 : 1)));
        }
        return out;
    }
}
