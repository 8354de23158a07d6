package io.myflame.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.capture.CaptureDirectory;
import io.myflame.ingest.capture.CaptureRecord;
import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.fake.FakeClock;
import io.myflame.recorder.fake.FakeProcesses;
import io.myflame.recorder.fake.FakeProcesses.Script;
import io.myflame.recorder.fake.FakeServer;
import io.myflame.recorder.fake.FakeSql;
import io.myflame.recorder.perf.PerfSettings;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.process.Machine;
import io.myflame.recorder.progress.Progress;
import io.myflame.recorder.server.ServerChoice;
import io.myflame.recorder.workload.Sysbench;
import io.myflame.recorder.workload.SysbenchResults;
import io.myflame.recorder.workload.Workload;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A measured run whose parts fail as real ones do only now and then — perf dies or will not stop, the
 * server dies, sysbench prints something else than its report, the server does not answer a statement
 * — played by fakes behind the recorder's seams ({@link Machine}, {@link io.myflame.recorder.server.Sql}).
 * Each test checks what the user gets: the error, capture.json, the files beside it and the progress.
 */
class MeasurementFaultsTest {
    /** 2 s of warm-up and 10 s measured, by the fake clock. */
    private static final Workload WORKLOAD = Workload.defaults().withWarmup(2).withSeconds(10);

    @TempDir
    Path tmp;

    private final FakeClock clock = new FakeClock();
    private final ByteArrayOutputStream progressText = new ByteArrayOutputStream();
    private final FakeServer server = new FakeServer(clock);
    private FakeSql sql;
    private Path perfBinary;
    private Path out;
    private FakeProcesses processes;
    private Session session;
    /** What {@code perf record} does. */
    private Script perf = Script.runsUntilStopped();
    /** What {@code sysbench ... run} does, given its command line. */
    private Function<ExternalCommand, Script> sysbenchRun = c -> Script.runs(seconds(c) * 1000, sysbenchReport());

    @BeforeEach
    void setUp() throws Exception {
        // perf must exist for the recorder's checks; it is never run, the fake plays it.
        perfBinary = Files.createDirectories(tmp.resolve("bin")).resolve("perf");
        Files.writeString(perfBinary, "#!/bin/sh\nexit 1\n");
        Files.setPosixFilePermissions(perfBinary, PosixFilePermissions.fromString("rwxr-xr-x"));
        out = Files.createDirectories(tmp.resolve("capture"));
        sql = new FakeSql(server.endpoint(), clock);
    }

    @AfterEach
    void closeSession() {
        if (session != null) {
            session.close();
        }
    }

    private Script script(ExternalCommand c) {
        List<String> a = c.argv();
        if (c.program().equals(perfBinary.toString()) && a.get(1).equals("record")) {
            return perf;
        }
        if (c.program().endsWith("/sysbench")) {
            if (a.contains("--version")) {
                return Script.answers("sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n");
            }
            if (a.get(a.size() - 1).equals("run")) {
                return sysbenchRun.apply(c);
            }
        }
        return null;
    }

    private static long seconds(ExternalCommand c) {
        return c.argv().stream().filter(a -> a.startsWith("--time=")).mapToLong(a -> Long.parseLong(a.substring(7)))
                .findFirst().orElseThrow();
    }

    /** What a real sysbench 1.0.20 printed. */
    private static String sysbenchReport() {
        try (InputStream in = MeasurementFaultsTest.class.getResourceAsStream("/record/sysbench-1.0.20-oltp_delete.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private Measurement measurement(boolean withPerf) throws RecordException {
        processes = new FakeProcesses(clock, this::script);
        Progress progress = new Progress(new PrintStream(progressText, true, StandardCharsets.UTF_8), "myflame record: ", false);
        session = Session.of(new Machine(processes, clock), ServerChoice.defaults(), progress, server, sql,
                Sysbench.probe("/usr/bin/sysbench", processes));
        PerfSettings settings = withPerf ? new PerfSettings(perfBinary.toString(), "cpu-clock", 99, null, "fp") : null;
        return new Measurement(session, WORKLOAD, settings, out);
    }

    private CaptureRecord capture() throws Exception {
        return CaptureDirectory.open(out).record();
    }

    private String progress() {
        return progressText.toString(StandardCharsets.UTF_8);
    }

    private FakeProcesses.Program measuredSysbench() {
        List<FakeProcesses.Program> runs = processes.started("run");
        assertEquals(2, runs.size(), "the warm-up and the measured run");
        return runs.get(1);
    }

    /** The fakes play a whole recording when nothing goes wrong: what the fault tests depart from. */
    @Test
    void aRunWithoutFaultsIsComplete() throws Exception {
        SysbenchResults r = measurement(false).run();
        assertEquals(2484.66, r.tps(), 1e-9);
        CaptureRecord c = capture();
        assertNull(c.incomplete());
        assertEquals(12430L, c.counters().delta().get("Questions"));
        assertTrue(Files.isRegularFile(out.resolve("status-before.txt")) && Files.isRegularFile(out.resolve("status-after.txt")));
        assertEquals(List.of(), c.warnings() == null ? List.of() : c.warnings(), progress());
    }

    @Test
    void perfDyingDuringTheRunStopsSysbenchAndMarksTheCaptureIncomplete() throws Exception {
        perf = Script.runsUntilStopped().dyingAfter(3_000, 1, "failed to mmap with 12 (Cannot allocate memory)\n");
        RecordException e = assertThrows(RecordException.class, measurement(true)::run);
        assertEquals("perf record stopped during the measured run (exit 1): failed to mmap with 12 (Cannot allocate memory)",
                e.getMessage());
        assertEquals(e.getMessage(), capture().incomplete());
        assertEquals("SIGTERM", measuredSysbench().stoppedBy(), "sysbench goes on after perf died");
        assertFalse(Files.exists(out.resolve("stacks.folded")));
        assertFalse(Files.exists(out.resolve("status-after.txt")));
    }

    @Test
    void perfThatIgnoresSigtermIsKilledAfterTheGraceAndTheCaptureSaysSo() throws Exception {
        perf = Script.runsUntilStopped().ignoringSigterm();
        RecordException e = assertThrows(RecordException.class, measurement(true)::run);
        FakeProcesses.Program record = processes.started("record").get(0);
        assertEquals("SIGKILL", record.stoppedBy(), "perf is killed, not waited for forever");
        String said = "perf did not finish perf.data within 60 s of SIGTERM and was killed (ended by signal SIGKILL)";
        assertTrue(capture().warnings().stream().anyMatch(w -> w.startsWith(said)), capture().warnings().toString());
        assertTrue(progress().contains("warning: " + said), progress());
        // It wrote nothing: the capture is incomplete and says why.
        assertTrue(e.getMessage().startsWith("perf wrote no data to " + out.resolve("perf.data")
                + " (perf ended by signal SIGKILL)"), e.getMessage());
        assertEquals(e.getMessage(), capture().incomplete());
    }

    @Test
    void theServerDyingMidRunIsNamedAndEverythingIsStopped() throws Exception {
        server.diesAt(6_000);
        RecordException e = assertThrows(RecordException.class, measurement(true)::run);
        assertEquals("the server died during the measured run (killed by signal 9)", e.getMessage());
        assertEquals(e.getMessage(), capture().incomplete());
        assertEquals("SIGTERM", measuredSysbench().stoppedBy());
        assertEquals("SIGTERM", processes.started("record").get(0).stoppedBy(), "perf is stopped");
        assertNull(capture().workload().results());
    }

    @Test
    void sysbenchPrintingNoReportIsAnErrorNamingItsOutput() throws Exception {
        // Bytes that are no UTF-8 (0xff): the log is still read, the bad bytes shown as U+FFFD.
        sysbenchRun = c -> Script.runs(seconds(c) * 1000, "sysbench 1.0.20\n\nThreads started!\n\u0000\u00ff garbage\n")
                .inBytes();
        RecordException e = assertThrows(RecordException.class, measurement(true)::run);
        assertEquals("sysbench's measured run printed no results (no 'transactions: N (R per sec.)' line; it ended "
                + "with: Threads started! / \u0000\ufffd garbage; see " + out.resolve("sysbench.txt") + ")", e.getMessage());
        assertEquals(e.getMessage(), capture().incomplete());
        assertNull(capture().workload().results());
        assertEquals("SIGTERM", processes.started("record").get(0).stoppedBy(), "perf is stopped");
        assertFalse(Files.exists(out.resolve("stacks.folded")));
    }

    @Test
    void statusCountersThatTimeOutAfterTheRunAreMissingAndTheCaptureSaysSo() throws Exception {
        int[] reads = {0};
        sql.hanging(s -> s.equals("SHOW GLOBAL STATUS") && ++reads[0] > 1);
        SysbenchResults r = measurement(false).run();
        assertEquals(12430, r.transactions());
        CaptureRecord c = capture();
        assertNull(c.incomplete(), "the profile and sysbench's figures are whole");
        assertNull(c.counters().delta(), "no deltas, not deltas of nothing");
        String said = "SHOW GLOBAL STATUS after the measured run failed (";
        assertTrue(c.warnings().stream().anyMatch(w -> w.startsWith(said) && w.contains("no answer within 300 s")
                && w.endsWith("): capture.json has no counters and no checks of them")), c.warnings().toString());
        assertTrue(progress().contains("warning: " + said), progress());
        assertTrue(Files.isRegularFile(out.resolve("status-before.txt")));
        assertFalse(Files.exists(out.resolve("status-after.txt")), "no snapshot, not an empty one");
    }

    @Test
    void statusCountersThatTimeOutBeforeTheRunAreNotAskedAgain() throws Exception {
        sql.hanging(s -> s.equals("SHOW GLOBAL STATUS"));
        measurement(false).run();
        CaptureRecord c = capture();
        assertNull(c.incomplete());
        assertNull(c.counters().delta(), "no deltas, not deltas of nothing");
        assertEquals(1, c.warnings().stream().filter(w -> w.startsWith("SHOW GLOBAL STATUS before the measured run failed")).count(),
                c.warnings().toString());
        assertFalse(Files.exists(out.resolve("status-before.txt")) || Files.exists(out.resolve("status-after.txt")));
    }
}
