package io.myflame.core.output;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether stderr is a terminal, so progress lines are drawn in place there and kept out of logs
 * and pipes; whether stdout is one, so a graph is not poured onto the screen. {@code System.console()} answers for stdin and stdout, not stderr; Linux tells
 * through {@code /proc/self/fd/2}.
 */
public final class Terminal {
    private Terminal() {
    }

    public static boolean stderrIsTerminal() {
        return isTerminal(2);
    }

    /** Whether stdout is a terminal: a graph or an image written there would fill the screen with markup or bytes. */
    public static boolean stdoutIsTerminal() {
        return isTerminal(1);
    }

    private static boolean isTerminal(int fd) {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception e) {
            return false;
        }
    }
}
