package io.myflame.recorder.perf;

/** Linux x86-64 signal numbers by name, for saying how a program ended. */
final class Signals {
    private static final String[] NAMES = {null, "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT",
        "SIGBUS", "SIGFPE", "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM"};

    private Signals() {
    }

    static String name(int signal) {
        return signal > 0 && signal < NAMES.length ? NAMES[signal] : "signal " + signal;
    }
}
