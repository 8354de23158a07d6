package io.myflame.recorder.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.process.Binaries;
import io.myflame.recorder.process.ChildProcesses;
import io.myflame.recorder.process.ExternalCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What perf itself says a perf.data holds: real recordings of a busy and of an idle process. */
class PerfFactsTest {
    private final ChildProcesses children = new ChildProcesses();

    @Test
    void aBusyRecordingHasItsEventRateAndSamples(@TempDir Path dir) throws Exception {
        Path data = record(dir, "busy.data", "sh", "-c", "i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done");
        PerfFacts facts = PerfFacts.read("perf", data, children);
        assertEquals("cpu-clock", PerfFacts.baseName(facts.event()));
        assertEquals(997, facts.frequency());
        assertTrue(facts.samples() > 100, "samples: " + facts.samples());
    }

    /** An idle process: perf reads the file and finds no sample, which the recorder reports as such. */
    @Test
    void anIdleRecordingHasNoSamples(@TempDir Path dir) throws Exception {
        Process idle = new ProcessBuilder("sleep", "30").start();
        try {
            Path data = record(dir, "idle.data", "-p", Long.toString(idle.pid()), "--", "sleep", "0.5");
            assertTrue(PerfFacts.read("perf", data, children).samples() <= 0);
        } finally {
            idle.destroy();
        }
    }

    /**
     * A file cut short (perf stopped before it finished writing): perf report --stats says "failed to
     * process sample", prints no count and exits 0. That is not a recording without samples.
     */
    @Test
    void aFileCutShortIsNotAnEmptyRecording(@TempDir Path dir) throws Exception {
        Path data = record(dir, "busy.data", "sh", "-c", "i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done");
        byte[] whole = Files.readAllBytes(data);
        Path cut = Files.write(dir.resolve("cut.data"), Arrays.copyOf(whole, whole.length / 2));
        RecordException e = assertThrows(RecordException.class, () -> PerfFacts.read("perf", cut, children));
        assertTrue(e.getMessage().startsWith("perf report --stats cannot read " + cut + ": "), e.getMessage());
        assertTrue(e.getMessage().contains("failed to process"), e.getMessage());
    }

    private Path record(Path dir, String name, String... command) throws Exception {
        assumeTrue(Binaries.onPath("perf") != null, "perf is not installed");
        Path data = dir.resolve(name);
        // -N: no build ids copied into ~/.debug; a test leaves the machine's cache as it found it
        String[] head = {"record", "-N", "-e", "cpu-clock", "-F", "997", "-o", data.toString()};
        String[] args = new String[head.length + command.length];
        System.arraycopy(head, 0, args, 0, head.length);
        System.arraycopy(command, 0, args, head.length, command.length);
        ExternalCommand.Result r = ExternalCommand.of("perf", args).run(children, Duration.ofSeconds(60));
        assertEquals(0, r.exit(), r.said());
        return data;
    }
}
