package io.myflame.recorder.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.process.Binaries;
import io.myflame.recorder.process.ChildProcesses;
import io.myflame.recorder.process.Clock;
import io.myflame.recorder.process.Machine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A perf killed before it finished its file (SIGKILL: no handler runs, the header keeps its data
 * size of 0), recovered: perf itself reads the samples again, as many as the records hold.
 */
class PerfDataRepairTest {
    private static final Pattern SAMPLES = Pattern.compile("SAMPLE events:\\s+(\\d+)");
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
    void aPerfKilledMidRecordingIsRecovered() throws Exception {
        Path data = killedRecording();
        assertTrue(PerfDataRepair.unfinished(data));
        String before = perfStats(data);
        assertTrue(before.contains("data size field is 0"), before);
        assertFalse(SAMPLES.matcher(before).find(), before);

        PerfDataRepair.Repaired r = PerfDataRepair.repair(data);
        assertNotNull(r);
        assertTrue(r.records() > 10, "records: " + r.records());
        assertFalse(PerfDataRepair.unfinished(data));
        String after = perfStats(data);
        Matcher m = SAMPLES.matcher(after);
        assertTrue(m.find(), after);
        assertTrue(Long.parseLong(m.group(1)) > 100, after);
        assertFalse(after.contains("data size field is 0"), after);
        // Read by the recorder's own check, as a capture is.
        assertTrue(PerfFacts.read("perf", data, children).samples() > 100);
        // And by the reader that folds a capture's stacks: the samples' stacks, named by the recorded paths.
        io.myflame.ingest.fold.FoldedStacks stacks = new io.myflame.ingest.ProfileLoader(2, false, "perf")
                .fold(data.toString(), io.myflame.ingest.fold.FoldOptions.COLLAPSE);
        assertTrue(stacks.distinctStacks() > 0, "no stacks folded");
        // A second repair finds nothing to do.
        assertNull(PerfDataRepair.repair(data));
    }

    @Test
    void aRecordingStoppedPolitelyIsLeftAsItIs() throws Exception {
        Path data = dir.resolve("whole.data");
        PerfRecording r = PerfRecording.start(new PerfSettings("perf", "cpu-clock", 499, null, "fp"),
                target.pid(), data, new Machine(children, Clock.SYSTEM));
        Thread.sleep(800);
        r.stop();
        byte[] whole = Files.readAllBytes(data);
        assertNull(r.recoverIfUnfinished(data));
        assertEquals(whole.length, Files.size(data));
        assertTrue(java.util.Arrays.equals(whole, Files.readAllBytes(data)));
        assertTrue(r.exitText().equals("ended by signal SIGTERM") || r.exitText().equals("exit 0"), r.exitText());
    }

    /** Header only, no record: nothing to recover, and the message says so. */
    @Test
    void aFileWithoutRecordsCannotBeRecovered() throws Exception {
        Path data = killedRecording();
        byte[] all = Files.readAllBytes(data);
        long offset = java.nio.ByteBuffer.wrap(all, 40, 8).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong();
        Path headerOnly = Files.write(dir.resolve("header-only.data"), java.util.Arrays.copyOf(all, (int) offset + 4));
        assertFalse(PerfDataRepair.unfinished(headerOnly));
        assertNull(PerfDataRepair.repair(headerOnly));
        // Garbage where the records should be: not a record, so nothing is claimed.
        byte[] junk = java.util.Arrays.copyOf(all, (int) offset + 64);
        java.util.Arrays.fill(junk, (int) offset, junk.length, (byte) 0xff);
        Path garbage = Files.write(dir.resolve("garbage.data"), junk);
        assertTrue(PerfDataRepair.unfinished(garbage));
        assertNull(PerfDataRepair.repair(garbage));
        PerfRecording r = PerfRecording.start(new PerfSettings("perf", "cpu-clock", 99, null, "fp"),
                target.pid(), dir.resolve("unused.data"), new Machine(children, Clock.SYSTEM));
        r.stop();
        RecordException e = assertThrows(RecordException.class, () -> r.recoverIfUnfinished(garbage));
        assertTrue(e.getMessage().contains("nothing to recover"), e.getMessage());
    }

    /**
     * perf record killed with SIGKILL once it has written a few hundred samples (8 KB each), as the OOM killer
     * would. Waiting for the file to grow, not for a fixed time: on a loaded host the busy target gets a small
     * share of a core and perf takes seconds to start, so 1.5 s could hold fewer samples than the test needs.
     */
    private Path killedRecording() throws Exception {
        Path data = dir.resolve("killed.data");
        Process perf = new ProcessBuilder("perf", "record", "-N", "-e", "cpu-clock", "-F", "999", "--call-graph", "dwarf,8192",
                "-p", Long.toString(target.pid()), "-o", data.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("perf.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (perf.isAlive() && System.nanoTime() < deadline
                && (!Files.exists(data) || Files.size(data) < 2_500_000)) {
            Thread.sleep(100);
        }
        perf.destroyForcibly();
        assertTrue(perf.waitFor(10, TimeUnit.SECONDS));
        return data;
    }

    private static String perfStats(Path data) throws Exception {
        Process p = new ProcessBuilder("perf", "report", "--stats", "-i", data.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        return out;
    }
}
