package io.myflame.recorder;

import sun.misc.Signal;

/**
 * Which signal is ending a recording, so that it exits as a shell expects of a program ended by
 * one: 130 after Ctrl-C (SIGINT), 143 after SIGTERM. The JVM's own handlers run the shutdown hooks
 * without saying which signal came; these do the same (exit with 128 + the signal) after noting it.
 * A signal the process inherited as ignored (a background job of a script ignores SIGINT) stays
 * ignored: the JVM refuses a handler for it, and that refusal is taken as it is.
 */
final class EndingSignal {
    /** SIGINT's number: what a hook that cannot tell assumes, the user's Ctrl-C. */
    private static final int SIGINT = 2;
    /** Set by the signal handler thread, read by the shutdown hook it starts. */
    private static volatile int received;

    private EndingSignal() {
    }

    /** Notes SIGINT and SIGTERM as they come; idempotent. */
    static void watch() {
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal.handle(new Signal(name), s -> {
                    received = s.getNumber();
                    System.exit(128 + s.getNumber());
                });
            } catch (IllegalArgumentException | UnsupportedOperationException ignoredOrReserved) {
                // ignored by inheritance, or reserved (-Xrs): the JVM's default stands
            }
        }
    }

    /** The exit code of a run ended by the signal that came (Ctrl-C's when none was noted). */
    static int exitCode() {
        int s = received;
        return 128 + (s == 0 ? SIGINT : s);
    }
}
