package io.myflame.recorder.fake;

import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.process.Processes;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Programs that are not run: each command is handed to a script that says what the program prints,
 * how long it runs on the {@link FakeClock} and how it ends. Every program started stays listed, so a
 * test can ask whether it was stopped, and how.
 */
public final class FakeProcesses implements Processes {
    private final FakeClock clock;
    private final Function<ExternalCommand, Script> scripts;
    private final List<Program> started = new ArrayList<>();
    private long nextPid = 4_000_000;

    /** @param scripts what each command does; null for a command the test did not expect */
    public FakeProcesses(FakeClock clock, Function<ExternalCommand, Script> scripts) {
        this.clock = clock;
        this.scripts = scripts;
    }

    /**
     * What a program does.
     *
     * @param stdout        printed as it ends by itself (a program stopped early prints nothing more)
     * @param stderr        likewise
     * @param runsMillis    how long it runs by the clock before it ends by itself; {@link Long#MAX_VALUE}: until stopped
     * @param exit          its exit code when it ends by itself
     * @param ignoresSigterm true for a program that goes on after SIGTERM (killed when the grace is over)
     * @param bytes         how its output is written: UTF-8, or one byte per character (ISO-8859-1), which
     *                      makes {@code "\u00ff"} a byte that is no UTF-8
     */
    public record Script(String stdout, String stderr, long runsMillis, int exit, boolean ignoresSigterm,
                         java.nio.charset.Charset bytes) {
        public static Script answers(String stdout) {
            return new Script(stdout, "", 0, 0, false, StandardCharsets.UTF_8);
        }

        public static Script runsUntilStopped() {
            return new Script("", "", Long.MAX_VALUE, 0, false, StandardCharsets.UTF_8);
        }

        public static Script runs(long millis, String stdout) {
            return new Script(stdout, "", millis, 0, false, StandardCharsets.UTF_8);
        }

        public Script dyingAfter(long millis, int code, String said) {
            return new Script(stdout, said, millis, code, ignoresSigterm, bytes);
        }

        public Script ignoringSigterm() {
            return new Script(stdout, stderr, runsMillis, exit, true, bytes);
        }

        /** Its output one byte per character: binary garbage, not UTF-8. */
        public Script inBytes() {
            return new Script(stdout, stderr, runsMillis, exit, ignoresSigterm, StandardCharsets.ISO_8859_1);
        }
    }

    @Override
    public ExternalCommand.Result run(ExternalCommand command, Duration timeout) throws RecordException {
        Script s = script(command);
        if (s.runsMillis() > timeout.toMillis()) {
            clock.advance(timeout.toMillis());
            // As ExternalCommand says it of a real program its watchdog stopped.
            throw new RecordException(command.display() + ": no answer within " + timeout.toSeconds() + " s, stopped");
        }
        clock.advance(s.runsMillis());
        return new ExternalCommand.Result(s.exit(), s.stdout(), s.stderr());
    }

    @Override
    public synchronized ExternalCommand.Running start(ExternalCommand command, OutputStream out, OutputStream err)
            throws RecordException {
        Program p = new Program(command, script(command), out, err, nextPid++);
        started.add(p);
        return p;
    }

    @Override
    public synchronized void stopAll(long graceMillis) {
        for (int i = started.size() - 1; i >= 0; i--) {
            started.get(i).stop(graceMillis);
        }
    }

    /** The programs started whose command line contains {@code word}, oldest first. */
    public synchronized List<Program> started(String word) {
        return started.stream().filter(p -> p.command().argv().contains(word)
                || p.command().program().endsWith("/" + word)).toList();
    }

    private Script script(ExternalCommand command) throws RecordException {
        Script s = scripts.apply(command);
        if (s == null) {
            throw new RecordException("cannot run " + command.program() + ": not found (no fake for " + command.display() + ")");
        }
        return s;
    }

    /** A started fake program; its time passes as the code under test waits for it. */
    public final class Program implements ExternalCommand.Running {
        private final ExternalCommand command;
        private final Script script;
        private final OutputStream out;
        private final OutputStream err;
        private final long pid;
        private final long endsAt;
        private int exit = -1;
        private String stoppedBy;

        Program(ExternalCommand command, Script script, OutputStream out, OutputStream err, long pid) {
            this.command = command;
            this.script = script;
            this.out = out;
            this.err = err;
            this.pid = pid;
            this.endsAt = script.runsMillis() == Long.MAX_VALUE ? Long.MAX_VALUE : clock.millis() + script.runsMillis();
        }

        @Override
        public long pid() {
            return pid;
        }

        @Override
        public synchronized boolean alive() {
            endIfDue();
            return exit < 0;
        }

        @Override
        public ExternalCommand command() {
            return command;
        }

        @Override
        public synchronized boolean waitFor(long millis) {
            if (alive()) {
                clock.advance(Math.max(0, Math.min(millis, endsAt - clock.millis())));
            }
            return !alive();
        }

        @Override
        public synchronized int exitCode() {
            endIfDue();
            return exit;
        }

        @Override
        public synchronized boolean stop(long graceMillis) {
            if (!alive()) {
                return true;
            }
            if (script.ignoresSigterm()) {
                clock.advance(graceMillis);
                stoppedBy = "SIGKILL";
                exit = 128 + 9;
                return false;
            }
            stoppedBy = "SIGTERM";
            exit = 128 + 15;
            return true;
        }

        /** SIGTERM or SIGKILL when stopped, null when it ended by itself or runs. */
        public synchronized String stoppedBy() {
            return stoppedBy;
        }

        private void endIfDue() {
            if (exit < 0 && clock.millis() >= endsAt) {
                write(out, script.stdout());
                write(err, script.stderr());
                exit = script.exit();
            }
        }

        private void write(OutputStream s, String text) {
            try {
                s.write(text.getBytes(script.bytes()));
                s.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
