package io.myflame.cli;

import io.myflame.core.text.Document;
import io.myflame.core.text.OutputFormat;
import io.myflame.ingest.io.AtomicFile;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Set;

/** A command's output: stdout, or a file written atomically ({@link AtomicFile}), and its format. */
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

    /** The format {@code --format flag} or {@code -o output}'s extension names ({@link OutputFormat#choose}). */
    public static OutputFormat format(String flag, Path output, Set<OutputFormat> supported) {
        try {
            return OutputFormat.choose(flag, output, supported);
        } catch (IllegalArgumentException e) {
            throw new Main.UsageError(e.getMessage());
        }
    }

    /** Writes {@code doc} in {@code format} to {@code target} (stdout when null or {@code -}). */
    public static void write(Path target, OutputFormat format, Document doc) throws Exception {
        write(target, out -> format.write(doc, out));
    }
}
