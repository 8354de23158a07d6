package io.myflame.recorder;

import io.myflame.ingest.capture.CaptureRecord;
import io.myflame.recorder.process.Clock;
import io.myflame.recorder.process.Machine;
import io.myflame.recorder.perf.ElfBuildId;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.server.Server;
import io.myflame.recorder.server.ServerChoice;
import io.myflame.recorder.server.ServerOption;
import io.myflame.recorder.server.Sql;
import io.myflame.recorder.server.SqlClient;
import io.myflame.recorder.workload.Sysbench;
import io.myflame.recorder.workload.Workload;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.progress.Progress;

/**
 * A server ready for workloads: started or connected, with its client, sysbench and the facts that
 * go into every capture (version, binary, build-id). Closing it stops every process it started —
 * on success, on failure and, through a shutdown hook, on Ctrl-C.
 */
public final class Session implements AutoCloseable {
    private final Machine machine;
    private final Progress progress;
    private final ServerChoice choice;
    private final Thread hook;
    private volatile String abortReason;
    private volatile Runnable onAbort = () -> { };
    private final Runnable onInterrupt;
    /** Set while a shutdown hook is stopping a recording; the JVM ends in that hook. */
    private static volatile boolean interrupting;
    private Server server;
    private Sql client;
    private Sysbench sysbench;
    private String version;

    private Session(Machine machine, ServerChoice choice, Progress progress, Runnable onInterrupt) {
        this.machine = machine;
        this.choice = choice;
        this.progress = progress;
        this.onInterrupt = onInterrupt;
        this.hook = new Thread(this::interrupted, "myflame-record-shutdown");
    }

    /**
     * Starts (or connects to) the server on {@code machine}; every process started is stopped by
     * {@link #close()} or Ctrl-C.
     */
    public static Session open(Machine machine, ServerChoice choice, Progress progress) throws RecordException {
        return open(machine, choice, progress, () -> { });
    }

    /**
     * As {@link #open(Machine, ServerChoice, Progress)}, with what to do last when the user interrupts —
     * from the first moment, including while the server is being initialised.
     */
    public static Session open(Machine machine, ServerChoice choice, Progress progress, Runnable onInterrupt)
            throws RecordException {
        Session s = new Session(machine, choice, progress, onInterrupt);
        EndingSignal.watch();
        // through TempFiles: the hook writes capture.json (a temporary file first) as the run ends
        io.myflame.core.output.TempFiles.addShutdownHook(s.hook);
        try {
            s.sysbench = Sysbench.find(machine.processes());
            s.server = choice.open(machine, progress);
            s.client = new SqlClient(SqlClient.findClient(s.server.basedir(), machine.processes()), s.server.endpoint(),
                    machine.processes());
            s.version = s.client.value("SELECT VERSION()");
            return s;
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /**
     * A session on parts made elsewhere — fakes, in the recorder's fault tests — with no shutdown hook:
     * what {@link #open} does after it has started the server, found the client and sysbench.
     */
    static Session of(Machine machine, ServerChoice choice, Progress progress, Server server, Sql client,
                      Sysbench sysbench) throws RecordException {
        Session s = new Session(machine, choice, progress, () -> { });
        s.sysbench = sysbench;
        s.server = server;
        s.client = client;
        s.version = client.value("SELECT VERSION()");
        return s;
    }

    /** The programs and the clock the recording uses. */
    public Machine machine() {
        return machine;
    }

    public Progress progress() {
        return progress;
    }

    public Server server() {
        return server;
    }

    public Sql client() {
        return client;
    }

    public Sysbench sysbench() {
        return sysbench;
    }

    public String version() {
        return version;
    }

    /** Why the session was cut short (Ctrl-C), or null. */
    public String abortReason() {
        return abortReason;
    }

    /** What to do, besides stopping processes, when the user interrupts: mark the capture incomplete. */
    void onAbort(Runnable r) {
        onAbort = r == null ? () -> { } : r;
    }

    /** The server section of capture.json (its settings come later, from its variables). */
    public CaptureRecord.Server describeServer() {
        return new CaptureRecord.Server(version, server.binary(),
                server.binary() == null ? null : ElfBuildId.of(Path.of(server.binary())), server.pid(),
                choice.describe(), flavour().label(), choice.throwaway(),
                choice.options().stream().map(ServerOption::toString).toList(),
                null);
    }

    /** The kind of server: from its tree's {@code --version} when we started it, else from {@code VERSION()}. */
    private io.myflame.recorder.server.Flavour flavour() {
        if (server instanceof io.myflame.recorder.server.ThrowawayServer t) {
            return t.tree().flavour();
        }
        return io.myflame.recorder.server.Flavour.of("Ver " + version);
    }

    /**
     * Creates the sbtest tables unless they exist ({@code reprepare} drops and recreates them).
     *
     * @return true when tables were (re)created
     */
    public boolean prepare(Workload w, boolean reprepare, Path logDir) throws RecordException {
        client.query("CREATE DATABASE IF NOT EXISTS " + Workload.DATABASE);
        String engineClause = w.storageEngine() == null ? "" : " AND LOWER(engine) = LOWER('" + w.storageEngine().replace("'", "") + "')";
        String n = client.value("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = '"
                + Workload.DATABASE + "' AND table_name REGEXP '^sbtest[0-9]+$'" + engineClause);
        boolean present = n != null && Integer.parseInt(n) >= w.tables();
        if (present && !reprepare) {
            progress.phase("prepare: " + w.tables() + " sbtest table(s) exist, skipped (--reprepare forces)");
            return false;
        }
        Path secrets = Sysbench.secretsFile(server.endpoint());
        try {
            if (present || Integer.parseInt(n == null ? "0" : n) > 0) {
                runPhase(w, "cleanup", secrets, logDir.resolve("sysbench-cleanup.txt"));
            }
            progress.phase("prepare: " + w.tables() + " table(s) of " + w.tableSize() + " rows");
            runPhase(w, "prepare", secrets, logDir.resolve("sysbench-prepare.txt"));
            return true;
        } finally {
            Sysbench.deleteSecrets(secrets);
        }
    }

    private void runPhase(Workload w, String phase, Path secrets, Path log) throws RecordException {
        ExternalCommand c = sysbench.command(w, server.endpoint(), phase, 0, Math.min(w.threads(), 8), secrets);
        ExternalCommand.Result r = c.run(machine.processes(), Duration.ofHours(2));
        try {
            Files.writeString(log, "$ " + c.display() + "\n" + r.stdout() + r.stderr());
        } catch (java.io.IOException e) {
            // the log is for diagnosis only
        }
        if (r.exit() != 0) {
            throw new RecordException("sysbench " + phase + " failed: " + r.said() + " (see " + log + ")");
        }
    }

    /** The shutdown hook: the user pressed Ctrl-C (or the JVM is going down) while we run. */
    private void interrupted() {
        interrupting = true;
        abortReason = INTERRUPTED;
        progress.warn("interrupted: stopping sysbench, perf and the server");
        stopEverything();
        onAbort.run();
        onInterrupt.run();
        // halt() below cuts other shutdown hooks short: remove the temporary files (data directory) now.
        io.myflame.core.output.TempFiles.deleteAll();
        System.err.flush();
        // As a shell expects of a program a signal ended: 130 after Ctrl-C, 143 after SIGTERM.
        Runtime.getRuntime().halt(EndingSignal.exitCode());
    }

    public static final String INTERRUPTED = "interrupted (Ctrl-C or SIGTERM) before the recording finished";

    /**
     * Called by code that caught an error: when the error is a consequence of an interruption (the
     * hook killed the server, so "the server died"), it waits, by {@code clock}, for the hook to end
     * the JVM instead of reporting a misleading cause.
     */
    static void awaitInterruption(Clock clock) {
        while (interrupting) {
            try {
                clock.sleep(1_000);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void stopEverything() {
        machine.processes().stopAll(60_000);
        if (server != null) {
            server.close();
        }
        if (sysbench != null) {
            sysbench.close();
        }
    }

    @Override
    public void close() {
        stopEverything();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // already shutting down: the hook is running or has run
        }
    }

    static List<String> tail(String s, int n) {
        List<String> lines = s.lines().filter(l -> !l.isBlank()).toList();
        return lines.subList(Math.max(0, lines.size() - n), lines.size());
    }
}
