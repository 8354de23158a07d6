package io.myflame.recorder.perf;

import io.myflame.recorder.process.Binaries;
import io.myflame.recorder.process.Clock;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.process.Machine;
import io.myflame.recorder.error.RecordException;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code perf record} attached to the server for the measured window. It is started before the
 * measured sysbench run and stopped with SIGTERM (perf then writes out its data) right after. A
 * perf that cannot attach is diagnosed at once, with the fix in the message.
 */
public final class PerfRecording {
    /** How long perf may take to write its file after SIGTERM before it is killed. */
    public static final long STOP_GRACE_MILLIS = 60_000;

    private final PerfSettings settings;
    private final ExternalCommand command;
    private final ExternalCommand.Running process;
    private final ByteArrayOutputStream stderr;
    private final Clock clock;
    private final long startNanos;
    private long stopNanos;
    /** perf did not end within {@link #STOP_GRACE_MILLIS} of SIGTERM and was killed. */
    private volatile boolean killed;
    /** Its control fifos when it was started paused ({@link #startPaused}), else null. */
    private PerfControl control;

    private PerfRecording(PerfSettings settings, ExternalCommand command, ExternalCommand.Running process,
                          ByteArrayOutputStream stderr, Clock clock) {
        this.settings = settings;
        this.command = command;
        this.process = process;
        this.stderr = stderr;
        this.clock = clock;
        this.startNanos = clock.nanoTime();
    }

    /** Checks that perf exists and may record {@code pid} as {@code settings} say, before anything else is started. */
    public static String check(PerfSettings settings, long pid) throws RecordException {
        String perf = settings.perf().contains("/") ? settings.perf() : Binaries.onPath(settings.perf());
        if (perf == null || !Files.isExecutable(Path.of(perf))) {
            throw new RecordException("perf is not installed: install it (Debian: apt-get install linux-perf, "
                    + "Ubuntu: apt-get install linux-tools-$(uname -r)), or give --perf PATH");
        }
        PerfPermissions.check(pid, settings.systemWide());
        return perf;
    }

    /** Starts sampling {@code pid} into {@code output}; fails with a clear message when perf quits at once. */
    public static PerfRecording start(PerfSettings settings, long pid, Path output, Machine machine)
            throws RecordException {
        return start(settings, pid, output, machine, null);
    }

    /**
     * Starts perf attached but not sampling ({@code -D -1}), to be switched on and off with {@link
     * #sample}: the overhead check compares the workload's rate with and without sampling inside one
     * run. Null when this perf has no control fifos (before 5.9).
     */
    public static PerfRecording startPaused(PerfSettings settings, long pid, Path output, Machine machine)
            throws RecordException {
        String perf = check(settings, pid);
        try {
            ExternalCommand.Result help = ExternalCommand.of(perf, "record", "-h").run(machine.processes(),
                    java.time.Duration.ofSeconds(30));
            if (!(help.stdout() + help.stderr()).contains("--control")) {
                return null;
            }
        } catch (RecordException e) {
            return null;
        }
        PerfControl control = PerfControl.open();
        try {
            PerfRecording r = start(settings, pid, output, machine, List.of(control.option(), "-D", "-1"));
            r.control = control;
            return r;
        } catch (RecordException e) {
            control.close();
            throw e;
        }
    }

    private static PerfRecording start(PerfSettings settings, long pid, Path output, Machine machine,
                                       List<String> extra) throws RecordException {
        String perf = check(settings, pid);
        List<String> args = new java.util.ArrayList<>(settings.recordArgs(pid, output));
        if (extra != null) {
            // after "record": options before perf's own -p and -o
            args.addAll(1, extra);
        }
        ExternalCommand cmd = ExternalCommand.of(perf).args(args);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ExternalCommand.Running p = cmd.start(machine.processes(), OutputStream.nullOutputStream(), err);
        PerfRecording r = new PerfRecording(settings, cmd, p, err, machine.clock());
        try {
            // perf fails within milliseconds when it cannot open the event; a live perf is attached.
            if (p.waitFor(700)) {
                throw PerfPermissions.explain(r.stderrText(), pid, p.exitCode());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            r.stop();
            throw new RecordException("interrupted while starting perf");
        }
        return r;
    }

    /** Switches sampling on or off (a paused recording only); whether perf acknowledged it. */
    public boolean sample(boolean on) {
        return control != null && process.alive() && control.send(on ? "enable" : "disable");
    }

    public ExternalCommand command() {
        return command;
    }

    public PerfSettings settings() {
        return settings;
    }

    public boolean alive() {
        return process.alive();
    }

    /** Stops perf (SIGTERM: it flushes and writes the header) and waits for it; kills it after the grace period. */
    public void stop() {
        if (stopNanos == 0) {
            stopNanos = clock.nanoTime();
        }
        if (!process.stop(STOP_GRACE_MILLIS)) {
            killed = true;
        }
        if (control != null) {
            control.close();
        }
    }

    /** Whether perf ignored SIGTERM for {@link #STOP_GRACE_MILLIS} and had to be killed. */
    public boolean killedAfterGrace() {
        return killed;
    }

    public double durationSeconds() {
        long end = stopNanos == 0 ? clock.nanoTime() : stopNanos;
        return (end - startNanos) / 1e9;
    }

    public String stderrText() {
        synchronized (stderr) {
            return stderr.toString(StandardCharsets.UTF_8);
        }
    }

    /**
     * How perf ended, in words: {@code exit 0}, or the signal that ended it. perf stopped by SIGTERM
     * writes its file and then ends by that same signal (it raises it again), so SIGTERM is a normal end.
     */
    public String exitText() {
        int code = process.exitCode();
        if (code < 0) {
            return "still running";
        }
        return code > 128 && code < 160 ? "ended by signal " + Signals.name(code - 128) : "exit " + code;
    }

    /** Whether perf ended by SIGINT or SIGTERM that someone else sent: a user's Ctrl-C, before we stopped it. */
    public boolean endedByInterrupt() {
        int code = process.exitCode();
        return stopNanos == 0 && (code == 128 + 2 || code == 128 + 15);
    }

    /** Whether perf wrote a usable file; its own words otherwise. */
    public void verify(Path output) throws RecordException {
        try {
            if (!Files.isRegularFile(output) || Files.size(output) == 0) {
                throw new RecordException("perf wrote no data to " + output + " (perf " + exitText() + "): "
                        + firstLine(stderrText()));
            }
        } catch (IOException e) {
            throw new RecordException("cannot read " + output + ": " + e.getMessage());
        }
    }

    /**
     * A perf that died before it finished its file leaves the records with a header that says there
     * are none: they are kept by repairing the header ({@link PerfDataRepair}). Returns the warning
     * that says so, or null when the file was whole.
     */
    public String recoverIfUnfinished(Path output) throws RecordException {
        try {
            if (!PerfDataRepair.unfinished(output)) {
                return null;
            }
            PerfDataRepair.Repaired r = PerfDataRepair.repair(output);
            if (r == null) {
                throw new RecordException("perf (" + exitText() + ") left " + output + " without a header and "
                        + "without a whole record: nothing to recover. perf said: " + firstLine(stderrText()));
            }
            return "perf stopped before it finished " + output.getFileName() + " (" + exitText() + "; perf said: "
                    + firstLine(stderrText()) + "): its " + r.records() + " records (" + r.dataBytes() / 1_000_000
                    + " MB) were kept by repairing the header, " + r.cutBytes() + " bytes of a record cut short "
                    + "were left out; the build ids it writes last are missing, so names come from the binaries "
                    + "at their recorded paths";
        } catch (IOException e) {
            throw new RecordException("cannot read " + output + ": " + e.getMessage());
        }
    }

    private static String firstLine(String s) {
        return s.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("no message");
    }
}
