package io.myflame.recorder.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.recorder.fake.FakeClock;
import io.myflame.recorder.fake.FakeProcesses;
import io.myflame.recorder.fake.FakeProcesses.Script;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe that tells, before any server starts, whether perf can record the asked-for event: perf
 * played by a fake behind the recorder's {@code Processes}, as it answers an event it does not know
 * and as it hangs.
 */
class EventProbeTest {
    @TempDir
    Path tmp;

    private final FakeClock clock = new FakeClock();
    private Path perfBinary;

    @BeforeEach
    void setUp() throws Exception {
        // perf must exist for the probe's checks; it is never run, the fake plays it.
        perfBinary = Files.createDirectories(tmp.resolve("bin")).resolve("perf");
        Files.writeString(perfBinary, "#!/bin/sh\nexit 1\n");
        Files.setPosixFilePermissions(perfBinary, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private String problem(String event, Script perfRecord) {
        FakeProcesses processes = new FakeProcesses(clock, c -> c.argv().contains("record") ? perfRecord : null);
        return EventProbe.problem(new PerfSettings(perfBinary.toString(), event, 99, null, "fp"), processes);
    }

    @Test
    void anEventPerfRecordsPasses() {
        assertNull(problem("cpu-clock", Script.answers("")));
    }

    /** What perf 6.1 prints for an unknown event (exit 129): its first line, and where to look. */
    @Test
    void anEventPerfDoesNotKnowIsRefusedWithWhatPerfSaid() {
        Script refuses = Script.answers("").dyingAfter(0, 129, "event syntax error: 'bogus'\n"
                + "                     \\___ parser error\nRun 'perf list' for a list of valid events\n");
        assertEquals("perf cannot record --event bogus here: event syntax error: 'bogus' (see 'perf list'; on a VM "
                + "without hardware counters try --event cpu-clock)", problem("bogus", refuses));
    }

    @Test
    void aPerfThatHangsIsGivenUpAfterAMinute() {
        String p = problem("cycles", Script.runsUntilStopped());
        assertTrue(p.startsWith("cannot try perf record -e cycles: " + perfBinary + " record -q -e cycles -g -o ")
                && p.endsWith("/probe.data -- true: no answer within 60 s, stopped"), p);
        assertEquals(60_000, clock.millis());
    }
}
