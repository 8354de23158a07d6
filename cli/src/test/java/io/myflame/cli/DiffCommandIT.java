package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The diff and categories commands on real captures: repeats, cost per transaction, categories, HTML, errors. */
class DiffCommandIT {
    static final String DEL = PerfReference.capture("mariadb-10.11-oltp_delete").toString();
    static final String POINT = PerfReference.capture("mariadb-10.11-oltp_point_select").toString();
    static final String OLD = PerfReference.capture("mariadb-10.2.11-oltp_delete").toString();
    static final String NEW = PerfReference.capture("mariadb-11.4.5-oltp_delete").toString();

    static JsonNode json(String... args) throws Exception {
        Myflame.Result r = Myflame.run(args);
        assertEquals(0, r.exit(), r.toString());
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void repeatsAreAveragedAndTheirSpreadShown() throws Exception {
        JsonNode single = json("diff", DEL, POINT, "--top", "10", "--format", "json");
        JsonNode merged = json("diff", "--label", "both=" + DEL + "," + POINT, "--label", "del=" + DEL, "--top", "10",
                "--format", "json");
        assertEquals(2, merged.get("columns").get(0).get("runs").size());
        // The two tables may rank different rows: a function only the delete capture has (such as
        // pfs_spawn_thread) is left out of the single diff but is in both merged columns. Compare by name.
        int compared = 0;
        for (JsonNode row : single.get("rows")) {
            JsonNode cells = row.get("cells");
            double a = cells.get(0).get("value").asDouble(0);
            double b = cells.get(1).get("value").asDouble(0);
            String name = row.get("row").asText();
            JsonNode mergedRow = byName(merged, name);
            if (mergedRow == null) {
                continue;
            }
            compared++;
            JsonNode m = mergedRow.get("cells").get(0);
            assertEquals((a + b) / 2, m.get("value").asDouble(), 0.0002, name);
            assertEquals(Math.abs(a - b) / 2, m.get("spread").asDouble(), 0.0002, name);
        }
        assertTrue(compared >= 5, "too few rows in both tables: " + compared);
        Myflame.Result text = Myflame.run("diff", "--label", "both=" + DEL + "," + POINT, "--label", "del=" + DEL, "--top", "5");
        assertTrue(text.out().contains(" \u00b1"), text.out());
        Myflame.Result csv = Myflame.run("diff", "--label", "both=" + DEL + "," + POINT, "--label", "del=" + DEL, "--top", "5",
                "--format", "csv");
        assertTrue(csv.out().startsWith("row,depth,both,del,delta_pts,delta_ratio,both_spread,del_spread,"), csv.out());
    }

    @Test
    void costPerTransactionIsWeightOverTransactions() throws Exception {
        // All rows (--top 0): the two rankings (change of share, change of µs/txn) may share no row of their top few.
        JsonNode pct = json("diff", OLD, DEL, "--top", "0", "--format", "json");
        JsonNode per = json("diff", OLD, DEL, "--top", "0", "--per", "txn", "--txns", "250000", "--txns", "240000",
                "--format", "json");
        // Without --txns the counts come from each capture's capture.json (myflame record).
        JsonNode fromCaptures = json("diff", OLD, DEL, "--top", "0", "--per", "txn", "--format", "json");
        assertEquals("\u00b5s/txn", per.get("columns").get(0).get("unit").asText());
        long[] given = {250000, 240000};
        long[] recorded = {transactions(OLD), transactions(DEL)};
        // --per txn ranks by the change of µs/txn, so its rows may differ from the share ranking: compare by name.
        int compared = 0;
        for (JsonNode row : pct.get("rows")) {
            JsonNode perRow = byName(per, row.get("row").asText());
            JsonNode capRow = byName(fromCaptures, row.get("row").asText());
            if (perRow == null || capRow == null) {
                continue;
            }
            compared++;
            for (int c = 0; c < 2; c++) {
                double share = row.get("cells").get(c).get("value").asDouble();
                long weight = pct.get("columns").get(c).get("runs").get(0).get("weight").asLong();
                assertEquals(share / 100 * weight / 1000.0 / given[c], perRow.get("cells").get(c).get("value").asDouble(), 0.0002);
                assertEquals(share / 100 * weight / 1000.0 / recorded[c], capRow.get("cells").get(c).get("value").asDouble(), 0.0002);
            }
        }
        assertTrue(compared >= 2, "too few rows in both rankings: " + compared);
        Myflame.Result text = Myflame.run("diff", OLD, DEL, "--top", "3", "--per", "txn");
        assertTrue(text.out().contains("\u00b5s/txn from event cpu-clock, ") && text.out().contains(recorded[0] + " transactions"),
                text.out());
    }

    private static JsonNode byName(JsonNode diff, String name) {
        for (JsonNode row : diff.get("rows")) {
            if (row.get("row").asText().equals(name)) {
                return row;
            }
        }
        return null;
    }

    private static long transactions(String capture) throws Exception {
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(Path.of(capture, "capture.json").toFile())
                .get("workload").get("results").get("transactions").asLong();
    }

    @Test
    void categoriesAddUpToAllSamples() throws Exception {
        JsonNode cats = json("categories", OLD, DEL, POINT, "--format", "json");
        for (int c = 0; c < 3; c++) {
            double sum = 0;
            for (JsonNode row : cats.get("rows")) {
                sum += row.get("cells").get(c).get("value").asDouble();
            }
            assertEquals(100.0, sum, 0.001);
        }
        JsonNode withCats = json("diff", OLD, DEL, "--top", "3", "--categories", "--format", "json");
        assertEquals("binlog", withCats.get("categories").get("rows").get(0).get("row").asText());
        // Point selects write no binlog; deletes do (binlog_format=MIXED logs every DELETE).
        assertTrue(cats.get("rows").get(0).get("cells").get(1).get("value").asDouble() > 5);
        assertTrue(cats.get("rows").get(0).get("cells").get(2).get("value").asDouble() < 0.5);
    }

    /**
     * Debian's stripped 10.11 (the point-select capture: every sample passes through a {@code [mariadbd]} frame) gets the mark
     * {@code categories} gives it, in every format {@code diff --categories} writes; the full-symbol
     * 11.4.5 release does not; the comparison table itself keeps both labels.
     */
    @Test
    void diffCategoriesMarkTheStrippedColumnInEveryFormat(@TempDir Path tmp) throws Exception {
        Myflame.Result alone = Myflame.run("categories", POINT, "--label", "10.11", NEW, "--label", "11.4.5");
        assertEquals(0, alone.exit(), alone.toString());
        String warning = unreliableWarning(alone.err(), "myflame categories: ");
        assertTrue(warning.startsWith("10.11: "), alone.err());

        Myflame.Result text = Myflame.run("diff", POINT, "--label", "10.11", NEW, "--label", "11.4.5", "--top", "3", "--categories");
        assertEquals(0, text.exit(), text.toString());
        assertEquals(warning, unreliableWarning(text.err(), "myflame diff: "));
        String[] tables = text.out().split("# CPU categories", 2);
        assertEquals(2, tables.length, text.out());
        assertFalse(tables[0].contains("(unreliable)"), tables[0]);
        assertTrue(tables[1].contains("10.11 (unreliable)"), tables[1]);
        assertFalse(tables[1].contains("11.4.5 (unreliable)"), tables[1]);

        String markdown = Myflame.run("diff", POINT, "--label", "10.11", NEW, "--label", "11.4.5", "--top", "3", "--categories", "--format", "markdown").out();
        assertTrue(markdown.contains("| 10.11 (unreliable) |"), markdown);
        assertFalse(markdown.contains("11.4.5 (unreliable)"), markdown);

        String list = Myflame.run("diff", POINT, "--label", "10.11", NEW, "--label", "11.4.5", "--top", "3", "--categories", "--format", "list").out();
        assertTrue(list.contains("10.11 (unreliable) (% of samples)"), list);

        JsonNode json = json("diff", POINT, "--label", "10.11", NEW, "--label", "11.4.5", "--top", "3", "--categories", "--format", "json");
        assertEquals("10.11", json.get("columns").get(0).get("label").asText());
        assertEquals("10.11 (unreliable)", json.get("categories").get("columns").get(0).get("label").asText());
        assertEquals("11.4.5", json.get("categories").get("columns").get(1).get("label").asText());

        // The HTML page always has the category bars, so it marks them with or without --categories.
        Path page = tmp.resolve("diff.html");
        Myflame.Result html = Myflame.run("diff", POINT, "--label", "10.11", NEW, "--label", "11.4.5", "--top", "3", "--format", "html", "-o", page.toString());
        assertEquals(warning, unreliableWarning(html.err(), "myflame diff: "));
        String[] sections = Files.readString(page, StandardCharsets.UTF_8).split("<section id=\"categories\">", 2);
        assertFalse(sections[0].contains("(unreliable)"));
        assertTrue(sections[1].contains("10.11 (unreliable)"));
        assertFalse(sections[1].contains("11.4.5 (unreliable)"));

        Myflame.Result noCategories = Myflame.run("diff", POINT, "--label", "10.11", NEW, "--label", "11.4.5", "--top", "3");
        assertFalse(noCategories.err().contains("which no category can match"), noCategories.err());
    }

    /** The one warning line about unreliable categories, without its command prefix. */
    private static String unreliableWarning(String err, String prefix) {
        java.util.List<String> lines = err.lines().filter(l -> l.contains("which no category can match")).toList();
        assertEquals(1, lines.size(), err);
        assertTrue(lines.get(0).startsWith(prefix + "warning: "), err);
        return lines.get(0).substring((prefix + "warning: ").length());
    }

    @Test
    void htmlIsOneStandaloneFile(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("diff.html");
        Myflame.Result r = Myflame.run("diff", OLD, DEL, "--rows", Path.of(System.getProperty("myflame.samples"), "rows",
                "delete.rows").toString(), "--format", "html", "-o", out.toString());
        assertEquals(0, r.exit(), r.toString());
        String html = Files.readString(out, StandardCharsets.UTF_8);
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertTrue(html.contains("Sql_cmd_delete::delete_from_single_table"));
        assertTrue(html.contains("<svg"), "category bars");
        assertFalse(html.contains("<script src") || html.contains("<link "), "no external files");
    }

    @Test
    void badInputsAreOneLineErrorsAndLeaveNoOutputFile(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("x.csv");
        Myflame.Result missing = Myflame.run("diff", DEL, tmp.resolve("nope").toString(), "-o", out.toString());
        assertEquals(1, missing.exit(), missing.toString());
        assertEquals(1, missing.err().lines().count(), missing.err());
        assertTrue(missing.err().startsWith("myflame diff: "), missing.err());
        assertFalse(missing.hasStackTrace(), missing.err());
        assertFalse(Files.exists(out));
        // perf script text carries no workload results, so --per needs --txns there.
        Myflame.Result noTxns = Myflame.run("diff", DEL + "/perf.script.gz", OLD + "/perf.script.gz", "--per", "txn",
                "-o", out.toString());
        assertEquals(1, noTxns.exit(), noTxns.toString());
        assertTrue(noTxns.err().contains("--txns"), noTxns.err());
        assertFalse(Files.exists(out));
        Myflame.Result mixed = Myflame.run("diff", DEL, "--label", "a=" + OLD);
        assertEquals(2, mixed.exit(), mixed.toString());
        Myflame.Result txnsCount = Myflame.run("diff", DEL, OLD, "--per", "txn", "--txns", "5");
        assertEquals(2, txnsCount.exit(), txnsCount.toString());
        Path badYaml = tmp.resolve("c.yaml");
        Files.writeString(badYaml, "categories:\n  - name: [x\n");
        Myflame.Result yaml = Myflame.run("categories", DEL, "--categories", badYaml.toString());
        assertEquals(1, yaml.exit(), yaml.toString());
        assertTrue(yaml.err().contains("c.yaml:"), yaml.err());
        Myflame.Result focus = Myflame.run("diff", DEL, OLD, "--focus", "no_such_function");
        assertEquals(1, focus.exit(), focus.toString());
        Myflame.Result twoCsvTables = Myflame.run("diff", DEL, OLD, "--categories", "--format", "csv");
        assertEquals(2, twoCsvTables.exit(), twoCsvTables.toString());
        assertTrue(twoCsvTables.err().contains("myflame categories --format csv"), twoCsvTables.err());
    }

    @Test
    void focusComparesTheCalleeTreeAcrossRenames() throws Exception {
        Myflame.Result r = Myflame.run("diff", OLD, PerfReference.capture("mariadb-11.4.5-oltp_delete").toString(), "--label", "10.2.11",
                "--label", "11.4.5", "--focus", "mysql_delete | Sql_cmd_delete::delete_from_single_table", "--depth", "2",
                "--format", "csv");
        assertEquals(0, r.exit(), r.toString());
        String[] top = r.out().lines().toList().get(1).split(",");
        assertEquals("mysql_delete", top[0]);
        // The focus row is the function's inclusive share: perf report --children of each capture.
        double old = PerfReference.children(Path.of(OLD, "perf-report-children.txt")).get("mysql_delete").get(0);
        double now = PerfReference.children(PerfReference.capture("mariadb-11.4.5-oltp_delete")
                .resolve("perf-report-children.txt")).get("Sql_cmd_delete::delete_from_single_table").get(0);
        assertEquals(old, Double.parseDouble(top[2]), 0.01);
        assertEquals(now, Double.parseDouble(top[3]), 0.01);
        assertTrue(r.out().contains("\nrr_quick,1,"), r.out());
    }
}
