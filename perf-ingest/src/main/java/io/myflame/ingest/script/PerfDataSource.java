package io.myflame.ingest.script;

import io.myflame.core.task.Concurrency;
import io.myflame.ingest.error.InputException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecuteResultHandler;
import org.apache.commons.exec.DefaultExecutor;
import org.apache.commons.exec.ExecuteStreamHandler;
import io.myflame.ingest.fold.FoldedStacks;
import org.apache.commons.exec.ExecuteWatchdog;

/**
 * Reads a {@code perf.data} by running {@code perf script} (no shell, arguments as a list) and
 * streaming its standard output straight into the {@link PerfScriptReader}: nothing is written to
 * disk and memory does not grow with the recording. Inline resolution is off unless asked for,
 * since addr2line makes perf script many times slower.
 */
public final class PerfDataSource {
    /** How long perf script may print nothing before it is taken for hung. */
    private static final long SILENCE_SECONDS = Long.getLong("myflame.perf.silence.seconds", 300);

    private final String perf;
    private final boolean inline;
    private Path symfs;
    private long process = -1;

    public PerfDataSource(String perfBinary, boolean inline) {
        this.perf = perfBinary;
        this.inline = inline;
    }

    /** Has perf read the recorded files under {@code dir} (its --symfs); null for none. */
    public PerfDataSource symfs(Path dir) {
        this.symfs = dir;
        return this;
    }

    /** Has perf print the samples of process {@code pid} alone ({@code perf script --pid}); -1 for every process. */
    public PerfDataSource process(long pid) {
        this.process = pid;
        return this;
    }

    public FoldedStacks read(Path perfData, PerfScriptReader reader) throws IOException, InputException {
        PerfProgram.check(perf, perfData);
        CommandLine cmd = new CommandLine(perf);
        cmd.addArgument("script", false);
        cmd.addArgument("-i", false);
        cmd.addArgument(untrimmed(perfData).toString(), false);
        cmd.addArgument(inline ? "--inline" : "--no-inline", false);
        if (symfs != null) {
            cmd.addArgument("--symfs=" + symfs, false);
        }
        if (process >= 0) {
            cmd.addArgument("--pid=" + process, false);
        }
        CompletableFuture<InputStream> stdout = new CompletableFuture<>();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        DefaultExecutor executor = DefaultExecutor.builder().get();
        ExecuteWatchdog dog = ExecuteWatchdog.builder().setTimeout(ExecuteWatchdog.INFINITE_TIMEOUT_DURATION).get();
        executor.setWatchdog(dog);
        StdoutToCaller streams = new StdoutToCaller(stdout, stderr);
        executor.setStreamHandler(streams);
        DefaultExecuteResultHandler result = new DefaultExecuteResultHandler();
        try {
            executor.execute(cmd, result);
        } catch (IOException e) {
            throw new InputException("cannot run " + perf + " to read " + perfData + ": " + e.getMessage()
                    + " (install linux-perf, or pass perf script text instead)");
        }
        InputStream out = awaitStdout(stdout, result);
        if (out == null) {
            throw new InputException("cannot run " + perf + " to read " + perfData + ": "
                    + result.getException().getMessage() + " (install linux-perf, or pass perf script text instead)");
        }
        OutputLimit bound = new OutputLimit(dog, java.nio.file.Files.size(perfData));
        try (SilenceWatch silence = new SilenceWatch(dog, SILENCE_SECONDS)) {
            FoldedStacks stacks = read(perfData, reader, bound.watching(silence.watching(out)), streams, result, stderr);
            if (silence.fired()) {
                throw silent(perfData);
            }
            return stacks;
        } catch (InputException e) {
            throw dog.killedProcess() ? stopped(perfData, bound) : e;
        } catch (IOException e) {
            // Stopping perf closes its pipe under the reader ("Stream closed").
            if (dog.killedProcess()) {
                throw stopped(perfData, bound);
            }
            throw e;
        }
    }

    /** Why the watchdog stopped perf script: it printed too much, or nothing for too long. */
    private InputException stopped(Path perfData, OutputLimit bound) {
        if (!bound.exceeded()) {
            return silent(perfData);
        }
        return new InputException("'" + perf + " script' printed more than " + (bound.limit() >> 20) + " MB reading "
                + perfData + ", more than perf script prints for a perf.data of its size, and was stopped"
                + " (--perf naming a program that is not perf?)");
    }

    private static String megabytes(long bytes) {
        return bytes >= 1 << 20 ? (bytes >> 20) + " MB" : bytes + " bytes";
    }

    private InputException silent(Path perfData) {
        return new InputException("'" + perf + " script' printed nothing for " + SILENCE_SECONDS + " s reading "
                + perfData + " and was stopped (a hung perf, or --perf naming a program that is not perf)");
    }

    private FoldedStacks read(Path perfData, PerfScriptReader reader, InputStream in, StdoutToCaller streams,
                              DefaultExecuteResultHandler result, ByteArrayOutputStream stderr)
            throws IOException, InputException {
        FoldedStacks stacks;
        try {
            stacks = reader.read(in, perfData.toString());
            in.transferTo(OutputStream.nullOutputStream());
        } catch (InputException e) {
            // Drain so perf is not left blocked on a full pipe, then prefer perf's own words.
            in.transferTo(OutputStream.nullOutputStream());
            streams.readerDone.countDown();
            waitFor(result);
            throw failure(perfData, result, stderr, e.getMessage());
        } finally {
            streams.readerDone.countDown();
        }
        waitFor(result);
        if (result.getExitValue() != 0) {
            throw failure(perfData, result, stderr, null);
        }
        return stacks;
    }

    /**
     * A name for {@code file} that survives Commons Exec, which strips every argument: an absolute
     * path cannot start with a space, and one that ends with a space is reached through a symlink.
     */
    private static Path untrimmed(Path file) throws IOException {
        Path abs = file.toAbsolutePath();
        String s = abs.toString();
        if (s.equals(s.strip())) {
            return abs;
        }
        Path dir = io.myflame.core.output.TempFiles.createDirectory(Path.of(System.getProperty("java.io.tmpdir")),
                "myflame-perf-input-");
        return java.nio.file.Files.createSymbolicLink(dir.resolve("perf.data"), abs);
    }

    /** The child's stdout, or null when it could not be started. */
    private static InputStream awaitStdout(CompletableFuture<InputStream> stdout, DefaultExecuteResultHandler result)
            throws IOException {
        try {
            while (true) {
                try {
                    return stdout.get(50, java.util.concurrent.TimeUnit.MILLISECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    if (result.hasResult() && !stdout.isDone()) {
                        return null;
                    }
                }
            }
        } catch (InterruptedException e) {
            java.lang.Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IOException(e.getCause());
        }
    }

    private static void waitFor(DefaultExecuteResultHandler result) throws IOException {
        try {
            result.waitFor();
        } catch (InterruptedException e) {
            java.lang.Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    private InputException failure(Path data, DefaultExecuteResultHandler result, ByteArrayOutputStream stderr,
                                   String ours) {
        String perfSays = firstLines(stderr.toString(StandardCharsets.UTF_8));
        int exit = result.getExitValue();
        if (exit == 0 && ours != null) {
            return new InputException(ours);
        }
        // Commons Exec's own words are "Process exited with an error: 135 (Exit value: 135)": say what happened.
        String status = exit == org.apache.commons.exec.Executor.INVALID_EXITVALUE ? "could not be run"
                : ExitStatus.describe(exit);
        return new InputException("perf script failed on " + data + ": '" + perf + " script' " + status
                + (perfSays.isEmpty() ? "" : " (" + perfSays + ")"));
    }

    private static String firstLines(String s) {
        return s.lines().map(String::strip).filter(l -> !l.isEmpty()).limit(2)
                .reduce((a, b) -> a + " / " + b).orElse("");
    }

    /** Hands the child's stdout to the calling thread and keeps the first 64 KB of its stderr. */
    private static final class StdoutToCaller implements ExecuteStreamHandler {
        private final CompletableFuture<InputStream> stdout;
        private final ByteArrayOutputStream stderr;
        private java.lang.Thread errPump;
        /** Commons Exec closes the child's streams after stop(): stop() waits until we read all. */
        final java.util.concurrent.CountDownLatch readerDone = new java.util.concurrent.CountDownLatch(1);

        StdoutToCaller(CompletableFuture<InputStream> stdout, ByteArrayOutputStream stderr) {
            this.stdout = stdout;
            this.stderr = stderr;
        }

        @Override
        public void setProcessInputStream(OutputStream os) throws IOException {
            os.close();
        }

        @Override
        public void setProcessErrorStream(InputStream is) {
            errPump = Concurrency.daemon("perf-stderr", () -> {
                byte[] buf = new byte[8192];
                try {
                    int n;
                    while ((n = is.read(buf)) > 0) {
                        synchronized (stderr) {
                            if (stderr.size() < 65536) {
                                stderr.write(buf, 0, n);
                            }
                        }
                    }
                } catch (IOException ignored) {
                    // the process went away; what it said so far is kept
                }
            });
        }

        @Override
        public void setProcessOutputStream(InputStream is) {
            stdout.complete(is);
        }

        @Override
        public void start() {
            errPump.start();
        }

        @Override
        public void stop() throws IOException {
            try {
                readerDone.await();
                errPump.join(2000);
            } catch (InterruptedException e) {
                java.lang.Thread.currentThread().interrupt();
            }
        }
    }
}
