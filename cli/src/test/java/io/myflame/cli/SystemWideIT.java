package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code record --system-wide}: a throwaway mariadbd and sysbench, perf on every CPU ({@code -a}) in
 * the overhead check and the window. perf.data holds every process; the capture is the server's: its
 * stacks.folded, its sample count (beside every process's) and a report of the directory, whose
 * shares are perf report's for the server's pid: {@code --pid} with the pid in the sort key (sorted by
 * symbol alone, perf report merges a kernel function's entries across processes before its --pid
 * filter looks, so sysbench's sendto counted for the server's), in shares of every process's weight,
 * scaled to the server's.
 */
@Records
class SystemWideIT {
    /** {@code children% self% TID:COMM [k] symbol}, as perf report prints --sort pid,symbol (its pid key is the thread). */
    private static final Pattern PERF_ROW = Pattern.compile("^\\s*([\\d.]+)%\\s+([\\d.]+)%\\s+(\\d+):\\S+\\s+\\[(.)\\]\\s(.*)$");
    private static final Pattern OUR_ROW = Pattern.compile("^\\s*([\\d.]+)%\\s+([\\d.]+)%\\s+(.+)$", Pattern.MULTILINE);
    private static final Pattern EVENT_COUNT = Pattern.compile("^# Event count \\(approx\\.\\): (\\d+)", Pattern.MULTILINE);
    private static final Pattern OUR_WEIGHT = Pattern.compile("total weight (\\d+)");
    /** Functions at this share or more of the server's weight are compared. */
    private static final double SHOWN = 1.0;
    /**
     * perf rounds its shares of every process's weight to 0.01, per thread; scaled to the server's
     * (about 5 times here) and summed over a few threads, that grows to a few hundredths.
     */
    private static final double TOLERANCE = 0.15;

    @TempDir
    Path tmp;

    @BeforeEach
    void needsRealParts() {
        RealParts.assumeRecordingPossible();
    }

    @Test
    void aSystemWideCaptureIsTheServers() throws Exception {
        Path cap = tmp.resolve("cap");
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "record", "--out", cap.toString(), "--system-wide",
                "--workload", "oltp_point_select", "--threads", "1", "--time", "4", "--warmup", "1",
                "--freq", "499", "--overhead-rounds", "1");
        assertEquals(0, p.waitFor(300), p.err());
        JsonNode meta = new ObjectMapper().readTree(cap.resolve("capture.json").toFile());
        long pid = meta.at("/server/pid").asLong();
        JsonNode perf = meta.path("perf");
        assertTrue(perf.path("system_wide").asBoolean(), perf.toString());
        assertTrue(perf.path("command").asText().contains(" -a "), perf.toString());
        long samples = perf.path("samples").asLong();
        assertTrue(samples > 0 && perf.path("all_samples").asLong() > samples, perf.toString());
        assertEquals("interleaved", meta.at("/checks/profiling_overhead/method").asText(), meta.at("/checks").toString());

        // perf.data: every process; stacks.folded: the server's, every sample of it (below, its weight).
        Set<String> every = roots(Myflame.run("collapse", cap.resolve("perf.data").toString()).out());
        assertTrue(every.contains("sysbench"), "sysbench's samples are in perf.data: " + every);
        List<String> folded = Files.readAllLines(cap.resolve("stacks.folded"));
        assertEquals(Set.of("mariadbd"), roots(String.join("\n", folded)));

        // The directory reads as the server's process: perf report --pid, scaled from every process's weight.
        Myflame.Result ours = Myflame.run("report", cap.toString(), "--top", "0");
        assertEquals(0, ours.exit(), ours.err());
        Matcher w = OUR_WEIGHT.matcher(ours.out());
        assertTrue(w.find(), ours.out());
        long serverWeight = Long.parseLong(w.group(1));
        assertEquals(serverWeight, folded.stream().mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum());
        assertTrue(ours.out().contains(samples + " samples"), "the report counts the server's samples: " + ours.out());
        String report = perfReport(cap.resolve("perf.data"), pid);
        Matcher all = EVENT_COUNT.matcher(report);
        assertTrue(all.find(), report);
        double scale = Double.parseDouble(all.group(1)) / serverWeight;
        assertTrue(scale > 1, "every process weighs more than the server: " + scale);
        Map<String, double[]> rows = rows(ours.out());
        // perf's rows are per thread (its pid sort key is the thread): summed per function, as a sample is one thread's.
        Map<String, double[]> perfShares = new HashMap<>();
        Map<String, Set<String>> threadsOf = new HashMap<>();
        Set<String> ambiguous = new TreeSet<>();
        for (String line : report.split("\n")) {
            Matcher m = PERF_ROW.matcher(line);
            if (!line.startsWith("#") && m.matches()) {
                String symbol = m.group(5).replaceFirst("\\s+-\\s+-\\s*$", "").strip();
                String function = io.myflame.ingest.fold.SymbolTidy.functionName(symbol);
                double[] v = perfShares.computeIfAbsent(function, f -> new double[2]);
                v[0] += Double.parseDouble(m.group(1)) * scale;
                v[1] += Double.parseDouble(m.group(2)) * scale;
                // two entries of one thread with one name (overloads perf prints alike, a function in two files)
                // cannot be summed: a stack holding both counts once in a table by name
                if (!threadsOf.computeIfAbsent(function, f -> new TreeSet<>()).add(m.group(3))) {
                    ambiguous.add(function);
                }
            }
        }
        List<String> mismatches = new ArrayList<>();
        int compared = 0;
        for (Map.Entry<String, double[]> e : perfShares.entrySet()) {
            double children = e.getValue()[0];
            double self = e.getValue()[1];
            if (children < SHOWN || e.getKey().startsWith("0x") || ambiguous.contains(e.getKey())) {
                continue;
            }
            double[] v = rows.getOrDefault(e.getKey(), new double[] {0, 0});
            if (Math.abs(v[0] - children) > TOLERANCE || Math.abs(v[1] - self) > TOLERANCE) {
                mismatches.add(e.getKey() + ": perf " + children + "/" + self + ", myflame " + v[0] + "/" + v[1]);
            }
            compared++;
        }
        assertEquals(List.of(), mismatches, "functions perf report --pid names at >= 1 % of the server's weight");
        assertTrue(compared >= 20, "too few functions compared: " + compared + " (" + ambiguous.size() + " ambiguous)");
    }

    private static Set<String> roots(String folded) {
        Set<String> roots = new TreeSet<>();
        for (String line : folded.split("\n")) {
            if (!line.isBlank()) {
                roots.add(line.substring(0, line.indexOf(';') < 0 ? line.lastIndexOf(' ') : line.indexOf(';')));
            }
        }
        return roots;
    }

    /** {@code perf report --children --pid PID} of {@code data}: shares of every process's weight. */
    private static String perfReport(Path data, long pid) throws Exception {
        Process p = new ProcessBuilder("perf", "report", "-i", data.toString(), "--no-inline", "--children", "--stdio",
                "--sort", "pid,symbol", "-g", "none", "--pid", Long.toString(pid))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(5, TimeUnit.MINUTES) && p.exitValue() == 0, "perf report failed");
        return out;
    }

    /** myflame's table: function → {children, self}. */
    private static Map<String, double[]> rows(String table) {
        Map<String, double[]> m = new HashMap<>();
        Matcher row = OUR_ROW.matcher(table);
        while (row.find()) {
            m.put(row.group(3).strip(), new double[] {Double.parseDouble(row.group(1)), Double.parseDouble(row.group(2))});
        }
        return m;
    }
}
