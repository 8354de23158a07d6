package io.myflame.ingest.script;

import io.myflame.core.task.Concurrency;
import io.myflame.ingest.error.InputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import io.myflame.ingest.block.BlockReader;
import io.myflame.ingest.block.ByteScan;
import io.myflame.ingest.block.Problems;
import io.myflame.ingest.block.SegmentReader;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;

/**
 * Streams {@code perf script} text through worker threads ({@link BlockReader}): blocks are cut
 * at sample boundaries (a blank line, or any line when samples are one line each) and parsed by
 * one {@link ChunkParser} per worker.
 */
public final class PerfScriptReader {
    public static final int BLOCK = BlockReader.BLOCK;

    private final FoldOptions options;
    private final Concurrency concurrency;
    private final int blockSize;
    /** Bytes read so far, for a progress display; shared with whoever shows it. */
    private java.util.concurrent.atomic.AtomicLong bytesRead = new java.util.concurrent.atomic.AtomicLong();

    /** As {@link #PerfScriptReader(FoldOptions, Concurrency)} with {@link Concurrency#of}{@code (threads)}. */
    public PerfScriptReader(FoldOptions options, int threads) {
        this(options, Concurrency.of(threads), BLOCK);
    }

    /** Parses with as many workers as {@code concurrency} allows. */
    public PerfScriptReader(FoldOptions options, Concurrency concurrency) {
        this(options, concurrency, BLOCK);
    }

    /** With a chosen block size: tests use tiny blocks to cut small inputs into many chunks. */
    PerfScriptReader(FoldOptions options, int threads, int blockSize) {
        this(options, Concurrency.of(threads), blockSize);
    }

    private PerfScriptReader(FoldOptions options, Concurrency concurrency, int blockSize) {
        this.options = options;
        this.concurrency = concurrency;
        this.blockSize = blockSize;
    }

    /** Counts the bytes read into {@code counter} (e.g. for a progress line on a terminal). */
    public PerfScriptReader countingInto(java.util.concurrent.atomic.AtomicLong counter) {
        this.bytesRead = counter;
        return this;
    }

    public FoldedStacks read(InputStream in, String source) throws IOException, InputException {
        BlockReader reader = new BlockReader(concurrency, blockSize, bytesRead);
        int[] filled = new int[1];
        byte[] block = reader.first(in, filled);
        Head head = Head.of(block, filled[0], source, options);
        BlockReader.Merged m = reader.read(in, block, filled[0], (b, len) -> sampleBoundary(b, len, head.oneLineSamples),
                () -> new ChunkParser(options, head.event));
        return folded(m, head, source);
    }

    /**
     * Reads the regular file {@code file}, whose bytes are the text, by segments ({@link SegmentReader}):
     * every worker reads its own, so no thread does nothing but read. Samples printed on one line each
     * (no blank line between them), or one running on for more than {@link BlockReader#MAX_BLOCK}, are
     * read from {@code in} (the same text from its start) as from a pipe.
     */
    public FoldedStacks read(java.nio.file.Path file, InputStream in, String source) throws IOException, InputException {
        long size;
        byte[] block;
        // the head, read to tell the text's shape, is the first segment's bytes too
        try (java.io.RandomAccessFile first = new java.io.RandomAccessFile(file.toFile(), "r")) {
            size = first.length();
            block = new byte[(int) Math.min(size, BLOCK)];
            first.readFully(block);
        }
        Head head = Head.of(block, block.length, source, options);
        if (!head.oneLineSamples) {
            try {
                BlockReader.Merged m = SegmentReader.read(file, SegmentReader.Cut.BLANK_LINE, block, size, concurrency,
                        blockSize, bytesRead, () -> new ChunkParser(options, head.event));
                return folded(m, head, source);
            } catch (SegmentReader.Unsegmented e) {
                // a sample too long for a segment: read as from a pipe, below
            }
        }
        return read(in, source);
    }

    /**
     * What the text's first block says about all of it.
     *
     * @param prose          the refusal when the text does not start as perf script does, else null
     * @param event          the one event kept
     * @param oneLineSamples whether each sample is one line (no blank lines to cut at)
     */
    private record Head(String prose, String event, boolean oneLineSamples) {
        static Head of(byte[] b, int len, String source, FoldOptions options) {
            return new Head(proseLine(b, len, source),
                    options.eventFilter() != null ? options.eventFilter() : firstEvent(b, len),
                    firstSampleOnOneLine(b, len));
        }
    }

    private FoldedStacks folded(BlockReader.Merged m, Head head, String source) throws InputException {
        String prose = head.prose;
        String event = head.event;
        List<String> warnings = new ArrayList<>();
        if (m.otherEvent()) {
            warnings.add("kept only events of type " + event + " (others were in the input; --event-filter picks one)");
        }
        Problems problems = m.problems();
        warnings.addAll(problems.warnings(source, m));
        if (prose != null && problems.malformed > m.stacks().size()) {
            // More lines that are not perf script than stacks, from a first line that is prose.
            throw new InputException(prose);
        }
        if (m.stacks().size() == 0 && problems.tooLongWarning(source, m) != null) {
            throw new InputException("no samples in " + source + ": " + problems.tooLongWarning(source, m));
        }
        if (m.stacks().size() == 0) {
            if (problems.malformed > 0) {
                throw new InputException(source + ":" + m.fileLine(problems.malformedChunk, problems.malformedLine)
                        + ": not perf script output: " + Problems.abbreviate(problems.malformedText));
            }
            throw new InputException("no samples in " + source);
        }
        return new FoldedStacks(m.names(), m.stacks(), event, warnings);
    }

    /**
     * The refusal for text whose first line (after comments and blank lines) is neither a sample
     * header nor a frame, or null: perf script output starts with a header ("mysqld 4242 [001] 1.5:
     * 250000 cpu-clock:"), or with a frame when its head was cut off. A README, a LICENSE or source
     * code is no profile, though a few of its lines look like headers and make samples of their own.
     */
    static String proseLine(byte[] b, int len, String source) {
        SampleHeader header = new SampleHeader();
        int p = 0;
        for (int line = 1; p < len; line++) {
            int eol = ByteScan.indexOfNewline(b, p, len);
            int end = eol;
            while (end > p && (b[end - 1] == ' ' || b[end - 1] == '\t' || b[end - 1] == '\r')) {
                end--;
            }
            if (end > p && b[p] != '#') {
                if (b[p] == ' ' || b[p] == '\t' || header.parse(b, p, end)) {
                    return null;
                }
                return source + ":" + line + ": not perf script output: "
                        + Problems.abbreviate(new String(b, p, end - p, StandardCharsets.ISO_8859_1));
            }
            p = eol + 1;
        }
        return null;
    }

    /**
     * The first sample's event, which is the only one kept unless the user names another: the
     * event of the first header line (a line after a blank one) that is a sample, not a
     * {@code PERF_RECORD_*} record. Empty when that header has no event
     * ({@code perf script -F comm,pid,tid,time,ip,sym,dso}); null when there is no header at all.
     */
    static String firstEvent(byte[] b, int len) {
        SampleHeader header = new SampleHeader();
        boolean inEvent = false;
        int p = 0;
        while (p < len) {
            int eol = ByteScan.indexOfNewline(b, p, len);
            int end = eol;
            while (end > p && (b[end - 1] == ' ' || b[end - 1] == '\t' || b[end - 1] == '\r')) {
                end--;
            }
            if (end == p) {
                inEvent = false;
            } else if (b[p] != '#' && !inEvent) {
                if (header.parse(b, p, end) && !header.record) {
                    if (header.hasEvent) {
                        return new String(b, header.eventStart, header.eventEnd - header.eventStart,
                                StandardCharsets.ISO_8859_1);
                    }
                    inEvent = true;
                }
            }
            p = eol + 1;
        }
        return null;
    }

    /**
     * Index just after the last blank line ("\n\n") in the block; failing that, when samples
     * are one line each (perf recorded without -g prints no blank lines), after the last newline;
     * or -1.
     */
    static int sampleBoundary(byte[] b, int len, boolean oneLineSamples) {
        for (int i = len - 1; i > 0; i--) {
            if (b[i] == '\n' && b[i - 1] == '\n') {
                return i + 1;
            }
        }
        for (int i = len - 1; oneLineSamples && i >= 0; i--) {
            if (b[i] == '\n') {
                return i + 1;
            }
        }
        return -1;
    }

    /**
     * Whether the first sample header carries its frame
     * ("spin  7950   326.999272:    2004008 cpu-clock:ppp:      55937c473231 leaf+0x52 (/tmp/spin)").
     */
    static boolean firstSampleOnOneLine(byte[] b, int len) {
        SampleHeader header = new SampleHeader();
        int p = 0;
        while (p < len) {
            int eol = ByteScan.indexOfNewline(b, p, len);
            int end = eol;
            while (end > p && (b[end - 1] == ' ' || b[end - 1] == '\t' || b[end - 1] == '\r')) {
                end--;
            }
            if (end > p && b[p] != '#' && header.parse(b, p, end) && !header.record) {
                return header.stackStart >= 0;
            }
            p = eol + 1;
        }
        return false;
    }

}
