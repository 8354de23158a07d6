package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.myflame.recorder.perf.PerfPermissions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * record's default where perf may sample every CPU (root here), {@code --system-wide}: a throwaway
 * mariadbd and sysbench, perf on every CPU ({@code -a}) in the overhead check and the window. perf recorded every process; the capture keeps the server's:
 * perf.data holds the server's samples alone (every other record as perf wrote it), capture.json
 * counts both, and perf report of that perf.data, myflame's report of it and of the directory are one
 * profile, function by function.
 */
@Records
class SystemWideIT {
    /** Functions at this share or more are compared. */
    private static final double SHOWN = 0.5;

    @TempDir
    Path tmp;

    @BeforeEach
    void needsRealParts() {
        RealParts.assumeRecordingPossible();
        assumeTrue(PerfPermissions.everyCpuAllowed(), "perf may not sample every CPU here (not root, perf_event_paranoid > 0)");
    }

    @Test
    void aSystemWideCaptureIsTheServers() throws Exception {
        Path cap = tmp.resolve("cap");
        // no option: every CPU is record's default where perf may
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "record", "--out", cap.toString(),
                "--workload", "oltp_point_select", "--threads", "1", "--time", "4", "--warmup", "1",
                "--freq", "499", "--overhead-rounds", "1");
        assertEquals(0, p.waitFor(300), p.err());
        JsonNode meta = new ObjectMapper().readTree(cap.resolve("capture.json").toFile());
        long pid = meta.at("/server/pid").asLong();
        JsonNode perf = meta.path("perf");
        assertTrue(perf.path("system_wide").asBoolean(), perf.toString());
        assertTrue(perf.path("command").asText().contains(" -a "), perf.toString());
        long samples = perf.path("samples").asLong();
        assertTrue(samples > 0 && perf.path("all_samples").asLong() > samples, "sysbench ran beside the server: " + perf);
        assertEquals("interleaved", meta.at("/checks/profiling_overhead/method").asText(), meta.at("/checks").toString());

        // perf.data, as perf reads it: the server's samples, all of them
        Path data = cap.resolve("perf.data");
        List<String> pids = perfScript(data, "pid");
        assertEquals(samples, pids.size());
        assertEquals(Set.of(Long.toString(pid)), new TreeSet<>(pids.stream().map(String::strip).toList()));
        assertEquals(Set.of("mariadbd"), roots(Files.readString(cap.resolve("stacks.folded"))));

        Myflame.Result ofDirectory = Myflame.run("report", cap.toString(), "--top", "0");
        assertEquals(0, ofDirectory.exit(), ofDirectory.err());
        assertTrue(ofDirectory.out().contains(samples + " samples"), ofDirectory.out());
        Myflame.Result ofFile = Myflame.run("report", data.toString(), "--top", "0");
        assertEquals(ReportComparison.rows(ofDirectory.out()).keySet(), ReportComparison.rows(ofFile.out()).keySet());

        ReportComparison.Comparison c = ReportComparison.compare(ReportComparison.perfReport(data),
                ReportComparison.rows(ofDirectory.out()), SHOWN);
        assertEquals(List.of(), c.mismatches(), "functions perf report names at >= 0.5 %");
        assertTrue(c.compared() >= 20 && c.kernel() >= 5, "too few functions compared: " + c);
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

    private static List<String> perfScript(Path data, String fields) throws Exception {
        Process p = new ProcessBuilder("perf", "script", "-i", data.toString(), "-F", fields)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<String> lines = new String(p.getInputStream().readAllBytes()).lines().toList();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES) && p.exitValue() == 0, "perf script failed");
        return lines;
    }
}
