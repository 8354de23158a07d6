package io.myflame.recorder.perf;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.myflame.recorder.process.Binaries;
import io.myflame.recorder.process.ChildProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A paused perf ({@code -D -1} with control fifos) switched on for a second of a busy shell's four:
 * its samples span that second only, and the file reads as any other, by perf and by the
 * recorder's own check.
 */
class PerfControlTest {
    private final ChildProcesses children = new ChildProcesses();
    private Process target;

    @TempDir
    Path dir;

    @BeforeEach
    void busy() throws Exception {
        assumeTrue(Binaries.onPath("perf") != null, "perf is not installed");
        target = new ProcessBuilder("sh", "-c", "i=0; while :; do i=$((i+1)); done").start();
    }

    @AfterEach
    void quiet() throws Exception {
        children.stopAll(2_000);
        target.destroyForcibly().waitFor();
    }

    @Test
    void samplesOnlyWhileSwitchedOn() throws Exception {
        Path data = dir.resolve("paused.data");
        PerfRecording r = PerfRecording.startPaused(new PerfSettings("perf", "cpu-clock", 499, null, "fp"),
                target.pid(), data, new io.myflame.recorder.process.Machine(children, io.myflame.recorder.process.Clock.SYSTEM));
        assertNotNull(r, "this perf has no control fifos");
        String option = r.command().argv().stream().filter(a -> a.startsWith("--control=fifo:")).findFirst().orElseThrow();
        Path ctl = Path.of(option.substring("--control=fifo:".length()).split(",")[0]);
        assertTrue(Files.exists(ctl), ctl.toString());
        Thread.sleep(1_500);
        assertTrue(r.sample(true), "perf did not acknowledge enable: " + r.stderrText());
        Thread.sleep(1_000);
        assertTrue(r.sample(false), "perf did not acknowledge disable: " + r.stderrText());
        Thread.sleep(1_500);
        r.stop();
        assertFalse(Files.exists(ctl), "the control fifos outlive perf");
        assertFalse(r.sample(true), "a stopped perf acknowledged");

        List<Double> times = sampleTimes(data);
        assertTrue(times.size() > 50, "samples while on: " + times.size());
        double span = times.get(times.size() - 1) - times.get(0);
        // 4 s attached, 1 s of it switched on; a second is 499 samples of a busy loop at most.
        assertTrue(span < 1.4, "samples span " + span + " s");
        assertTrue(times.size() < 600, "samples: " + times.size());
        assertTrue(PerfFacts.read("perf", data, children).samples() == times.size());
    }

    private static List<Double> sampleTimes(Path data) throws Exception {
        Process p = new ProcessBuilder("perf", "script", "-F", "time", "-i", data.toString()).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        return out.lines().map(String::strip).filter(l -> !l.isEmpty())
                .map(l -> Double.parseDouble(l.endsWith(":") ? l.substring(0, l.length() - 1) : l)).sorted().toList();
    }
}
