package io.myflame.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes an output file through a temporary file in the same directory and renames it into
 * place only when everything was written: an error leaves no half-written file behind.
 */
public final class AtomicOutput {
    private AtomicOutput() {
    }

    /** What produces the bytes. */
    public interface Body {
        void writeTo(OutputStream out) throws Exception;
    }

    /** Writes to {@code target}, or to stdout when it is null or {@code -}. */
    public static void write(Path target, Body body) throws Exception {
        if (target == null || target.toString().equals("-")) {
            OutputStream out = new BufferedOutputStream(System.out, 1 << 16);
            body.writeTo(out);
            out.flush();
            return;
        }
        Path dir = target.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
        boolean done = false;
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                body.writeTo(out);
            }
            // Temp files are created private (0600); an output file is an ordinary one.
            Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            done = true;
        } finally {
            if (!done) {
                Files.deleteIfExists(tmp);
            }
        }
    }
}
