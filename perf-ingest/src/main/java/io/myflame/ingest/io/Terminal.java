package io.myflame.ingest.io;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether stderr is a terminal, so progress lines are drawn in place there and kept out of logs
 * and pipes. {@code System.console()} answers for stdin and stdout, not stderr; Linux tells
 * through {@code /proc/self/fd/2}.
 */
public final class Terminal {
    private Terminal() {
    }

    public static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception e) {
            return false;
        }
    }
}
