package io.myflame.cli;

import io.myflame.ingest.io.AtomicFile;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.file.Path;

/** A command's output: stdout, or a file written atomically ({@link AtomicFile}). */
public final class AtomicOutput {
    private AtomicOutput() {
    }

    /** Writes to {@code target}, or to stdout when it is null or {@code -}. */
    public static void write(Path target, AtomicFile.Body body) throws Exception {
        if (target == null || target.toString().equals("-")) {
            OutputStream out = new BufferedOutputStream(System.out, 1 << 16);
            body.writeTo(out);
            out.flush();
            return;
        }
        AtomicFile.write(target, body);
    }
}
