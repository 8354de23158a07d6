package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native perf.data reader on a real mariadbd under sysbench, recorded here with -g by
 * {@code myflame record}: collapse (every root and annotation option) and report give the same
 * output as through {@code perf script} ({@code --via-perf-script}), line for line, but for one
 * deliberate difference: Debian's mariadbd keeps only its exported symbols, and natively each of its
 * unnamed functions is a frame of its own ({@code mariadbd+0x7e3a80}) where perf script has one
 * {@code [mariadbd]} (docs/perf-data.md). Those frames are mapped back to {@code [FILE]} before the
 * folded lines are compared; report's named rows must be equal, and the unnamed functions' self
 * shares must add up to the lump's.
 */
@Records
class PerfDataNativeIT {
    @TempDir
    static Path tmp;
    static Path data;

    @BeforeAll
    static void record() throws Exception {
        RealParts.assumeRecordingPossible();
        Path cap = tmp.resolve("cap");
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "record", "--no-overhead-check", "--out", cap.toString(),
                "--workload", "oltp_read_write", "--threads", "2", "--table-size", "20000", "--time", "5",
                "--warmup", "1", "--freq", "999");
        assertEquals(0, p.waitFor(300), p.err());
        data = cap.resolve("perf.data");
        assertTrue(Files.size(data) > 0);
    }

    @Test
    void collapseIsTheSameAsThroughPerfScript() throws Exception {
        for (List<String> opts : List.of(List.<String>of(), List.of("--pid"), List.of("--tid"), List.of("--kernel"),
                List.of("--all", "--addrs"))) {
            Myflame.Result nat = collapse(opts, false);
            Myflame.Result viaPerf = collapse(opts, true);
            assertEquals(0, nat.exit(), nat.err());
            assertEquals(0, viaPerf.exit(), viaPerf.err());
            assertFalse(nat.err().contains("through perf script"), "read natively: " + nat.err());
            if (opts.contains("--addrs")) {
                assertEquals(viaPerf.out(), nat.out(), "collapse " + opts + ": with addresses, as the peers");
            } else {
                assertTrue(UNNAMED.matcher(nat.out()).find(), "unnamed functions named by file and start");
                assertEquals(merged(viaPerf.out()), merged(UNNAMED.matcher(nat.out()).replaceAll("[$1]")),
                        "collapse " + opts);
            }
            assertTrue(nat.out().contains("mysql_execute_command"), "mariadbd frames resolved");
        }
    }

    @Test
    void reportIsTheSameAsThroughPerfScript() throws Exception {
        Myflame.Result nat = Myflame.run("report", data.toString(), "--top", "0");
        Myflame.Result viaPerf = Myflame.run("report", data.toString(), "--top", "0", "--via-perf-script");
        assertEquals(0, nat.exit(), nat.err());
        Map<String, double[]> natRows = rows(nat.out());
        Map<String, double[]> perfRows = rows(viaPerf.out());
        Map<String, double[]> lumps = new TreeMap<>();
        for (Map.Entry<String, double[]> r : natRows.entrySet()) {
            Matcher m = UNNAMED_ROW.matcher(r.getKey());
            if (m.matches() || r.getKey().startsWith("[")) {
                String file = m.matches() ? "[" + m.group(1) + "]" : r.getKey();
                double[] sum = lumps.computeIfAbsent(file, k -> new double[3]);
                sum[1] += r.getValue()[1];
                sum[2] += 1;
                continue;
            }
            assertEquals(perfRows.containsKey(r.getKey()) ? perfRows.get(r.getKey())[0] : -1, r.getValue()[0], 0,
                    r.getKey());
            assertEquals(perfRows.get(r.getKey())[1], r.getValue()[1], 0, r.getKey());
        }
        for (Map.Entry<String, double[]> lump : lumps.entrySet()) {
            // Self shares are rounded to 0.01 per row.
            assertEquals(perfRows.get(lump.getKey())[1], lump.getValue()[1], 0.005 * (lump.getValue()[2] + 1), lump.getKey());
        }
        assertEquals(perfRows.keySet().stream().filter(k -> !k.startsWith("[")).count(),
                natRows.keySet().stream().filter(k -> !k.startsWith("[") && !UNNAMED_ROW.matcher(k).matches()).count());
    }

    private static final Pattern UNNAMED = Pattern.compile("(?<=^|;)([^;\n]+)\\+0x[0-9a-f]+(?=;| )", Pattern.MULTILINE);
    private static final Pattern UNNAMED_ROW = Pattern.compile("(.+)\\+0x[0-9a-f]+");
    /** "    87.80%     0.15%  do_handle_one_connection" */
    private static final Pattern ROW = Pattern.compile("^\\s+([\\d.]+)%\\s+([\\d.]+)%\\s+(.+)$");

    /**
     * A native fold as perf script's text names its frames: each FILE+0xSTART (a function without
     * symbol) as [FILE], equal stacks summed (docs/perf-data.md).
     */
    static Map<String, Long> asPerfScriptNames(String nativeFold) {
        return merged(UNNAMED.matcher(nativeFold).replaceAll("[$1]"));
    }

    /** Weight per folded stack, equal stacks summed. */
    static Map<String, Long> merged(String folded) {
        Map<String, Long> out = new TreeMap<>();
        for (String line : folded.split("\n")) {
            int sp = line.lastIndexOf(' ');
            out.merge(line.substring(0, sp), Long.parseLong(line.substring(sp + 1)), Long::sum);
        }
        return out;
    }

    /** Report rows: function to {children, self}. */
    private static Map<String, double[]> rows(String report) {
        Map<String, double[]> out = new TreeMap<>();
        for (String line : report.split("\n")) {
            Matcher m = ROW.matcher(line);
            if (m.matches()) {
                out.put(m.group(3), new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))});
            }
        }
        return out;
    }

    private static Myflame.Result collapse(List<String> opts, boolean viaPerfScript) throws Exception {
        List<String> args = new ArrayList<>(List.of("collapse"));
        args.addAll(opts);
        if (viaPerfScript) {
            args.add("--via-perf-script");
        }
        args.add(data.toString());
        return Myflame.run(args.toArray(String[]::new));
    }
}
