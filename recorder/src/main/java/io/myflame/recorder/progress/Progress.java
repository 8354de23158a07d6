package io.myflame.recorder.progress;

import io.myflame.core.text.Escape;
import java.io.PrintStream;
import java.util.Locale;

/**
 * Progress on stderr: one line per phase, and while sysbench runs its live throughput with the
 * elapsed and remaining time — rewritten in place on a terminal, every few seconds otherwise.
 * Lines echo server versions, paths, commands and error-log lines: their control characters are
 * shown as {@code \x1b} ({@link Escape#message}), like every other message of myflame.
 */
public final class Progress {
    private final PrintStream err;
    private final String prefix;
    private final boolean terminal;
    private boolean midLine;
    private long lastLine;

    public Progress(PrintStream err, String prefix, boolean terminal) {
        this.err = err;
        this.prefix = prefix;
        this.terminal = terminal;
    }

    /** Progress that prints nothing, for callers that want silence. */
    public static Progress silent() {
        return new Progress(new PrintStream(java.io.OutputStream.nullOutputStream()), "", false);
    }

    public synchronized void phase(String what) {
        endLine();
        err.println(Escape.message(prefix + what));
        err.flush();
    }

    public synchronized void warn(String what) {
        endLine();
        err.println(Escape.message(prefix + "warning: " + what));
        err.flush();
    }

    /** A live sample: elapsed of total seconds and the throughput sysbench just reported. */
    public synchronized void live(String phase, double elapsed, double total, double tps, double p95) {
        String line = Escape.message(String.format(Locale.ROOT, "%s%s: %.0f/%.0f s, %.0f s left, %.1f tps, p95 %.2f ms",
                prefix, phase, elapsed, total, Math.max(0, total - elapsed), tps, p95));
        if (terminal) {
            err.print("\r" + line + "\u001b[K");
            midLine = true;
        } else {
            long now = System.nanoTime();
            if (now - lastLine < 5_000_000_000L) {
                return;
            }
            lastLine = now;
            err.println(line);
        }
        err.flush();
    }

    private void endLine() {
        if (midLine) {
            err.println();
            midLine = false;
        }
    }
}
