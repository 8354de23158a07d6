package io.myflame.ingest.folded;

import io.myflame.core.task.Concurrency;
import io.myflame.ingest.error.InputException;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import io.myflame.ingest.block.BlockParser;
import io.myflame.ingest.block.BlockReader;
import io.myflame.ingest.block.Problems;
import io.myflame.ingest.block.SegmentReader;
import java.nio.file.Files;
import java.nio.file.Path;
import io.myflame.ingest.fold.FoldedStacks;
import io.myflame.ingest.script.PerfScriptReader;

/**
 * Reads folded stacks ({@code frame;frame;leaf COUNT} per line) through the same block and
 * worker machinery as {@link PerfScriptReader}: in parallel, in flat memory, one over-long line
 * skipped rather than held. Names are bytes (ISO-8859-1), so they come back byte for byte.
 */
public final class FoldedTextReader {
    /** The root of stacks whose first frame is a function, not a thread (flamegraph.pl's "all"). */
    public static final String ALL = "all";

    private final Concurrency concurrency;
    private final int blockSize;
    private java.util.concurrent.atomic.AtomicLong bytesRead = new java.util.concurrent.atomic.AtomicLong();
    /** The regular file the text is, as it is; null when it comes from a pipe or through gzip. */
    private Path file;

    /** As {@link #FoldedTextReader(Concurrency)} with {@link Concurrency#of}{@code (threads)}. */
    public FoldedTextReader(int threads) {
        this(Concurrency.of(threads), BlockReader.BLOCK);
    }

    /** Parses with as many workers as {@code concurrency} allows. */
    public FoldedTextReader(Concurrency concurrency) {
        this(concurrency, BlockReader.BLOCK);
    }

    FoldedTextReader(int threads, int blockSize) {
        this(Concurrency.of(threads), blockSize);
    }

    private FoldedTextReader(Concurrency concurrency, int blockSize) {
        this.concurrency = concurrency;
        this.blockSize = blockSize;
    }

    /** When set, stops the read at its next block (a read ahead no one will take: {@code FoldedReadAhead}). */
    private java.util.concurrent.atomic.AtomicBoolean stop;

    /** Stops the read, with {@link java.util.concurrent.CancellationException}, at the next block after {@code stop} is set. */
    public FoldedTextReader stoppedBy(java.util.concurrent.atomic.AtomicBoolean stop) {
        this.stop = stop;
        return this;
    }

    /** Counts the bytes read into {@code counter}. */
    public FoldedTextReader countingInto(java.util.concurrent.atomic.AtomicLong counter) {
        this.bytesRead = counter;
        return this;
    }

    /**
     * Reads folded lines. With {@code rootIsThread} the first frame is the stack's root label
     * (a thread), else every frame is a function and the root is {@link #ALL}. With
     * {@code differential} each line carries two counts, BASE and NEW: the result's weights are
     * BASE and its sample counts NEW ({@link FoldedStacks#toProfile} picks one).
     */
    public FoldedStacks read(InputStream in, String source, boolean rootIsThread, boolean differential)
            throws IOException, InputException {
        return read(in, java.nio.charset.StandardCharsets.ISO_8859_1, source, rootIsThread, differential);
    }

    /**
     * Reads the text from {@code file}, a regular file holding it as it is, by segments: every worker
     * reads its own ({@link SegmentReader}), as perf script text is read. A line over 8 MB sends the
     * whole file through {@link BlockReader}, from {@code in}, which skips such a line.
     */
    public FoldedTextReader fromFile(Path file) {
        this.file = file;
        return this;
    }

    /** As {@link #read(InputStream, String, boolean, boolean)}, names decoded in {@code charset} (UTF-8 for JFR). */
    public FoldedStacks read(InputStream in, java.nio.charset.Charset charset, String source, boolean rootIsThread,
                             boolean differential) throws IOException, InputException {
        java.util.function.Supplier<BlockParser> parsers = () -> new FoldedLineParser(charset, rootIsThread, differential, stop);
        BlockReader.Merged m = null;
        if (file != null) {
            try {
                m = SegmentReader.read(file, SegmentReader.Cut.LINE, new byte[0], Files.size(file), concurrency, blockSize,
                        bytesRead, parsers);
            } catch (SegmentReader.Unsegmented e) {
                // a line too long for a segment: read as from a pipe, below
            }
        }
        if (m == null) {
            BlockReader reader = new BlockReader(concurrency, blockSize, bytesRead);
            int[] filled = new int[1];
            byte[] block = reader.first(in, filled);
            m = reader.read(in, block, filled[0], BlockReader::lastNewline, parsers);
        }
        Problems problems = m.problems();
        List<String> warnings = problems.warnings(source, m).stream()
                .map(w -> w.startsWith("ignored") ? w + " (expected 'frame;frame;... COUNT"
                        + (differential ? " COUNT" : "") + "')" : w).toList();
        if (m.stacks().size() == 0 && problems.tooLongWarning(source, m) != null) {
            throw new InputException("no samples in " + source + ": " + problems.tooLongWarning(source, m));
        }
        if (m.stacks().size() == 0) {
            throw new InputException(problems.malformed > 0
                    ? source + ":" + m.fileLine(problems.malformedChunk, problems.malformedLine) + ": not folded stacks"
                    : "no samples in " + source);
        }
        return new FoldedStacks(m.names(), m.stacks(), null, warnings);
    }
}
