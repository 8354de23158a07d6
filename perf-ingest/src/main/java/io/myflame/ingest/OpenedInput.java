package io.myflame.ingest;

import io.myflame.ingest.capture.CaptureDirectory;
import io.myflame.ingest.io.Stdin;
import io.myflame.core.output.TempFiles;
import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import io.myflame.ingest.error.InputException;

/**
 * A profile input opened once: a file, a capture directory's sample file, a FIFO
 * ({@code <(...)}, {@code /dev/stdin}) or standard input ({@code -}). Its kind is told from its
 * first bytes, gzip looked through, and the bytes read to tell it are not lost: {@link #text()}
 * starts at the beginning. Binary inputs (perf.data, JFR) that are not regular files are copied
 * to a temporary file first, since perf and the JFR reader need to seek.
 */
public final class OpenedInput implements Closeable {
    /** Enough to see the first line of any real input. */
    private static final int SNIFF = 64 * 1024;
    /** How far a first line is followed when it is longer than {@link #SNIFF} (a deep folded stack). */
    private static final int MAX_FIRST_LINE = 16 << 20;

    private final String name;
    private final InputKind kind;
    private final Path file;
    private final InputStream text;
    private final Path spooled;
    /** The capture directory the input was given as, read once here for every later question. */
    private CaptureDirectory capture;
    /** Its text is the file's bytes as they are (not gzip). */
    private boolean plain;
    /** How a perf.data file was recorded, read from its header while it was open here; null otherwise. */
    private io.myflame.core.model.CallGraph recordedCallGraph;

    private OpenedInput(String name, InputKind kind, Path file, InputStream text, Path spooled) {
        this.name = name;
        this.kind = kind;
        this.file = file;
        this.text = text;
        this.spooled = spooled;
    }

    /** Opens {@code input}: a path, or {@code -} for standard input. */
    public static OpenedInput open(String input) throws IOException, InputException {
        return open(input, StartedInputs.NONE);
    }

    /** Opens {@code input}, taking what the run opened and read of it at start-up ({@code started}). */
    public static OpenedInput open(String input, StartedInputs started) throws IOException, InputException {
        if (input.equals("-")) {
            return open("<stdin>", null, Stdin.open());
        }
        if (Stdin.names(input)) {
            Stdin.checkOpen();
        }
        Path path = Path.of(input);
        if (!Files.exists(path)) {
            // A link whose target is missing, or a loop of links: "no such file" would contradict ls.
            throw new InputException(input + (Files.isSymbolicLink(path)
                    ? ": a symbolic link that leads to no file (its target is missing, or links loop)"
                    : ": no such file or directory"));
        }
        CaptureDirectory capture = null;
        if (Files.isDirectory(path)) {
            capture = CaptureDirectory.open(path, started.captureJson(path));
            path = capture.samples();
        }
        if (!Files.isReadable(path)) {
            throw new InputException(input + ": permission denied");
        }
        try {
            // FileInputStream, not Files.newInputStream: a channel's available() fails on a FIFO ("Illegal seek").
            boolean regular = Files.isRegularFile(path);
            java.io.FileInputStream raw = regular ? started.opened(path) : null;
            OpenedInput opened = open(path.toString(), regular ? path : null,
                    raw != null ? raw : new java.io.FileInputStream(path.toFile()));
            opened.capture = capture;
            return opened;
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            throw new InputException(input + ": no such file or directory");
        }
    }

    /** The capture directory this input is the sample file of, if it was given as one. */
    public java.util.Optional<CaptureDirectory> capture() {
        return java.util.Optional.ofNullable(capture);
    }

    private static OpenedInput open(String name, Path regularFile, InputStream raw) throws IOException, InputException {
        BufferedInputStream in = new BufferedInputStream(raw, 1 << 16);
        try {
            byte[] magic = peek(in, 8);
            InputKind binary = InputKind.ofMagic(magic, magic.length);
            if (binary != null) {
                // the header's call-graph mode, read now: the perf.data is not opened again to say it
                io.myflame.core.model.CallGraph mode = binary == InputKind.PERF_DATA && regularFile != null
                        && raw instanceof java.io.FileInputStream f
                        ? io.myflame.ingest.perfdata.RecordedCallGraph.of(f.getChannel()) : null;
                OpenedInput opened = binary(name, binary, regularFile, in);
                opened.recordedCallGraph = mode;
                return opened;
            }
            InputStream text = in;
            if (InputKind.isGzip(magic, magic.length)) {
                text = new BufferedInputStream(new GZIPInputStream(in, 1 << 16), 1 << 16);
            }
            OpenedInput opened = new OpenedInput(name, sniffText(name, (BufferedInputStream) text), regularFile, text, null);
            opened.plain = text == in;
            return opened;
        } catch (ZipException e) {
            in.close();
            throw new InputException(name + ": broken gzip data (" + e.getMessage() + ")");
        } catch (java.io.EOFException e) {
            // A gzip header over data that is not deflate ("Unexpected end of ZLIB input stream" names no file).
            in.close();
            throw new InputException(name + ": cannot read (gzip data cut short or damaged)");
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    private static OpenedInput binary(String name, InputKind kind, Path regularFile, InputStream in) throws IOException {
        if (regularFile != null) {
            in.close();
            return new OpenedInput(name, kind, regularFile, null, null);
        }
        // Registered with TempFiles: Ctrl-C or SIGTERM while a large perf.data is spooled (or read)
        // must not leave the copy in /tmp.
        Path tmp = TempFiles.create(Path.of(System.getProperty("java.io.tmpdir")), "myflame-",
                kind == InputKind.JFR ? ".jfr" : ".perf.data");
        // WRITE without CREATE: a signal's shutdown hook may remove the file first, and must not see it made again
        try (in; java.io.OutputStream out = Files.newOutputStream(tmp, java.nio.file.StandardOpenOption.WRITE,
                java.nio.file.StandardOpenOption.TRUNCATE_EXISTING)) {
            in.transferTo(out);
        } catch (IOException | RuntimeException e) {
            TempFiles.delete(tmp);
            throw e;
        }
        return new OpenedInput(name, kind, tmp, null, tmp);
    }

    /** Reads up to the end of the first content line (bounded), then rewinds. */
    private static InputKind sniffText(String name, BufferedInputStream in) throws IOException, InputException {
        in.mark(MAX_FIRST_LINE + 1);
        byte[] head = new byte[SNIFF];
        int len = in.readNBytes(head, 0, head.length);
        boolean whole = len < head.length;
        while (!whole && !hasContentLine(head, len) && head.length < MAX_FIRST_LINE) {
            head = java.util.Arrays.copyOf(head, head.length * 2);
            int n = in.readNBytes(head, len, head.length - len);
            len += n;
            whole = len < head.length;
        }
        in.reset();
        // Drop the mark: a 16 MB mark left set makes the stream keep (and copy) the next 16 MB of
        // every read in its buffer — half again the time of a whole collapse, and 60 MB.
        in.mark(0);
        return InputKind.ofText(head, len, whole, name);
    }

    /** Whether a whole line that is neither blank nor a comment ends within {@code b[0, len)}. */
    private static boolean hasContentLine(byte[] b, int len) {
        int p = 0;
        while (p < len) {
            int eol = p;
            while (eol < len && b[eol] != '\n') {
                eol++;
            }
            if (eol == len) {
                return false;
            }
            String t = new String(b, p, eol - p, java.nio.charset.StandardCharsets.ISO_8859_1).strip();
            if (!t.isEmpty() && !t.startsWith("#")) {
                return true;
            }
            p = eol + 1;
        }
        return false;
    }

    private static byte[] peek(BufferedInputStream in, int n) throws IOException {
        in.mark(n);
        byte[] b = in.readNBytes(n);
        in.reset();
        return b;
    }

    /** How the perf.data was recorded, from its header as read when it was opened; null when not read here. */
    public io.myflame.core.model.CallGraph recordedCallGraph() {
        return recordedCallGraph;
    }

    /** The input as named to the user: its path, or {@code <stdin>}. */
    public String name() {
        return name;
    }

    public InputKind kind() {
        return kind;
    }

    /** A file holding the input, for readers that need a path (perf.data, JFR); null for text from a pipe. */
    public Path file() {
        return file;
    }

    /**
     * The regular file whose bytes are the input's text as they are (not gzip), which a reader may read
     * at any offset; null when the text comes from a pipe or through gzip, or the input is binary.
     */
    public Path plainTextFile() {
        return plain ? file : null;
    }

    /** The input's text from its first byte, gzip undone; null for binary kinds. */
    public InputStream text() {
        return text;
    }

    /**
     * {@code message} with the spool file's path replaced by the input's name: an error about a
     * perf.data piped in names {@code <stdin>}, not a /tmp file the user never saw (and that is gone).
     */
    public String shown(String message) {
        return spooled == null || message == null ? message : message.replace(spooled.toString(), name);
    }

    @Override
    public void close() throws IOException {
        if (text != null) {
            text.close();
        }
        if (spooled != null) {
            TempFiles.delete(spooled);
        }
    }
}
