package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code myflame export --format pprof} read by pprof itself: Go's {@code go tool pprof} (Debian's
 * {@code golang-go}, installed by {@code scripts/setup-system}) is the reader fleet profilers
 * share, and what it prints — the raw samples' totals, and the top functions with their flat and
 * cumulative nanoseconds — must equal {@code myflame report} on the same real capture. The test
 * fails, not skips, without go: CI installs it.
 */
class GoPprofIT {
    /** {@code -top} rows: flat flat% sum% cum cum% name, e.g. {@code 4008016ns  0.04%  0.04% 8925851632ns 89.78%  do_handle_one_connection}. */
    private static final Pattern TOP_ROW =
            Pattern.compile("^\\s*(\\d+)(?:ns)?\\s+\\S+%\\s+\\S+%\\s+(\\d+)(?:ns)?\\s+\\S+%\\s+(.+)$");
    /** {@code -raw} sample rows: one value per sample type, then the location ids: {@code 4    8016032: 1 2 3}. */
    private static final Pattern RAW_SAMPLE = Pattern.compile("^\\s*(\\d+)\\s+(\\d+): [\\d ]+$");
    private static final int TOP = 25;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"mariadb-11.4.5-oltp_delete", "mariadb-10.2.11-oltp_delete", "mariadb-10.11-oltp_point_select"})
    void goToolPprofSeesTheReportsTotalsAndTopFunctions(String capture) throws Exception {
        String input = Myflame.samples().resolve("captures").resolve(capture).toString();
        Path pb = dir.resolve(capture + ".pb.gz");
        Myflame.Result export = Myflame.run("export", input, "--format", "pprof", "-o", pb.toString());
        assertEquals(0, export.exit(), export.toString());
        Myflame.Result report = Myflame.run("report", input, "--top", "0", "--format", "json");
        assertEquals(0, report.exit(), report.toString());
        JsonNode json = new ObjectMapper().readTree(report.out());
        assertEquals("cpu-clock", json.get("event").asText(), "the unit below is nanoseconds");

        long[] totals = rawTotals(pprof("-raw", pb.toString()));
        assertEquals(json.get("samples").asLong(), totals[0], "perf samples");
        assertEquals(json.get("weight").asLong(), totals[1], "nanoseconds");

        String top = pprof("-top", "-cum", "-nodecount=" + TOP, "-unit=ns", "-sample_index=cpu", pb.toString());
        assertTrue(top.contains("of " + json.get("weight").asLong() + "ns total"), top);
        checkTop(top, json.get("functions"));
    }

    /** Every function pprof lists has the report's self and inclusive weight, and the listed weights are the report's top ones. */
    private static void checkTop(String top, JsonNode functions) {
        Map<String, long[]> reported = new HashMap<>();
        List<Long> reportedTop = new ArrayList<>();
        for (JsonNode f : functions) {
            reported.put(f.get("function").asText(),
                    new long[] {f.get("self_weight").asLong(), f.get("inclusive_weight").asLong()});
            if (reportedTop.size() < TOP) {
                reportedTop.add(f.get("inclusive_weight").asLong());
            }
        }
        List<Long> shown = new ArrayList<>();
        for (String line : top.split("\n")) {
            Matcher m = TOP_ROW.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String name = m.group(3).strip();
            long[] r = reported.get(name);
            assertNotNull(r, "go tool pprof shows " + name + ", which the report does not have");
            assertEquals(r[0], Long.parseLong(m.group(1)), "self weight of " + name);
            assertEquals(r[1], Long.parseLong(m.group(2)), "inclusive weight of " + name);
            shown.add(Long.parseLong(m.group(2)));
        }
        // Functions of equal weight may be listed in another order: the weights, in order, must agree.
        assertEquals(reportedTop, shown, top);
    }

    /** The sums of the two sample values over the {@code -raw} listing's samples. */
    private static long[] rawTotals(String raw) {
        long[] sums = new long[2];
        int samples = 0;
        for (String line : raw.split("\n")) {
            Matcher m = RAW_SAMPLE.matcher(line);
            if (m.matches()) {
                sums[0] += Long.parseLong(m.group(1));
                sums[1] += Long.parseLong(m.group(2));
                samples++;
            }
        }
        assertTrue(samples > 0, "no samples in go tool pprof -raw:\n" + raw);
        return sums;
    }

    private String pprof(String... args) throws Exception {
        String go = RealParts.find("go");
        assertNotNull(go, "no go on PATH: scripts/setup-system installs golang-go, whose go tool pprof this test runs");
        List<String> cmd = new ArrayList<>(List.of(go, "tool", "pprof"));
        cmd.addAll(List.of(args));
        Path out = dir.resolve("pprof.out");
        Path err = dir.resolve("pprof.err");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        // pprof keeps fetched profiles under $PPROF_TMPDIR (default ~/pprof): none here, but keep it out of $HOME.
        pb.environment().put("PPROF_TMPDIR", dir.toString());
        Process p = pb.start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", cmd) + ": no answer in 300 s");
        }
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + ": " + Files.readString(err));
        return Files.readString(out);
    }
}
