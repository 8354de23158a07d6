package io.myflame.recorder;

import io.myflame.recorder.capture.CaptureMetadata;
import io.myflame.recorder.server.ErrorLogTail;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.capture.HostInfo;
import io.myflame.recorder.capture.ServerVariables;
import io.myflame.core.model.CallGraph;
import io.myflame.recorder.check.SampleChecks;
import io.myflame.recorder.check.InterleavedOverhead;
import io.myflame.recorder.check.OverheadHints;
import io.myflame.recorder.check.OverheadSchedule;
import io.myflame.recorder.check.ProfilingOverhead;
import io.myflame.recorder.check.WindowChecks;
import io.myflame.recorder.process.LineTee;
import io.myflame.recorder.perf.PerfRecording;
import io.myflame.recorder.perf.PerfSettings;
import io.myflame.recorder.server.Server;
import io.myflame.recorder.counters.StatusCounters;
import io.myflame.recorder.workload.Sysbench;
import io.myflame.recorder.workload.SysbenchResults;
import io.myflame.recorder.server.ThrowawayServer;
import io.myflame.recorder.workload.Workload;

import io.myflame.ingest.capture.CaptureRecord;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.progress.Progress;

/**
 * One measured run on a {@link Session}: warm-up, counters before, perf attached, the measured
 * sysbench run, perf stopped, counters after, then the capture directory: capture.json,
 * perf.data, stacks.folded, sysbench output and status snapshots. A run that goes wrong (the
 * server dies, sysbench fails, Ctrl-C) still leaves capture.json, marked incomplete with the reason.
 */
public final class Measurement {
    private final Session session;
    /** The full SHOW GLOBAL VARIABLES of the server, taken before the window. */
    static final String VARIABLES = "variables.txt";
    /** sysbench's output during the overhead check, with the marks of perf switched on and off. */
    static final String OVERHEAD_LOG = "sysbench-overhead.txt";

    private Workload workload;
    private final PerfSettings perf;
    private final Path out;
    private final CaptureMetadata meta = new CaptureMetadata();
    private PerfRecording recording;
    /** The unprofiled warm-up's throughput: what perf's overhead is measured against. */
    private double warmupTps = Double.NaN;
    /** The warm-up ran out of rows: its rate is no DELETE rate. */
    private boolean warmupUnfit;

    /** @param perf how to sample, or null to run the workload without perf */
    public Measurement(Session session, Workload workload, PerfSettings perf, Path out) {
        this.session = session;
        this.workload = workload;
        this.perf = perf;
        this.out = out;
    }

    /** Runs and writes the capture; a failure is thrown after capture.json says what happened. */
    public SysbenchResults run() throws RecordException {
        session.onAbort(() -> finishIncomplete(session.abortReason()));
        try {
            return measure();
        } catch (RecordException e) {
            // When the user interrupted, the hook killed sysbench: "sysbench failed" is not the reason.
            Session.awaitInterruption(session.machine().clock());
            finishIncomplete(e.getMessage());
            throw e;
        } finally {
            if (recording != null && recording.alive()) {
                recording.stop();
            }
            session.onAbort(null);
        }
    }

    private SysbenchResults measure() throws RecordException {
        Progress progress = session.progress();
        describe();
        if (perf != null) {
            PerfRecording.check(perf, session.server().pid());
        }
        ServerVariables variables = beforeWindow();
        InterleavedOverhead overhead = null;
        if (perf != null && perf.overheadRounds() > 0) {
            overhead = overheadCheck();
            new RowSupply(session, out).afterOverheadCheck(workload);
        }
        Map<String, String> before = StatusCounters.snapshot(session.client(), "before the measured run", this::warn);
        writeStatus(before, "status-before.txt");
        if (perf != null) {
            Path data = out.resolve("perf.data");
            recording = PerfRecording.start(perf, session.server().pid(), data, session.machine());
            meta.perf(p -> p.withCommand(recording.command().display()));
            progress.phase((perf.systemWide() ? "perf on every CPU, for pid " : "perf attached to pid ")
                    + session.server().pid() + ": " + recording.command().display());
        }
        String output = runSysbench("measured run", workload.seconds(), out.resolve("sysbench.txt"), true, null);
        if (recording != null) {
            recording.stop();
        }
        SysbenchResults results = SysbenchResults.parseReport(output, "measured run", out.resolve("sysbench.txt"));
        meta.results(results);
        // Without the first snapshot the second means nothing: it is not asked for (nor waited for).
        Map<String, String> after = before == null ? null
                : StatusCounters.snapshot(session.client(), "after the measured run", this::warn);
        writeStatus(after, "status-after.txt");
        if (after != null) {
            Map<String, Long> deltas = StatusCounters.deltas(before, after);
            meta.counters(deltas, StatusCounters.perTransaction(deltas, results.transactions()));
            WindowChecks.run(workload, before, after, results.transactions(),
                    variables.get("innodb_buffer_pool_size"), meta, progress);
        }
        if (recording != null) {
            boolean sameTable = !workload.myflameDelete() && meta.record().workload().tableSizeRequested() == null;
            ProfilingOverhead.check(overhead, warmupUnfit ? Double.NaN : warmupTps, results.tps(), sameTable,
                    perf.callGraph(), meta, progress);
        }
        ranOutOfRows(output);
        if (recording != null) {
            new PerfCapture(recording, meta, session, out).finish();
            checkSamples(variables);
        }
        write();
        return results;
    }

    /** Warm-up, rows for the whole window, tables in the cache, and the variables the window runs with. */
    private ServerVariables beforeWindow() throws RecordException {
        RowSupply rows = new RowSupply(session, out);
        int asked = workload.tableSize();
        if (workload.warmup() > 0) {
            if (workload.myflameDelete()) {
                // myflame's script deletes ids 1..--table-size: the warm-up is told the grown size.
                workload = rows.beforeWarmUp(workload);
            }
            String warm = runSysbench("warm-up", workload.warmup(), out.resolve("sysbench-warmup.txt"), false, null);
            warmupTps = SysbenchResults.parse(warm).tps();
            if (workload.myflameDelete() && warm.lines().anyMatch(l -> l.startsWith("myflame: thread "))) {
                // Its rate counts statements that found nothing: it still sizes the window's rows (more
                // than needed is safe), but it is no rate to measure perf's cost against.
                String w = "the warm-up deleted every row before it ended: its " + String.format(java.util.Locale.ROOT,
                        "%.1f", warmupTps) + " tps count DELETEs that found nothing; give a bigger --table-size";
                meta.warn(w);
                session.progress().warn(w);
                warmupUnfit = true;
            }
        }
        // The overhead check runs the workload too, on these rows (refilled after it): rows for the longer.
        int window = workload.seconds();
        int check = perf == null ? window : Math.max(window, OverheadSchedule.seconds(perf.overheadRounds()));
        workload = rows.beforeMeasuredRun(workload.withSeconds(check), warmupTps).withSeconds(window);
        if (workload.tableSize() != asked) {
            int grown = workload.tableSize();
            meta.workload(w -> w.withTableSize(grown, asked));
        }
        ServerVariables variables = ServerVariables.snapshot(session.client());
        writeStatus(variables.all(), VARIABLES);
        meta.server(s -> s.withSettings(variables.settings()));
        return variables;
    }

    /**
     * perf's cost, measured before the window on the table it starts with: one sysbench run during
     * which a paused perf, attached with the window's settings, is switched on and off in slices
     * ({@link OverheadSchedule}), each switch right after sysbench reports a second, so every
     * reported second ran one way. Its data is thrown away: the window's perf samples the whole
     * window, so the capture's samples, transactions and counters cover the same time. Null, with
     * the reason said, when this perf has no control fifos or stopped answering.
     */
    private InterleavedOverhead overheadCheck() throws RecordException {
        Path scratch = out.resolve("perf-overhead-check.data");
        PerfRecording paused = PerfRecording.startPaused(perf, session.server().pid(), scratch, session.machine());
        if (paused == null) {
            warn("this perf has no control fifos (--control, perf 5.9 and "
                    + "later): its cost is measured against the unprofiled warm-up, on the same table only");
            return null;
        }
        recording = paused;
        SamplingSwitch turns = new SamplingSwitch(paused);
        String log;
        try {
            log = runSysbench("overhead check", OverheadSchedule.seconds(perf.overheadRounds()), out.resolve(OVERHEAD_LOG), false, turns);
        } finally {
            paused.stop();
            recording = null;
            try {
                Files.deleteIfExists(scratch);
            } catch (IOException e) {
                // a leftover scratch file costs disk, not correctness
            }
        }
        InterleavedOverhead measured = turns.answered() ? InterleavedOverhead.of(log) : null;
        if (measured == null) {
            warn("perf's cost could not be measured with sampling switched "
                    + "on and off (" + (turns.answered() ? "no second of each kind" : "perf did not answer its "
                    + "control fifo") + ", see " + OVERHEAD_LOG + "): it is measured against the unprofiled warm-up, "
                    + "on the same table only");
        } else {
            session.progress().phase("perf's cost: " + measured + OverheadHints.of(measured, perf));
        }
        return measured;
    }

    /** A warning in capture.json and on stderr. */
    private void warn(String w) {
        meta.warn(w);
        session.progress().warn(w);
    }

    private void checkSamples(ServerVariables variables) {
        CaptureRecord.Perf p = meta.record().perf();
        SampleChecks.cpu(p.samples() == null ? -1 : p.samples(), p.frequency() == null ? 0 : p.frequency(),
                p.durationS() == null ? 0 : p.durationS(), workload.threads(), variables.durability(), meta,
                session.progress());
        SampleChecks.stacks(out.resolve(PerfCapture.FOLDED), session.server().binary(), CallGraph.parse(p.callGraph()),
                meta, session.progress());
    }

    /** myflame's delete script says when a thread passed the table's last row. */
    private void ranOutOfRows(String sysbenchOutput) {
        long threads = sysbenchOutput.lines().filter(l -> l.startsWith("myflame: thread ")).count();
        if (threads > 0) {
            String w = threads + " sysbench thread(s) ran out of rows to delete before the window ended: the "
                    + "measured rate outran the warm-up's by more than " + RowSupply.MARGIN + "x; give a longer "
                    + "--warmup or a bigger --table-size";
            meta.warn(w);
            session.progress().warn(w);
        }
    }

    private void describe() {
        CaptureRecord.Server server = session.describeServer();
        meta.server(s -> server);
        meta.host(HostInfo.current());
        CaptureRecord.Workload described = new CaptureRecord.Workload(workload.name(), workload.describe(),
                workload.rowWork() == null ? null : workload.rowWork().verb(), workload.tables(), workload.tableSize(),
                workload.threads(), workload.seconds(), workload.warmup(), workload.randType(), workload.storageEngine(),
                session.sysbench().version(), null, null, null, null);
        meta.workload(w -> described);
        session.progress().phase("workload: " + workload.describe());
        if (perf != null) {
            meta.perf(p -> CaptureRecord.Perf.requested(perf.event(), perf.callGraph()));
        }
    }

    /**
     * Runs sysbench {@code run} for {@code seconds}, watching the server; returns its output. {@code
     * onLine}, when given, sees each line and may return a line of its own for the log, after it.
     */
    private String runSysbench(String phase, int seconds, Path log, boolean measured,
                               UnaryOperator<String> onLine) throws RecordException {
        Server server = session.server();
        Path secrets = Sysbench.secretsFile(server.endpoint());
        ExternalCommand cmd = session.sysbench().command(workload, server.endpoint(), "run", seconds,
                workload.threads(), secrets);
        if (measured) {
            meta.workload(w -> w.withCommand(cmd.display()));
        }
        session.progress().phase(phase + ": " + seconds + " s, " + workload.threads() + " thread(s): " + cmd.display());
        try (OutputStream file = Files.newOutputStream(log)) {
            LineTee tee = new LineTee(file, line -> {
                live(phase, seconds, line);
                String own = onLine == null ? null : onLine.apply(line);
                if (own != null) {
                    try {
                        file.write((own + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
            });
            ExternalCommand.Running p = cmd.start(session.machine().processes(), tee, tee);
            watch(p, measured);
            if (p.exitCode() != 0) {
                // sysbench often notices a dead server before we do: say which of the two failed.
                session.machine().clock().pause(500);
                if (!server.alive()) {
                    throw serverDied(measured);
                }
                throw new RecordException("sysbench " + phase + " failed (exit " + p.exitCode() + "): "
                        + String.join(" / ", Session.tail(said(log), 2)) + " (see " + log + ")");
            }
            return said(log);
        } catch (IOException e) {
            throw new RecordException("cannot write " + log + ": " + e.getMessage());
        } finally {
            Sysbench.deleteSecrets(secrets);
        }
    }

    /**
     * What sysbench wrote to its log. Bytes that are no UTF-8 (a script printing binary) are shown as
     * U+FFFD: {@code Files.readString} refused them, and the run failed as "cannot write" its log.
     */
    private static String said(Path log) throws IOException {
        return new String(Files.readAllBytes(log), java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Waits for sysbench while checking that the server and perf are still there. */
    private void watch(ExternalCommand.Running sysbench, boolean measured) throws RecordException {
        Server server = session.server();
        try {
            while (!sysbench.waitFor(200)) {
                if (!server.alive()) {
                    session.machine().clock().pause(300);
                    sysbench.stop(2_000);
                    throw serverDied(measured);
                }
                if (measured && recording != null && !recording.alive()) {
                    sysbench.stop(2_000);
                    if (recording.endedByInterrupt()) {
                        // Ctrl-C reaches the whole process group: perf ends by SIGINT before our hook runs.
                        throw new RecordException(Session.INTERRUPTED);
                    }
                    throw new RecordException("perf record stopped during the measured run (" + recording.exitText()
                            + "): " + recording.stderrText().strip());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            sysbench.stop(2_000);
            throw new RecordException("interrupted");
        }
    }

    private RecordException serverDied(boolean measured) {
        return new RecordException("the server died during the " + (measured ? "measured run" : "warm-up")
                + " (" + session.server().deathReason() + ")" + errorLogHint());
    }

    private String errorLogHint() {
        if (session.server() instanceof ThrowawayServer t) {
            Path copy = out.resolve("server-error.log");
            t.saveErrorLog(copy);
            return ": " + ErrorLogTail.of(copy);
        }
        return "";
    }

    private void live(String phase, int total, String line) {
        Matcher m = SysbenchResults.LIVE.matcher(line);
        if (m.find()) {
            session.progress().live(phase, Double.parseDouble(m.group(1)), total,
                    Double.parseDouble(m.group(2)), Double.parseDouble(m.group(3)));
        }
    }

    /** Writes a snapshot; none (the server did not give it) writes no file. */
    private void writeStatus(Map<String, String> status, String name) throws RecordException {
        if (status == null) {
            return;
        }
        try {
            // Whole or absent: a full disk must not leave a snapshot cut mid-line.
            io.myflame.core.output.AtomicFile.write(out.resolve(name), o -> StatusCounters.write(status, o));
        } catch (Exception e) {
            throw new RecordException("cannot write " + out.resolve(name) + ": " + e.getMessage());
        }
    }

    private void write() throws RecordException {
        session.server().saveErrorLog(out.resolve("server-error.log"));
        try {
            meta.write(out);
        } catch (IOException e) {
            throw new RecordException("cannot write " + out.resolve("capture.json") + ": " + e.getMessage());
        }
    }

    /** Marks the capture incomplete and writes what is known; never throws. */
    private synchronized void finishIncomplete(String reason) {
        if (recording != null && recording.alive()) {
            recording.stop();
        }
        meta.incomplete(reason == null ? "unknown" : reason);
        try {
            session.server().saveErrorLog(out.resolve("server-error.log"));
            meta.write(out);
        } catch (IOException | RuntimeException e) {
            // the error that brought us here is what the user needs to see
        }
    }

    public CaptureMetadata metadata() {
        return meta;
    }
}
