package io.myflame.ingest.io;

import io.myflame.core.UsageError;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Standard input, told apart from a descriptor 0 that is not stdin. When a program starts with
 * stdin closed ({@code myflame report - <&-}), the first file the JVM opens takes descriptor 0:
 * the JDK's own module image ({@code $JAVA_HOME/lib/modules}). Reading "stdin" then reads the
 * JDK, and closing it closes the descriptor the JVM loads classes through, whose number the next
 * opened file reuses: the JVM then reads class data from that file and dies of a segmentation
 * fault (exit 139). So a closed stdin is refused before it is read, and stdin is never closed.
 */
public final class Stdin {
    private Stdin() {
    }

    /** Whether {@code input} names this process's standard input ({@code -}, {@code /dev/stdin}, ...). */
    public static boolean names(String input) {
        return input.equals("-") || input.equals("/dev/stdin") || input.equals("/dev/fd/0")
                || input.equals("/proc/self/fd/0");
    }

    /** Refuses a closed stdin (exit 2): descriptor 0 is then a file the JVM opened for itself. */
    public static void checkOpen() {
        if (isClosed()) {
            throw new UsageError("stdin is closed: pipe a profile in, or name an INPUT");
        }
    }

    static boolean isClosed() {
        try {
            Path fd0 = Files.readSymbolicLink(Path.of("/proc/self/fd/0"));
            Path javaHome = Path.of(System.getProperty("java.home")).toRealPath();
            return fd0.isAbsolute() && fd0.startsWith(javaHome);
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            // No /proc (not Linux), or fd 0 is not open at all: reading reports it.
            return false;
        }
    }

    /** {@code System.in}, after {@link #checkOpen}, as a stream whose close() leaves descriptor 0 open. */
    public static InputStream open() {
        checkOpen();
        return new FilterInputStream(System.in) {
            @Override
            public void close() {
                // Descriptor 0 stays open: see the class comment.
            }
        };
    }
}
