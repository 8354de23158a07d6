package io.myflame.cli;

/**
 * The jar's main class: every command line goes to {@link Main#run}. Errors reach the user as one line:
 * bad data exits 1, bad usage exits 2, anything else is an internal error (exit 70) and a bug.
 */
public final class Entry {
    private Entry() {
    }

    public static void main(String[] args) {
        int code;
        try {
            code = Main.run(args);
        } catch (Throwable t) {
            // Errors (out of memory, a broken jar) escape picocli's handler: still one line.
            System.err.println("myflame: unexpected internal error: " + t);
            code = Main.EXIT_INTERNAL;
        }
        // record, sweep and demo print through System.out, which keeps write errors to itself.
        if (System.out.checkError() && code == 0) {
            System.err.println("myflame: I/O error: writing stdout failed");
            code = Main.EXIT_DATA;
        }
        // From JDK 21 on, System.exit asks System.Logger whether to log the exit, and looking for a logger
        // scans the jar's service entries: 25-30 ms of every run. A run that succeeded with no thread of its
        // own left running returns instead, which ends the JVM with status 0 and runs the same shutdown hooks.
        if (code != 0 || otherThreadsRunning()) {
            System.exit(code);
        }
    }

    /** Whether a thread that would keep the JVM alive after main returns is still running. */
    private static boolean otherThreadsRunning() {
        Thread[] threads = new Thread[Thread.activeCount() + 16];
        int n = Thread.enumerate(threads);
        for (int i = 0; i < n; i++) {
            if (threads[i] != Thread.currentThread() && !threads[i].isDaemon() && threads[i].isAlive()) {
                return true;
            }
        }
        return n == threads.length;
    }
}
