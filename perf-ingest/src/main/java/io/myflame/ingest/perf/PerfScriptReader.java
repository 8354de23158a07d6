package io.myflame.ingest.perf;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.StackMap;
import io.myflame.ingest.InputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Streams {@code perf script} text through worker threads. The reading thread cuts the input into
 * blocks at sample boundaries (a blank line) and hands them to one {@link ChunkParser} per
 * worker; blocks are recycled, so memory stays at a few blocks whatever the input size. The
 * workers' stacks are merged at the end.
 */
public final class PerfScriptReader {
    static final int BLOCK = 4 << 20;
    private static final int MAX_BLOCK = 256 << 20;

    private final FoldOptions options;
    private final int threads;
    private final int blockSize;
    /** Bytes read so far, for a progress display; shared with whoever shows it. */
    private java.util.concurrent.atomic.AtomicLong bytesRead = new java.util.concurrent.atomic.AtomicLong();

    public PerfScriptReader(FoldOptions options, int threads) {
        this(options, threads, BLOCK);
    }

    /** With a chosen block size: tests use tiny blocks to cut small inputs into many chunks. */
    PerfScriptReader(FoldOptions options, int threads, int blockSize) {
        this.options = options;
        this.threads = Math.max(1, threads);
        this.blockSize = blockSize;
    }

    /** Counts the bytes read into {@code counter} (e.g. for a progress line on a terminal). */
    public PerfScriptReader countingInto(java.util.concurrent.atomic.AtomicLong counter) {
        this.bytesRead = counter;
        return this;
    }

    /** A block of input and where it sits in the stream. */
    private record Chunk(byte[] buf, int len, int seq, boolean last) {
    }

    private static final Chunk END = new Chunk(null, 0, -1, true);

    public FoldedStacks read(InputStream in, String source) throws IOException, InputException {
        byte[] block = new byte[blockSize];
        int filled = readFully(in, block, 0);
        String event = options.eventFilter() != null ? options.eventFilter() : firstEvent(block, filled);
        boolean oneLineSamples = firstSampleOnOneLine(block, filled);
        Workers workers = new Workers(threads, options, event);
        int seq = 0;
        int carry = 0;
        boolean eof = filled < block.length;
        try {
            while (true) {
                int len = filled;
                int cut = eof ? len : sampleBoundary(block, len, oneLineSamples);
                if (cut < 0) {
                    if (block.length >= MAX_BLOCK) {
                        cut = lastNewline(block, len);
                    } else {
                        block = java.util.Arrays.copyOf(block, block.length * 2);
                        int n = readFully(in, block, len);
                        filled = len + n;
                        eof = filled < block.length;
                        continue;
                    }
                }
                byte[] next = workers.freeBlock(block.length);
                carry = len - cut;
                System.arraycopy(block, cut, next, 0, carry);
                workers.submit(new Chunk(block, cut, seq++, eof));
                if (eof) {
                    break;
                }
                block = next;
                int n = readFully(in, block, carry);
                filled = carry + n;
                eof = filled < block.length;
            }
        } finally {
            workers.finish();
        }
        return workers.merge(source, event);
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

    private static int lastNewline(byte[] b, int len) {
        for (int i = len - 1; i >= 0; i--) {
            if (b[i] == '\n') {
                return i + 1;
            }
        }
        return len;
    }

    private int readFully(InputStream in, byte[] b, int off) throws IOException {
        int total = 0;
        while (off + total < b.length) {
            int n = in.read(b, off + total, b.length - off - total);
            if (n < 0) {
                break;
            }
            total += n;
        }
        bytesRead.addAndGet(total);
        return total;
    }

    /** The worker threads, their parsers, and the pool of blocks they give back. */
    private static final class Workers {
        private final ChunkParser[] parsers;
        private final java.lang.Thread[] threads;
        private final BlockingQueue<Chunk> work;
        private final BlockingQueue<byte[]> free;
        private final int maxBlocks;
        /** Blocks made so far (the reading thread's count; the first block is made by the reader). */
        private int allocated = 1;
        private final ConcurrentHashMap<Integer, Integer> linesPerChunk = new ConcurrentHashMap<>();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();

        Workers(int n, FoldOptions options, String event) {
            parsers = new ChunkParser[n];
            threads = new java.lang.Thread[n];
            work = new ArrayBlockingQueue<>(n + 1);
            // Blocks in flight: one being read, n being parsed, n + 1 queued.
            maxBlocks = 2 * n + 2;
            free = new ArrayBlockingQueue<>(maxBlocks + 1);
            for (int i = 0; i < n; i++) {
                ChunkParser parser = new ChunkParser(options, event);
                parsers[i] = parser;
                threads[i] = new java.lang.Thread(() -> loop(parser), "myflame-parse-" + i);
                threads[i].setDaemon(true);
                threads[i].start();
            }
        }

        private void loop(ChunkParser parser) {
            try {
                while (true) {
                    Chunk c = work.take();
                    if (c == END) {
                        return;
                    }
                    int lines = parser.parse(c.buf(), 0, c.len(), c.seq(), c.last());
                    linesPerChunk.put(c.seq(), lines);
                    free.offer(c.buf());
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
                work.clear();
            }
        }

        /**
         * A block to read into: a recycled one, a new one while fewer than {@link #maxBlocks}
         * exist, else the next one a worker gives back. Reusing blocks keeps memory flat and
         * spares zeroing 4 MB per block.
         */
        byte[] freeBlock(int size) throws IOException {
            byte[] b = free.poll();
            if (b == null && allocated < maxBlocks) {
                allocated++;
                return new byte[size];
            }
            try {
                while (b == null) {
                    checkFailure();
                    b = free.poll(100, java.util.concurrent.TimeUnit.MILLISECONDS);
                }
            } catch (InterruptedException e) {
                java.lang.Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
            return b.length >= size ? b : new byte[size];
        }

        void submit(Chunk c) throws IOException {
            try {
                while (!work.offer(c, 100, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                    checkFailure();
                }
            } catch (InterruptedException e) {
                java.lang.Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }

        void finish() throws IOException {
            try {
                for (int i = 0; i < threads.length; i++) {
                    work.put(END);
                }
                for (java.lang.Thread t : threads) {
                    t.join();
                }
            } catch (InterruptedException e) {
                java.lang.Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
            checkFailure();
        }

        private void checkFailure() {
            Throwable t = failure.get();
            if (t instanceof RuntimeException re) {
                throw re;
            }
            if (t instanceof Error er) {
                throw er;
            }
        }

        FoldedStacks merge(String source, String event) throws InputException {
            FrameTable names = new FrameTable();
            StackMap merged = new StackMap();
            Problems problems = new Problems();
            boolean otherEvent = false;
            int[] key = new int[256];
            for (ChunkParser p : parsers) {
                int[] remap = new int[p.names.size()];
                for (int i = 0; i < remap.length; i++) {
                    remap[i] = names.intern(p.names.get(i));
                }
                int[][] keyRef = {key};
                p.stacks.forEach((i, root, frames, weight, count) -> {
                    if (keyRef[0].length < frames.length) {
                        keyRef[0] = new int[frames.length * 2];
                    }
                    for (int j = 0; j < frames.length; j++) {
                        keyRef[0][j] = remap[frames[j]];
                    }
                    merged.add(remap[root], keyRef[0], frames.length, weight, count);
                });
                key = keyRef[0];
                problems.mergeFrom(p.problems);
                otherEvent |= p.otherEventSeen;
            }
            List<String> warnings = new ArrayList<>();
            if (otherEvent) {
                warnings.add("kept only events of type " + event + " (others were in the input; --event-filter picks one)");
            }
            if (problems.malformed > 0) {
                warnings.add("ignored " + problems.malformed + " malformed line" + (problems.malformed == 1 ? "" : "s")
                        + ", the first at " + source + ":" + fileLine(problems.malformedChunk, problems.malformedLine)
                        + ": " + abbreviate(problems.malformedText));
            }
            if (problems.truncated) {
                warnings.add("the last sample is cut short at " + source + ":"
                        + fileLine(problems.truncatedChunk, problems.truncatedLine) + " and was dropped");
            }
            if (merged.size() == 0) {
                if (problems.malformed > 0) {
                    throw new InputException(source + ":" + fileLine(problems.malformedChunk, problems.malformedLine)
                            + ": not perf script output: " + abbreviate(problems.malformedText));
                }
                throw new InputException("no samples in " + source);
            }
            return new FoldedStacks(names, merged, event, warnings);
        }

        private long fileLine(int chunk, int line) {
            long before = 0;
            for (int c = 0; c < chunk; c++) {
                before += linesPerChunk.getOrDefault(c, 0);
            }
            return before + line;
        }

        private static String abbreviate(String s) {
            return s.length() > 80 ? s.substring(0, 77) + "..." : s;
        }
    }
}
