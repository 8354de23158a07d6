package io.myflame.ingest;

import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.ingest.capture.CaptureDirectory;
import io.myflame.ingest.folded.FoldedReader;
import io.myflame.ingest.perf.FoldOptions;
import io.myflame.ingest.perf.FoldedStacks;
import io.myflame.ingest.perf.PerfDataSource;
import io.myflame.ingest.perf.PerfScriptReader;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * Loads any profile input — a capture directory, a perf.data, perf script text (plain or gzip,
 * or {@code -} for stdin) or folded stacks — detecting which it is. Warnings (malformed lines,
 * filtered events) are collected for the command to print once.
 */
public final class ProfileLoader {
    private final int threads;
    private final boolean inline;
    private final String perfBinary;
    private final List<String> warnings = new ArrayList<>();
    private final java.util.concurrent.atomic.AtomicLong bytesRead = new java.util.concurrent.atomic.AtomicLong();

    public ProfileLoader(int threads, boolean inline, String perfBinary) {
        this.threads = threads;
        this.inline = inline;
        this.perfBinary = perfBinary;
    }

    public List<String> warnings() {
        return warnings;
    }

    /** Bytes of sample text read so far by this loader (perf script text, or perf's output). */
    public java.util.concurrent.atomic.AtomicLong bytesRead() {
        return bytesRead;
    }

    /** Folds an input with collapse options: perf.data and text are parsed, folded files re-read. */
    public FoldedStacks fold(String input, FoldOptions options) throws IOException, InputException {
        try {
            return foldChecked(input, options);
        } catch (io.myflame.core.model.WeightOverflow e) {
            throw new InputException(input + ": " + e.getMessage());
        }
    }

    private FoldedStacks foldChecked(String input, FoldOptions options) throws IOException, InputException {
        Path path = resolveSamples(input);
        PerfScriptReader reader = new PerfScriptReader(options, threads).countingInto(bytesRead);
        FoldedStacks stacks;
        if (path == null) {
            stacks = reader.read(System.in, "<stdin>");
        } else {
            InputKind kind = InputKind.detect(path);
            stacks = switch (kind) {
                case PERF_DATA -> new PerfDataSource(perfBinary, inline).read(path, reader);
                case PERF_SCRIPT, FOLDED -> readText(path, reader, kind);
                case JFR -> throw new InputException(path + ": JFR recordings are read by 'myflame flamegraph', not here");
                case CAPTURE_DIRECTORY -> throw new IllegalStateException("resolved above");
            };
        }
        warnings.addAll(stacks.warnings());
        return stacks;
    }

    private FoldedStacks readText(Path path, PerfScriptReader reader, InputKind kind) throws IOException, InputException {
        if (kind == InputKind.FOLDED) {
            throw new InputException(path + ": already folded stacks; nothing to collapse");
        }
        try (InputStream in = open(path)) {
            return reader.read(in, path.toString());
        } catch (IOException e) {
            throw named(path, e);
        }
    }

    /** Loads an input as a profile for analysis; the label is the capture's server version or the file name. */
    public Profile load(String input) throws IOException, InputException {
        try {
            return loadChecked(input);
        } catch (io.myflame.core.model.WeightOverflow e) {
            throw new InputException(input + ": " + e.getMessage());
        }
    }

    private Profile loadChecked(String input) throws IOException, InputException {
        ProfileInfo info = ProfileInfo.EMPTY.withSource(input);
        Path path = input.equals("-") ? null : Path.of(input);
        if (path != null && Files.isDirectory(path)) {
            CaptureDirectory capture = CaptureDirectory.open(path);
            info = info.withLabel(capture.serverVersion()).withEvent(capture.event());
            if (capture.incompleteReason() != null) {
                warnings.add(input + ": incomplete capture (" + capture.incompleteReason() + ")");
            }
        }
        if (info.label() == null) {
            info = info.withLabel(path == null ? "stdin" : labelOf(path));
        }
        Path samples = resolveSamples(input);
        if (samples != null && InputKind.detect(samples) == InputKind.JFR) {
            return io.myflame.ingest.jfr.JfrProfiles.read(samples, info, warnings);
        }
        if (samples != null && InputKind.detect(samples) == InputKind.FOLDED) {
            try (InputStream in = open(samples)) {
                return FoldedReader.read(in, samples.toString(), info, warnings);
            } catch (IOException e) {
                throw named(samples, e);
            }
        }
        return fold(input, FoldOptions.ANALYSIS).toProfile(info);
    }

    private static String labelOf(Path path) {
        Path name = path.getFileName();
        String s = name == null ? path.toString() : name.toString();
        if ((s.equals("perf.data") || s.startsWith("perf.script")) && path.toAbsolutePath().getParent() != null) {
            return path.toAbsolutePath().getParent().getFileName().toString();
        }
        return s;
    }

    /** The file holding samples for an input (a capture's sample file); null for stdin. */
    private static Path resolveSamples(String input) throws IOException, InputException {
        if (input.equals("-")) {
            return null;
        }
        Path path = Path.of(input);
        if (!Files.exists(path)) {
            throw new InputException(input + ": no such file or directory");
        }
        if (Files.isDirectory(path)) {
            return CaptureDirectory.open(path).samples();
        }
        if (!Files.isReadable(path)) {
            throw new InputException(input + ": permission denied");
        }
        return path;
    }

    /** A read error with the file it happened in ("Unexpected end of ZLIB input stream" names none). */
    private static InputException named(Path path, IOException e) {
        String what = e instanceof java.io.EOFException || String.valueOf(e.getMessage()).contains("ZLIB")
                ? "gzip data cut short or damaged" : String.valueOf(e.getMessage());
        return new InputException(path + ": cannot read (" + what + ")");
    }

    /** Opens a text input, decompressing gzip. */
    static InputStream open(Path path) throws IOException, InputException {
        try {
            InputStream raw = new BufferedInputStream(Files.newInputStream(path), 1 << 16);
            raw.mark(2);
            int a = raw.read();
            int b = raw.read();
            raw.reset();
            return a == 0x1f && b == 0x8b ? new GZIPInputStream(raw, 1 << 16) : raw;
        } catch (NoSuchFileException e) {
            throw new InputException(path + ": no such file or directory");
        }
    }
}
