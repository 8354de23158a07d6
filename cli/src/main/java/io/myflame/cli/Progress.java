package io.myflame.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A progress line on stderr while a long input is read — only when stderr is a terminal, so
 * logs and pipes stay clean. Closing it erases the line.
 */
final class Progress implements AutoCloseable {
    private final Thread thread;
    private volatile boolean done;
    private boolean shown;

    private Progress(String what, AtomicLong bytes, PrintStream err) {
        long start = System.nanoTime();
        thread = new Thread(() -> {
            try {
                Thread.sleep(1000);
                while (!done) {
                    double secs = (System.nanoTime() - start) / 1e9;
                    double mb = bytes.get() / 1e6;
                    synchronized (this) {
                        err.printf(Locale.ROOT, "\r%s: read %.0f MB (%.0f MB/s)   ", what, mb, mb / secs);
                        shown = true;
                    }
                    Thread.sleep(500);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "myflame-progress");
        thread.setDaemon(true);
    }

    static Progress start(String what, AtomicLong bytes) {
        Progress p = new Progress(what, bytes, System.err);
        if (stderrIsTerminal()) {
            p.thread.start();
        }
        return p;
    }

    private static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception e) {
            return false;
        }
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
