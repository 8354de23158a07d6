package io.myflame.ingest.script;

/**
 * A child process's exit status in words: Java reports a process killed by signal N as status
 * 128+N, and Commons Exec reports one it could not start as -559038737; neither means anything to
 * a user ("Exit value: 135" is a SIGBUS crash).
 */
public final class ExitStatus {
    /** Signal names by number on Linux x86-64 and arm64, for the signals a crash or a kill gives. */
    private static final String[] SIGNALS = {null, "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT",
        "SIGBUS", "SIGFPE", "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM"};

    private ExitStatus() {
    }

    /** "exited with status 3", "was killed by SIGBUS (signal 7; it crashed)", as a predicate after the program's name. */
    public static String describe(int status) {
        if (status > 128 && status < 128 + 65) {
            int sig = status - 128;
            String name = sig < SIGNALS.length ? SIGNALS[sig] : "signal " + sig;
            boolean crash = sig == 4 || sig == 6 || sig == 7 || sig == 8 || sig == 11;
            return "was killed by " + name + (sig < SIGNALS.length ? " (signal " + sig + ")" : "")
                    + (crash ? ": it crashed" : "");
        }
        return "exited with status " + status;
    }
}
