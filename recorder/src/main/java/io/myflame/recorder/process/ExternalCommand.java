package io.myflame.recorder.process;

import io.myflame.recorder.error.RecordException;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecuteResultHandler;
import org.apache.commons.exec.DefaultExecutor;
import org.apache.commons.exec.ExecuteWatchdog;
import org.apache.commons.exec.ProcessDestroyer;
import org.apache.commons.exec.PumpStreamHandler;
import org.apache.commons.exec.environment.EnvironmentUtils;

/**
 * One external program with its arguments as a list (never through a shell) and extra environment
 * variables, run to completion or started in the background through Commons Exec. Environment
 * values are never shown: that is where passwords travel ({@code MYSQL_PWD}).
 */
public final class ExternalCommand {
    private final List<String> argv = new ArrayList<>();
    private final Map<String, String> env = new LinkedHashMap<>();
    private Path workingDir;

    private ExternalCommand(String program) {
        argv.add(program);
    }

    public static ExternalCommand of(String program, String... args) {
        ExternalCommand c = new ExternalCommand(program);
        c.argv.addAll(List.of(args));
        return c;
    }

    public ExternalCommand arg(String a) {
        argv.add(a);
        return this;
    }

    public ExternalCommand args(List<String> a) {
        argv.addAll(a);
        return this;
    }

    public ExternalCommand env(String name, String value) {
        if (value != null && !value.isEmpty()) {
            env.put(name, value);
        }
        return this;
    }

    public ExternalCommand in(Path dir) {
        workingDir = dir;
        return this;
    }

    public List<String> argv() {
        return List.copyOf(argv);
    }

    public String program() {
        return argv.get(0);
    }

    /** The command line as a shell would need it typed; environment values are left out. */
    public String display() {
        StringBuilder sb = new StringBuilder();
        for (String a : argv) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(a.matches("[A-Za-z0-9_./=:,+@%-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
        }
        return sb.toString();
    }

    /** What a finished program said. */
    public record Result(int exit, String stdout, String stderr) {
        /** The first non-blank lines of stderr (or stdout), for an error message. */
        public String said() {
            String s = stderr.isBlank() ? stdout : stderr;
            return s.lines().map(String::strip).filter(l -> !l.isEmpty()).limit(3)
                    .reduce((a, b) -> a + " / " + b).orElse("exit " + exit);
        }
    }

    /** Runs to completion, capturing output; stopped after {@code timeout}: {@link Processes#run}. */
    public Result run(Processes processes, Duration timeout) throws RecordException {
        return processes.run(this, timeout);
    }

    /** Starts in the background, stdout and stderr going to the given streams: {@link Processes#start}. */
    public Running start(Processes processes, OutputStream out, OutputStream err) throws RecordException {
        return processes.start(this, out, err);
    }

    /** Runs for real to completion, capturing output; killed after {@code timeout}. */
    Result execute(ChildProcesses children, Duration timeout) throws RecordException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        DefaultExecutor ex = executor(children, new PumpStreamHandler(out, err));
        ExecuteWatchdog dog = ExecuteWatchdog.builder().setTimeout(timeout).get();
        ex.setWatchdog(dog);
        int code;
        try {
            code = ex.execute(commandLine(), environment());
        } catch (IOException e) {
            throw cannotStart(e);
        }
        if (dog.killedProcess()) {
            throw new RecordException(display() + ": no answer within " + timeout.toSeconds() + " s, stopped");
        }
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Starts for real in the background with stdout and stderr going to the given streams. */
    Running launch(ChildProcesses children, OutputStream out, OutputStream err) throws RecordException {
        CompletableFuture<Process> launched = new CompletableFuture<>();
        DefaultExecutor ex = executor(new Capturing(children, launched), new PumpStreamHandler(out, err));
        DefaultExecuteResultHandler done = new DefaultExecuteResultHandler();
        try {
            ex.execute(commandLine(), environment(), done);
        } catch (IOException e) {
            throw cannotStart(e);
        }
        while (true) {
            try {
                return new Launched(this, launched.get(50, TimeUnit.MILLISECONDS), done);
            } catch (TimeoutException e) {
                if (done.hasResult() && !launched.isDone()) {
                    throw cannotStart(done.getException());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RecordException("interrupted while starting " + program());
            } catch (ExecutionException e) {
                throw cannotStart(e);
            }
        }
    }

    private DefaultExecutor executor(ProcessDestroyer destroyer, PumpStreamHandler streams) {
        DefaultExecutor ex = DefaultExecutor.builder().get();
        ex.setExitValues(null);
        ex.setProcessDestroyer(destroyer);
        ex.setStreamHandler(streams);
        if (workingDir != null) {
            ex.setWorkingDirectory(workingDir.toFile());
        }
        return ex;
    }

    private CommandLine commandLine() {
        CommandLine cl = new CommandLine(argv.get(0));
        for (int i = 1; i < argv.size(); i++) {
            cl.addArgument(argv.get(i), false);
        }
        return cl;
    }

    private Map<String, String> environment() throws RecordException {
        try {
            Map<String, String> e = EnvironmentUtils.getProcEnvironment();
            e.putAll(env);
            return e;
        } catch (IOException ex) {
            throw new RecordException("cannot read the environment: " + ex.getMessage());
        }
    }

    private RecordException cannotStart(Exception e) {
        String why = e == null || e.getMessage() == null ? "unknown reason" : e.getMessage();
        if (why.contains("error=2") || why.contains("No such file")) {
            why = "not found";
        }
        return new RecordException("cannot run " + program() + ": " + why);
    }

    /** Hands the launched process to the caller as well as to the registry of children. */
    private record Capturing(ChildProcesses children, CompletableFuture<Process> launched) implements ProcessDestroyer {
        @Override
        public boolean add(Process process) {
            launched.complete(process);
            return children.add(process);
        }

        @Override
        public boolean remove(Process process) {
            return children.remove(process);
        }

        @Override
        public int size() {
            return children.size();
        }
    }

    /** A started program. */
    public interface Running {
        long pid();

        boolean alive();

        ExternalCommand command();

        /** Waits up to {@code millis}; true when the program has finished. */
        boolean waitFor(long millis) throws InterruptedException;

        /** The exit code, 128 + the signal that ended it, or -1 while it runs. */
        int exitCode();

        /**
         * SIGTERM, then SIGKILL after the grace period; waits until the output is pumped.
         *
         * @return false when it had to be killed: it did not end within {@code graceMillis} of SIGTERM
         */
        boolean stop(long graceMillis);
    }

    /** A program Commons Exec started. */
    private static final class Launched implements Running {
        private final ExternalCommand command;
        private final Process process;
        private final DefaultExecuteResultHandler done;

        Launched(ExternalCommand command, Process process, DefaultExecuteResultHandler done) {
            this.command = command;
            this.process = process;
            this.done = done;
        }

        @Override
        public long pid() {
            return process.pid();
        }

        @Override
        public boolean alive() {
            return !done.hasResult();
        }

        @Override
        public ExternalCommand command() {
            return command;
        }

        @Override
        public boolean waitFor(long millis) throws InterruptedException {
            done.waitFor(Duration.ofMillis(millis));
            return done.hasResult();
        }

        @Override
        public int exitCode() {
            return done.hasResult() ? done.getExitValue() : -1;
        }

        @Override
        public boolean stop(long graceMillis) {
            boolean ended = ChildProcesses.stop(process, graceMillis);
            try {
                done.waitFor(Duration.ofSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return ended;
        }
    }
}
