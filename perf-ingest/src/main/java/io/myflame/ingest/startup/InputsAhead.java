package io.myflame.ingest.startup;

import io.myflame.ingest.InputKind;
import io.myflame.ingest.StartedInputs;
import io.myflame.ingest.capture.CaptureDirectory;
import io.myflame.ingest.fold.FoldedStacks;
import io.myflame.ingest.io.Stdin;
import io.myflame.ingest.perfdata.PerfDataAhead;
import io.myflame.ingest.symbols.SymbolTable;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * One run's start-up: before picocli builds its model of the command (a tenth of a second or more),
 * each file the raw command line names is opened once and told by its first bytes, and what reading it
 * needs whatever the flags say is started on helper threads: a perf.data's index pass and symbol
 * archive, or the kernel's symbols ({@link PerfDataAhead}); a capture directory's capture.json and its
 * sample file; the first plain folded file's read ({@link FoldedReadAhead}). The file stays open, at its
 * first byte, for its one reader ({@link #opened}), a row or settings file too. What no one took is
 * closed and stopped with the run ({@link #close}).
 */
public final class InputsAhead implements StartedInputs, AutoCloseable {
    /** Enough to tell any input's kind by its first line (as the reader's sniff). */
    private static final int HEAD = 64 * 1024;
    /** What a perf.data starts with, checked before anything else is looked at (its reading starts at once). */
    private static final byte[] PERF_DATA_MAGIC = "PERFILE2".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);

    private final Map<Path, FileInputStream> opened = new HashMap<>();
    private final Map<Path, CompletableFuture<Object>> captureJson = new HashMap<>();
    private final Map<Path, PerfDataAhead> perfData = new HashMap<>();
    private FoldedReadAhead folded;
    private CompletableFuture<SymbolTable> runningKernel;

    private InputsAhead() {
    }

    /**
     * Looks at {@code args}, a whole command line, before it is parsed. With {@code analysis} (an
     * analysing command's inputs) a capture directory counts as its sample file and a plain folded file
     * is read ahead on {@code threads} threads (unless a perf.data is among them: its read needs the
     * cores). The value of {@code -o}/{@code --output} is skipped: an output left from an earlier run is
     * no input. Never fails: what cannot be looked at is left to the command, which says so in its words.
     */
    public static InputsAhead start(boolean analysis, int threads, String... args) {
        InputsAhead run = new InputsAhead();
        List<Path> foldedFiles = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-o") || a.equals("--output")) {
                i++;
            } else if (!a.isEmpty() && !a.startsWith("-") && !Stdin.names(a)) {
                run.look(a, analysis, foldedFiles);
            }
        }
        if (analysis && run.perfData.isEmpty() && !foldedFiles.isEmpty()) {
            Path file = foldedFiles.get(0);
            FileInputStream in = run.opened.remove(file);
            try {
                run.folded = FoldedReadAhead.start(file, file.toString(), threads, in);
            } catch (IOException | RuntimeException e) {
                close(in);
            }
        }
        return run;
    }

    private void look(String arg, boolean analysis, List<Path> foldedFiles) {
        try {
            Path path = Path.of(arg);
            if (analysis && Files.isDirectory(path)) {
                Path samples = CaptureDirectory.sampleFile(path);
                if (samples != null) {
                    CompletableFuture<Object> json = CaptureDirectory.readAhead(path);
                    if (json != null) {
                        captureJson.put(path, json);
                    }
                    classify(samples, analysis, foldedFiles);
                }
            } else if (Files.isRegularFile(path)) {
                classify(path, analysis, foldedFiles);
            }
        } catch (IOException | RuntimeException e) {
            // not a path (InvalidPathException), or not one to read: the command line says so in its own words later
        }
    }

    /** Opens {@code file} once and tells it by its first bytes; it stays open for its reader. */
    private void classify(Path file, boolean analysis, List<Path> foldedFiles) throws IOException {
        if (opened.containsKey(file)) {
            return;
        }
        FileInputStream in = new FileInputStream(file.toFile());
        opened.put(file, in);
        // A perf.data's magic first, its work started at once; the first lines of text only where a folded
        // file is read ahead.
        ByteBuffer magic = head(in, PERF_DATA_MAGIC.length);
        if (magic.position() == PERF_DATA_MAGIC.length && java.util.Arrays.equals(magic.array(), PERF_DATA_MAGIC)) {
            // the first perf.data's index pass and archive; the run's one read of the kernel's symbols for any
            perfData.put(file, perfData.isEmpty() ? PerfDataAhead.start(file, this::runningKernel)
                    : PerfDataAhead.sharing(file, this::runningKernel));
            return;
        }
        if (!analysis) {
            return;
        }
        ByteBuffer head = head(in, HEAD);
        byte[] b = head.array();
        int len = head.position();
        if (InputKind.ofMagic(b, len) == null && !InputKind.isGzip(b, len) && isFolded(b, len, file)) {
            foldedFiles.add(file);
        }
    }

    /** Up to {@code n} first bytes of {@code in}, by positional reads: the stream stays at its first byte for the reader. */
    private static ByteBuffer head(FileInputStream in, int n) throws IOException {
        ByteBuffer head = ByteBuffer.allocate(n);
        while (head.hasRemaining() && in.getChannel().read(head, head.position()) > 0) {
            // until the buffer is full or the file ends
        }
        return head;
    }

    private static boolean isFolded(byte[] head, int len, Path file) {
        try {
            return InputKind.ofText(head, len, len < HEAD, file.toString()) == InputKind.FOLDED;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** The run's one read of this machine's kernel symbols, started on first ask. */
    private synchronized CompletableFuture<SymbolTable> runningKernel() {
        if (runningKernel == null) {
            runningKernel = PerfDataAhead.readRunningKernel();
        }
        return runningKernel;
    }

    @Override
    public synchronized FileInputStream opened(Path file) {
        return opened.remove(file);
    }

    @Override
    public synchronized CompletableFuture<Object> captureJson(Path dir) {
        return captureJson.remove(dir);
    }

    @Override
    public synchronized PerfDataAhead perfData(Path file) {
        PerfDataAhead ahead = perfData.remove(file);
        return ahead != null ? ahead : PerfDataAhead.NONE;
    }

    @Override
    public FoldedStacks folded(Path file, String source, boolean rootIsThread, int threads) {
        FoldedReadAhead ahead;
        synchronized (this) {
            ahead = folded;
            folded = null;
        }
        return ahead == null ? null : ahead.take(file, source, rootIsThread, threads);
    }

    /** Closes every file no reader took and stops a read ahead no one took. */
    @Override
    public synchronized void close() {
        opened.values().forEach(InputsAhead::close);
        opened.clear();
        if (folded != null) {
            folded.stop();
            folded = null;
        }
    }

    private static void close(FileInputStream in) {
        try {
            if (in != null) {
                in.close();
            }
        } catch (IOException e) {
            // a file only read: nothing was lost
        }
    }
}
