package io.myflame.recorder.progress;

import io.myflame.core.text.Escape;
import java.io.PrintStream;
import java.util.Locale;

/**
 * Progress on stderr: one line per phase, and while sysbench runs its live throughput with the
 * elapsed and remaining time — rewritten in place on a terminal, every 5 s of the run otherwise.
 * Lines echo server versions, paths, commands and error-log lines: their control characters are
 * shown as {@code \x1b} ({@link Escape#message}), like every other message of myflame.
 */
public final class Progress {
    private final PrintStream err;
    private final String prefix;
    private final boolean terminal;
    private boolean midLine;
    /** The phase and elapsed seconds of the last live line written off a terminal. */
    private String shownPhase;
    private double shownElapsed;

    public Progress(PrintStream err, String prefix, boolean terminal) {
        this.err = err;
        this.prefix = prefix;
        this.terminal = terminal;
    }

    /** Progress that prints nothing, for callers that want silence. */
    public static Progress silent() {
        return new Progress(new PrintStream(java.io.OutputStream.nullOutputStream()), "", false);
    }

    /**
     * On a terminal a phase line is cut to {@link #TERMINAL_LINE} characters: the full server and
     * sysbench command lines (300 to 500 characters) wrapped over several lines and drowned the
     * progress. The commands are whole in capture.json and in the logs beside it (and on stderr
     * when it is a file, where nobody reads it line by line).
     */
    public synchronized void phase(String what) {
        endLine();
        err.println(fit(Escape.message(prefix + what)));
        err.flush();
    }

    /** The longest phase line shown on a terminal. */
    static final int TERMINAL_LINE = 160;

    private String fit(String line) {
        if (!terminal || line.length() <= TERMINAL_LINE) {
            return line;
        }
        return line.substring(0, TERMINAL_LINE - 1) + "\u2026";
    }

    public synchronized void warn(String what) {
        endLine();
        err.println(Escape.message(prefix + "warning: " + what));
        err.flush();
    }

    /**
     * A live sample: elapsed of total seconds and the throughput sysbench just reported. Off a
     * terminal (a log), the first of a run and then one per 5 s of it are written.
     */
    public synchronized void live(String phase, double elapsed, double total, double tps, double p95) {
        String line = Escape.message(String.format(Locale.ROOT, "%s%s: %.0f/%.0f s, %.0f s left, %.1f tps, p95 %.2f ms",
                prefix, phase, elapsed, total, Math.max(0, total - elapsed), tps, p95));
        if (terminal) {
            err.print("\r" + line + "\u001b[K");
            midLine = true;
        } else {
            // A line per 5 s of the run by sysbench's own count of seconds, not by a clock of ours: the
            // first of each run is always there, and a fake run in a test is paced as a real one.
            boolean sameRun = phase.equals(shownPhase) && elapsed >= shownElapsed;
            if (sameRun && elapsed - shownElapsed < 5) {
                return;
            }
            shownPhase = phase;
            shownElapsed = elapsed;
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
