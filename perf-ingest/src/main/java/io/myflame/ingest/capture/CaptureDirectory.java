package io.myflame.ingest.capture;

import io.myflame.core.model.CallGraph;
import io.myflame.ingest.error.InputException;
import io.myflame.ingest.perfdata.PerfDataReader;
import io.myflame.ingest.perfdata.RecordedCallGraph;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A capture directory as {@code myflame record} writes it: {@code capture.json} (metadata),
 * {@code perf.data}, the folded stacks and the workload's output. This class reads what analysis
 * needs from it: which file holds the samples, {@code capture.json} read once into a
 * {@link CaptureRecord}, and how perf walked the stacks (which perf.data says when capture.json does not).
 */
public final class CaptureDirectory {
    public static final String METADATA = "capture.json";
    /** Sample files in order of preference: exact periods first, folded stacks last. */
    static final List<String> SAMPLE_FILES = List.of(
            "perf.script.gz", "perf.script", "perf.data", "stacks.folded", "stacks.folded.gz");

    /** A capture without capture.json (only its sample files) says nothing. */
    private static final CaptureRecord NOTHING =
            new CaptureRecord(null, null, null, null, null, null, null, null, null, null);

    /** How many times a capture.json was read in this process: once per input per command (a test counts). */
    private static final AtomicInteger READS = new AtomicInteger();

    private final Path dir;
    private final CaptureRecord meta;

    private CaptureDirectory(Path dir, CaptureRecord meta) {
        this.dir = dir;
        this.meta = meta;
    }

    /**
     * Starts reading {@code dir}'s capture.json on a helper thread, as soon as the directory is named on
     * the command line (null if it has none); {@link #open(Path, java.util.concurrent.CompletableFuture)}
     * takes it. Binding it to the record is a tenth of a second of class initialisation and reflection in
     * a run, as long as picocli's model of the command, which it overlaps.
     */
    public static java.util.concurrent.CompletableFuture<Object> readAhead(Path dir) {
        Path json = dir.resolve(METADATA);
        if (!Files.isRegularFile(json)) {
            return null;
        }
        return java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return read(json);
            } catch (IOException | RuntimeException e) {
                return e;
            }
        }, task -> io.myflame.core.task.Concurrency.helper("myflame-capture-json", task));
    }

    public static CaptureDirectory open(Path dir) throws IOException, InputException {
        return open(dir, null);
    }

    /** Opens {@code dir}, its capture.json as read ahead ({@link #readAhead}, null: read it now). */
    public static CaptureDirectory open(Path dir, java.util.concurrent.CompletableFuture<Object> ahead)
            throws IOException, InputException {
        Path json = dir.resolve(METADATA);
        Object read = ahead != null ? ahead.join() : Files.isRegularFile(json) ? read(json) : NOTHING;
        if (read instanceof IOException e) {
            throw e;
        } else if (read instanceof RuntimeException e) {
            // an InputException among them: the metadata is damaged
            throw e;
        }
        return new CaptureDirectory(dir, (CaptureRecord) read);
    }

    /** capture.json bound to its record; counted. */
    private static CaptureRecord read(Path json) throws IOException, InputException {
        READS.incrementAndGet();
        CaptureRecord record;
        try {
            record = CaptureJsonReader.read(json);
        } catch (CaptureJsonReader.WrongShape e) {
            throw new InputException(json + ":" + e.line + ": not a capture's metadata (" + e.detail + ")");
        } catch (JsonTokens.Malformed e) {
            throw new InputException(json + ":" + e.line + ": not valid JSON (" + e.detail + ")");
        } catch (StackOverflowError e) {
            throw new InputException(json + ": not valid JSON (nested too deeply)");
        }
        if (record == null) {
            throw new InputException(json + ": not a capture's metadata (expected a JSON object)");
        }
        return record;
    }

    static int reads() {
        return READS.get();
    }

    /** Whether {@code dir} holds a capture's files (which may still turn out damaged when read). */
    public static boolean looksLikeCapture(Path dir) {
        if (Files.isRegularFile(dir.resolve(METADATA))) {
            return true;
        }
        for (String name : SAMPLE_FILES) {
            if (Files.isRegularFile(dir.resolve(name))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Every file a read of {@code input} may open, each with what it is to the input: for a capture
     * directory its metadata and sample files, and for a perf.data (alone or in a capture) the files
     * read beside it ({@link io.myflame.ingest.perfdata.PerfDataReader#filesBeside}). The input
     * itself is not among them. An output must be none of these: writing it would replace them.
     */
    public static java.util.Map<Path, String> filesReadWith(Path input) {
        java.util.Map<Path, String> files = new java.util.LinkedHashMap<>();
        Path perfData = input;
        if (Files.isDirectory(input)) {
            files.put(input.resolve(METADATA), "the capture's metadata");
            for (String name : SAMPLE_FILES) {
                files.put(input.resolve(name), "a sample file of the capture");
            }
            perfData = input.resolve("perf.data");
        }
        io.myflame.ingest.perfdata.PerfDataReader.filesBeside(perfData).forEach(files::putIfAbsent);
        return files;
    }

    public Path dir() {
        return dir;
    }

    /** What capture.json says; every field null when the directory has none. */
    public CaptureRecord record() {
        return meta;
    }

    /**
     * The file a read of {@code dir} takes its samples from, or null when it has none: a perf.data with
     * its symbol archive beside it (what {@code record} writes), read as that perf.data is read alone;
     * else the first of {@link #SAMPLE_FILES} there. perf script text names what perf could not name
     * otherwise than the perf.data reader does ({@code [mysqld]}, not {@code mysqld+0x1c2f0}), so a
     * directory holding both reads as its perf.data would.
     */
    public static Path sampleFile(Path dir) {
        Path data = dir.resolve("perf.data");
        if (Files.isRegularFile(data) && PerfDataReader.hasArchive(data)) {
            return data;
        }
        for (String name : SAMPLE_FILES) {
            Path p = dir.resolve(name);
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        return null;
    }

    /** The file with the samples, or an error naming what a capture should contain. */
    public Path samples() throws InputException {
        Path file = sampleFile(dir);
        if (file != null) {
            return file;
        }
        String none = "no " + String.join(", ", SAMPLE_FILES);
        if (meta.incomplete() != null) {
            throw new InputException(dir + ": incomplete capture (" + meta.incomplete() + "): no samples to read (" + none + ")");
        }
        if (meta != NOTHING) {
            // capture.json alone: record stopped before perf wrote anything (or the samples were removed).
            throw new InputException(dir + ": incomplete capture (capture.json but " + none + "): no samples to read");
        }
        throw new InputException(dir + ": not a capture directory (" + none + ")");
    }

    /**
     * A read error of an incomplete capture's sample file, said as what it is: "perf script exited 255"
     * alone does not tell that the capture was never finished.
     */
    public InputException incompleteRead(InputException e) {
        return meta.incomplete() == null ? e
                : new InputException(dir + ": incomplete capture (" + meta.incomplete() + "): no samples to read ("
                        + e.getMessage() + ")");
    }

    /**
     * How perf walked the stacks: {@code perf.call_graph} ({@code fp}, {@code dwarf}, {@code lbr}), else
     * what the capture's perf.data header says, else unknown.
     */
    public CallGraph callGraph() {
        return callGraph(null);
    }

    /**
     * As {@link #callGraph()}, with the mode the header of the capture's perf.data gave when it was opened
     * as the sample file (null: not read), so it is not opened again to say it.
     */
    public CallGraph callGraph(CallGraph ofPerfData) {
        CallGraph said = CallGraph.parse(meta.perf() == null ? null : meta.perf().callGraph());
        Path data = dir.resolve("perf.data");
        if (said != CallGraph.UNKNOWN || !Files.isRegularFile(data)) {
            return said;
        }
        return ofPerfData != null ? ofPerfData : RecordedCallGraph.of(data);
    }

}
