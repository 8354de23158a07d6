package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.fold.SymbolTidy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * myflame's table of a recording beside {@code perf report --children} of its perf.data, function by
 * function, children and self: what "as exact as perf report" means for a capture recorded here.
 */
final class ReportComparison {
    /** "    61.96%     0.03%  [k] do_syscall_64      -      -" */
    private static final Pattern PERF_ROW = Pattern.compile("^\\s*([\\d.]+)%\\s+([\\d.]+)%\\s+\\[(.)\\]\\s(.*)$");
    private static final Pattern OUR_ROW = Pattern.compile("^\\s*([\\d.]+)%\\s+([\\d.]+)%\\s+(.+)$", Pattern.MULTILINE);

    private ReportComparison() {
    }

    record PerfRow(double children, double self, boolean kernel, String symbol, String function) {
        boolean unresolved() {
            return symbol.startsWith("0x") || symbol.matches("[0-9a-f]{16}");
        }
    }

    /** What {@link #compare} found: the functions whose shares differ, and how many were compared (of them, kernel functions). */
    record Comparison(List<String> mismatches, int compared, int kernel) {
    }

    /** {@code perf report --children} of {@code data} on this machine, where every file is where perf saw it. */
    static List<PerfRow> perfReport(Path data) throws Exception {
        // --no-inline: perf adds inlined frames to dwarf call chains, which myflame does not name.
        Process p = new ProcessBuilder("perf", "report", "-i", data.toString(), "--no-inline", "--children", "--stdio",
                "--sort", "symbol", "-g", "none").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(5, TimeUnit.MINUTES) && p.exitValue() == 0, "perf report failed");
        List<PerfRow> rows = new ArrayList<>();
        for (String line : out.split("\n")) {
            Matcher m = PERF_ROW.matcher(line);
            if (!line.startsWith("#") && m.matches()) {
                String symbol = m.group(4).replaceFirst("\\s+-\\s+-\\s*$", "").strip();
                rows.add(new PerfRow(Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
                        m.group(3).equals("k"), symbol, SymbolTidy.functionName(symbol)));
            }
        }
        return rows;
    }

    /** myflame's table: function → {children, self}. */
    static Map<String, double[]> rows(String table) {
        Map<String, double[]> m = new HashMap<>();
        Matcher row = OUR_ROW.matcher(table);
        while (row.find()) {
            m.put(row.group(3).strip(), new double[] {Double.parseDouble(row.group(1)), Double.parseDouble(row.group(2))});
        }
        return m;
    }

    /**
     * Every function perf names at {@code shown} % or more against myflame's row of it: the same figures printed,
     * both two decimals rounded as C's printf rounds them (a tie to even: 15.625 is 15.62 in both). Left out: unresolved
     * addresses (myflame names them by file) and names perf prints on two rows (overloads, a function in
     * two files), which a table by name counts once where a stack holds both.
     */
    static Comparison compare(List<PerfRow> perf, Map<String, double[]> ours, double shown) {
        Map<String, Integer> perName = new HashMap<>();
        perf.forEach(r -> perName.merge(r.function(), 1, Integer::sum));
        List<String> mismatches = new ArrayList<>();
        int compared = 0;
        int kernel = 0;
        for (PerfRow r : perf) {
            if (r.children() < shown || r.unresolved() || perName.get(r.function()) > 1) {
                continue;
            }
            double[] v = ours.getOrDefault(r.function(), new double[] {0, 0});
            // Parsed from two-decimal text, the same text parses to the same double.
            if (v[0] != r.children() || v[1] != r.self()) {
                mismatches.add(r.function() + ": perf " + r.children() + "/" + r.self() + ", myflame " + v[0] + "/" + v[1]);
            }
            compared++;
            kernel += r.kernel() ? 1 : 0;
        }
        return new Comparison(mismatches, compared, kernel);
    }
}
