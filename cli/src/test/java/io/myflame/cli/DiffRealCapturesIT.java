package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.myflame.core.Decimals;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The acceptance test of {@code myflame diff} on the three real oltp_delete captures: every cell of
 * the delete.rows table is checked — top-level rows against {@code perf report --children} of the
 * same capture, every row against a plain count over the capture's perf script samples: the same
 * figure printed, to the hundredth.
 */
class DiffRealCapturesIT {
    static final String[] CAPTURES = {"mariadb-10.2.11-oltp_delete", "mariadb-10.11-oltp_delete", "mariadb-11.4.5-oltp_delete"};
    static final String[] LABELS = {"10.2.11", "10.11", "11.4.5"};

    static List<List<PerfReference.Sample>> samples = new ArrayList<>();

    @BeforeAll
    static void readSamples() throws Exception {
        for (String c : CAPTURES) {
            samples.add(PerfReference.samples(PerfReference.capture(c).resolve("perf.script.gz")));
        }
    }

    static List<String> args(String... more) {
        List<String> a = new ArrayList<>(List.of("diff"));
        for (int i = 0; i < CAPTURES.length; i++) {
            a.add(PerfReference.capture(CAPTURES[i]).toString());
            a.add("--label");
            a.add(LABELS[i]);
        }
        a.addAll(List.of(more));
        return a;
    }

    static List<String[]> csv(String... more) throws Exception {
        Myflame.Result r = Myflame.run(args(more).toArray(String[]::new));
        assertEquals(0, r.exit(), r.toString());
        List<String[]> rows = new ArrayList<>();
        for (String line : r.out().lines().toList()) {
            rows.add(line.split(",", -1));
        }
        return rows;
    }

    @Test
    void everyCellOfTheDeleteRowsTableMatchesPerfAndAnIndependentCount() throws Exception {
        String rowsFile = Path.of(System.getProperty("myflame.samples"), "rows", "delete.rows").toString();
        List<String[]> table = csv("--rows", rowsFile, "--format", "csv");
        assertEquals("row,depth,10.2.11,10.11,11.4.5,delta_pts,delta_ratio", String.join(",", table.get(0)));
        Myflame.Result json = Myflame.run(args("--rows", rowsFile, "--format", "json").toArray(String[]::new));
        JsonNode rows = new ObjectMapper().readTree(json.out()).get("rows");
        assertEquals(rows.size(), table.size() - 1);
        int perfChecked = 0;
        List<String> overloaded = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            String[] line = table.get(r + 1);
            List<List<String>> chain = chainOf(rows, r);
            for (int c = 0; c < CAPTURES.length; c++) {
                List<String> names = resolve(chain, samples.get(c));
                String cell = line[2 + c];
                String where = line[0] + " in " + LABELS[c];
                if (names == null) {
                    assertEquals("", cell, where + ": no alternative occurs, the cell must be empty");
                    continue;
                }
                // the independent count printed as the table prints it (two decimals, ties to even, as perf)
                assertEquals(Decimals.twoPlaces(PerfReference.chainPercent(samples.get(c), names)), cell, where);
                assertEquals(names.get(names.size() - 1), rows.get(r).get("cells").get(c).get("matched").get(0).asText(), where);
                if (chain.size() == 1) {
                    Map<String, List<Double>> perf = PerfReference.children(
                            PerfReference.capture(CAPTURES[c]).resolve("perf-report-children.txt"));
                    List<Double> ref = perf.get(names.get(0));
                    if (ref != null && ref.size() > 1) {
                        overloaded.add(where); // several perf rows tidy to one name: no single reference
                        continue;
                    }
                    assertTrue(ref != null, where + " is missing from perf report");
                    assertEquals(ref.get(0), Double.parseDouble(cell), where + " vs perf report --children: the same figure");
                    perfChecked++;
                }
            }
            checkDeltas(line);
        }
        // delete.rows has two top-level rows (the statement's steps nest under mysql_execute_command): 2 x 3 inputs.
        assertTrue(perfChecked >= 6, "top-level cells checked against perf report: " + perfChecked);
        assertEquals(List.of(), overloaded, "no delete.rows top-level function is overloaded");
    }

    @Test
    void topRowsOfTheUnionEqualPerfReportChildren() throws Exception {
        List<String[]> table = csv("--top", "40", "--format", "csv");
        int checked = 0;
        int skipped = 0;
        for (String[] line : table.subList(1, table.size())) {
            for (int c = 0; c < CAPTURES.length; c++) {
                List<Double> ref = PerfReference.children(PerfReference.capture(CAPTURES[c]).resolve("perf-report-children.txt")).get(line[0]);
                if (line[0].startsWith("[") || line[2 + c].isEmpty()) {
                    continue; // [unknown] frames: perf reports each address apart
                }
                if (ref != null && ref.size() > 1) {
                    skipped++; // overloads: several perf rows tidy to this name
                    continue;
                }
                assertTrue(ref != null, line[0] + " in " + LABELS[c] + " missing from perf report");
                assertEquals(ref.get(0), Double.parseDouble(line[2 + c]), line[0] + " in " + LABELS[c]);
                checked++;
            }
        }
        assertTrue(checked > 60, "checked " + checked + ", skipped " + skipped);
    }

    /** Deltas are last minus first and last over first, from the same cells. */
    static void checkDeltas(String[] line) {
        String first = line[2];
        String last = line[2 + CAPTURES.length - 1];
        String delta = line[2 + CAPTURES.length];
        if (first.isEmpty() || last.isEmpty()) {
            assertEquals("", delta, line[0]);
            return;
        }
        double f = Double.parseDouble(first);
        double l = Double.parseDouble(last);
        assertEquals(l - f, Double.parseDouble(delta), 0.011, line[0] + " delta");
        if (f >= 0.5) {
            assertEquals(l / f, Double.parseDouble(line[3 + CAPTURES.length]), 0.02 * l / f + 0.01, line[0] + " ratio");
        }
    }

    /** The alternatives of each row from the top row down to row {@code r}. */
    static List<List<String>> chainOf(JsonNode rows, int r) {
        List<List<String>> chain = new ArrayList<>();
        for (int at = r; at >= 0; at = rows.get(at).get("parent").asInt()) {
            List<String> names = new ArrayList<>();
            rows.get(at).get("names").forEach(n -> names.add(n.asText()));
            chain.add(0, names);
        }
        return chain;
    }

    /** Each row's first alternative occurring in the samples; null when a row on the chain has none. */
    static List<String> resolve(List<List<String>> chain, List<PerfReference.Sample> samples) {
        List<String> names = new ArrayList<>();
        for (List<String> alternatives : chain) {
            String found = alternatives.stream().filter(n -> PerfReference.occurs(samples, n)).findFirst().orElse(null);
            if (found == null) {
                return null;
            }
            names.add(found);
        }
        return names;
    }
}
