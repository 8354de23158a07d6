package io.myflame.ingest.script;

import io.myflame.core.task.Concurrency;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.exec.ExecuteWatchdog;

/**
 * Stops a child process that prints nothing for too long: a perf script (or a wrapper named by
 * {@code --perf}) that hangs after answering {@code --version} would otherwise hang myflame with
 * it. perf prints its first samples within seconds of loading symbols, so minutes of silence mean
 * it is stuck; the read then ends and the caller says so in one line.
 */
final class SilenceWatch implements AutoCloseable {
    private final ExecuteWatchdog dog;
    private final long limitNanos;
    private volatile long lastOutput = System.nanoTime();
    private volatile boolean fired;
    private volatile boolean done;

    SilenceWatch(ExecuteWatchdog dog, long seconds) {
        this.dog = dog;
        this.limitNanos = seconds * 1_000_000_000L;
        Concurrency.helper("myflame-perf-silence", this::watch);
    }

    private void watch() {
        while (!done) {
            if (System.nanoTime() - lastOutput > limitNanos) {
                fired = true;
                dog.destroyProcess();
                return;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** {@code in}, each read of it counted as a sign of life. */
    InputStream watching(InputStream in) {
        return new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                int b = super.read();
                lastOutput = System.nanoTime();
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                lastOutput = System.nanoTime();
                return n;
            }
        };
    }

    /** Whether the child was stopped for its silence. */
    boolean fired() {
        return fired;
    }

    @Override
    public void close() {
        done = true;
    }
}
