package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code diff --top N} on the real oltp_delete captures of two and three versions: the ranking by
 * change, the wrappers it passes over and the functions found in only some inputs, each recomputed
 * here from the captures' perf script samples; aliases joining renamed functions in the table and
 * JSON; a row that matches nothing; one input.
 */
class DiffMoversIT {
    static final String OLD = "mariadb-10.2.11-oltp_delete";
    static final String MID = "mariadb-10.11-oltp_delete";
    static final String NEW = "mariadb-11.4.5-oltp_delete";
    static final int N = 8;
    static final double TOLERANCE = 0.01;
    static final Map<String, List<PerfReference.Sample>> SAMPLES = new HashMap<>();

    @BeforeAll
    static void read() throws Exception {
        for (String c : List.of(OLD, MID, NEW)) {
            SAMPLES.put(c, PerfReference.samples(PerfReference.capture(c).resolve("perf.script.gz")));
        }
    }

    @Test
    void twoVersionsRankTheSharedFunctionsByChange() throws Exception {
        checkRanking(List.of(OLD, NEW));
    }

    @Test
    void threeVersionsRankFromFirstToLast() throws Exception {
        checkRanking(List.of(OLD, MID, NEW));
    }

    private static void checkRanking(List<String> captures) throws Exception {
        List<String> args = new ArrayList<>(List.of("diff"));
        captures.forEach(c -> args.add(PerfReference.capture(c).toString()));
        args.addAll(List.of("--top", Integer.toString(N), "--format", "json"));
        Myflame.Result r = Myflame.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());

        List<Map<String, Double>> shares = captures.stream().map(c -> inclusive(SAMPLES.get(c))).toList();
        List<String> shared = new ArrayList<>(shares.get(0).keySet());
        shared.removeIf(f -> shares.stream().anyMatch(s -> !s.containsKey(f)));
        Map<String, Double> change = new HashMap<>();
        shared.forEach(f -> change.put(f, shares.get(shares.size() - 1).get(f) - shares.get(0).get(f)));
        shared.sort(Comparator.<String>comparingDouble(f -> -Math.abs(change.get(f))).thenComparing(Comparator.naturalOrder()));
        List<String> expected = new ArrayList<>();
        int wrappers = 0;
        for (String f : shared) {
            if (expected.size() == N) {
                break;
            }
            if (captures.stream().allMatch(c -> passesThrough(SAMPLES.get(c), f))) {
                wrappers++;
            } else {
                expected.add(f);
            }
        }
        JsonNode changed = json.get("changed");
        assertEquals(expected, names(changed, "function"), "ranking by |change| of " + captures);
        for (JsonNode row : changed) {
            String f = row.get("function").asText();
            assertEquals(change.get(f), row.get("delta_pts").asDouble(), TOLERANCE, f);
            for (int c = 0; c < captures.size(); c++) {
                assertEquals(shares.get(c).get(f), row.get("values").get(c).asDouble(), TOLERANCE, f + " in " + captures.get(c));
            }
        }
        assertEquals(wrappers, json.get("wrappers_left_out").asInt());
        assertTrue(wrappers > 0, "the real captures have pass-through wrappers (handle_one_connection)");

        for (int c = 0; c < captures.size(); c++) {
            Map<String, Double> here = shares.get(c);
            List<String> only = new ArrayList<>(here.keySet());
            only.removeIf(f -> here.get(f) < 0.5 || shares.stream().allMatch(s -> s.containsKey(f)));
            only.sort(Comparator.<String>comparingDouble(f -> -here.get(f)).thenComparing(Comparator.naturalOrder()));
            String label = json.get("columns").get(c).get("label").asText();
            assertEquals(only.subList(0, Math.min(N, only.size())), names(json.get("only_in").get(label), "function"),
                    "only in " + label);
        }
    }

    @Test
    void theTextTableSaysHowItRankedAndWhatIsOnlyOnOneSide() throws Exception {
        Myflame.Result r = Myflame.run("diff", PerfReference.capture(OLD).toString(), PerfReference.capture(NEW).toString(),
                "--top", "5", "--no-paths");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("largest |11.4.5 - 10.2.11| first"), r.out());
        String only = r.out().lines().filter(l -> l.startsWith("only in 11.4.5: ")).findFirst().orElseThrow();
        assertTrue(only.startsWith("only in 11.4.5: pfs_spawn_thread "), only);
        assertFalse(r.out().contains("samples/captures"), "--no-paths leaves the input paths out:\n" + r.out());
        Myflame.Result page = Myflame.run("diff", PerfReference.capture(OLD).toString(), PerfReference.capture(NEW).toString(),
                "--top", "5", "--no-paths", "--format", "html");
        assertEquals(0, page.exit(), page.err());
        assertTrue(page.out().contains("id=\"categories\""), "the page has its categories table");
        assertFalse(page.out().contains("samples/captures"), "--no-paths leaves the paths out of the page's tables too");
    }

    @Test
    void anAliasJoinsTheRenamedFunctionInTableAndJson(@TempDir Path dir) throws Exception {
        Path rows = Files.writeString(dir.resolve("one.rows"), "Sql_cmd_delete::delete_from_single_table\n");
        String[] base = {"diff", PerfReference.capture(OLD).toString(), PerfReference.capture(NEW).toString(),
            "--rows", rows.toString(), "--format", "json"};
        JsonNode without = json(base);
        assertTrue(without.get("rows").get(0).get("cells").get(0).get("value").isNull(), "10.2.11 has no such function");

        List<String> aliased = new ArrayList<>(List.of(base));
        aliased.addAll(List.of("--alias", "mysql_delete=Sql_cmd_delete::delete_from_single_table"));
        JsonNode with = json(aliased.toArray(String[]::new));
        JsonNode old = with.get("rows").get(0).get("cells").get(0);
        assertEquals(PerfReference.chainPercent(SAMPLES.get(OLD), List.of("mysql_delete")), old.get("value").asDouble(), TOLERANCE);
        assertEquals("mysql_delete", old.get("matched").get(0).asText());
        assertEquals(PerfReference.chainPercent(SAMPLES.get(NEW), List.of("Sql_cmd_delete::delete_from_single_table")),
                with.get("rows").get(0).get("cells").get(1).get("value").asDouble(), TOLERANCE);

        // The same joining through a row file's alternatives, in the text table with its footnote.
        Files.writeString(rows, "mysql_delete | Sql_cmd_delete::delete_from_single_table\n");
        Myflame.Result text = Myflame.run("diff", PerfReference.capture(OLD).toString(), PerfReference.capture(NEW).toString(),
                "--rows", rows.toString());
        assertTrue(text.out().contains("10.2.11 mysql_delete; 11.4.5 Sql_cmd_delete::delete_from_single_table"), text.out());
    }

    @Test
    void aRowMatchingNothingIsReportedWithTheClosestNames(@TempDir Path dir) throws Exception {
        Path rows = Files.writeString(dir.resolve("typo.rows"), "mysql_execute_command\n  handler::ha_delete_rows\n");
        Myflame.Result r = Myflame.run("diff", PerfReference.capture(OLD).toString(), PerfReference.capture(NEW).toString(),
                "--rows", rows.toString());
        assertEquals(0, r.exit(), r.err());
        String warning = r.err().lines().filter(l -> l.contains("handler::ha_delete_rows")).findFirst().orElseThrow();
        assertTrue(warning.contains("(line 2) matches no function in any input; closest: handler::ha_delete_row"), warning);
    }

    @Test
    void oneInputIsAUsageErrorPointingToReport() throws Exception {
        Myflame.Result r = Myflame.run("diff", PerfReference.capture(NEW).toString(), "--top", "5");
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("myflame diff: diff compares two or more inputs; for one, use 'myflame report "), r.err());
    }

    private static JsonNode json(String... args) throws Exception {
        Myflame.Result r = Myflame.run(args);
        assertEquals(0, r.exit(), r.err());
        return new ObjectMapper().readTree(r.out());
    }

    private static List<String> names(JsonNode array, String field) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.get(field).asText()));
        return out;
    }

    /** Inclusive percent of every function: the weight of samples whose stack holds it at least once. */
    static Map<String, Double> inclusive(List<PerfReference.Sample> samples) {
        Map<String, Long> w = new HashMap<>();
        long total = 0;
        for (PerfReference.Sample s : samples) {
            total += s.period();
            for (String f : new HashSet<>(s.frames())) {
                w.merge(f, s.period(), Long::sum);
            }
        }
        Map<String, Double> pct = new HashMap<>();
        for (Map.Entry<String, Long> e : w.entrySet()) {
            pct.put(e.getKey(), 100.0 * e.getValue() / total);
        }
        return pct;
    }

    /** Whether every occurrence of {@code f} is followed by the same one callee, never a leaf: a pure wrapper. */
    static boolean passesThrough(List<PerfReference.Sample> samples, String f) {
        Set<String> next = new HashSet<>();
        for (PerfReference.Sample s : samples) {
            List<String> frames = s.frames();
            for (int i = 0; i < frames.size(); i++) {
                if (frames.get(i).equals(f)) {
                    next.add(i + 1 < frames.size() ? frames.get(i + 1) : "");
                }
            }
        }
        return next.size() == 1 && !next.contains("");
    }
}
