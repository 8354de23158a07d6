package io.myflame.load;

import io.myflame.core.task.Concurrency;
import io.myflame.core.output.Terminal;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A progress line on stderr while a long input is read — only when stderr is a terminal, so
 * logs and pipes stay clean. Closing it erases the line.
 */
public final class ReadProgress implements AutoCloseable {
    private final Thread thread;
    private volatile boolean done;
    private boolean shown;

    private ReadProgress(String what, AtomicLong bytes, PrintStream err) {
        long start = System.nanoTime();
        long from = bytes.get();
        thread = Concurrency.daemon("myflame-progress", () -> {
            try {
                Thread.sleep(1000);
                while (!done) {
                    double secs = (System.nanoTime() - start) / 1e9;
                    double mb = (bytes.get() - from) / 1e6;
                    synchronized (this) {
                        err.printf(Locale.ROOT, "\r%s: read %.0f MB (%.0f MB/s)   ", what, mb, mb / secs);
                        shown = true;
                    }
                    Thread.sleep(500);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    public static ReadProgress start(String what, AtomicLong bytes) {
        ReadProgress p = new ReadProgress(what, bytes, System.err);
        if (Terminal.stderrIsTerminal()) {
            p.thread.start();
        }
        return p;
    }

    @Override
    public void close() {
        done = true;
        thread.interrupt();
        synchronized (this) {
            if (shown) {
                System.err.print("\r" + " ".repeat(60) + "\r");
                System.err.flush();
            }
        }
    }
}
