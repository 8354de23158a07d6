package io.myflame.ingest.block;

import io.myflame.core.task.Concurrency;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Reads a regular text file (perf script samples, folded lines) with no reading thread: each worker
 * takes the next {@link BlockReader#BLOCK}-sized segment of the file, reads it itself at its offset,
 * and parses the samples that start in it (those that begin before it belong to the previous
 * segment's worker, which reads on to the end of its last one). Where {@link BlockReader} had a
 * thread copying the input beside the parsers, three busy threads on two cores, each core now both
 * reads and parses; the calling thread is one of the workers.
 *
 * <p>A segment's samples run from the first cut at or after its start to the first cut at or after
 * its end, a cut being the index just after a blank line ("\n\n") between perf script samples, or
 * after any newline between folded lines ({@link Cut}). Both neighbours find the same cut from the
 * same bytes, so every sample is parsed once, in whichever way the file is divided.
 */
public final class SegmentReader {
    /** Where the text may be cut between units. */
    public enum Cut {
        /** After a blank line: perf script samples of several lines. */
        BLANK_LINE,
        /** After any line: folded stacks, one a line. */
        LINE
    }

    /** What a worker reads past its segment's end at first, to finish its last sample. */
    private static final int LOOK_AHEAD = 16 << 10;

    /**
     * A sample (or a folded line) runs on for more than half of {@link BlockReader#MAX_BLOCK}: the file
     * is read by {@link BlockReader}, which cuts such a sample at a line and skips such a line, so that a
     * file and a pipe of the same text fold alike.
     */
    public static final class Unsegmented extends Exception {
        Unsegmented() {
            super(null, null, false, false);
        }
    }

    private final Path file;
    private final Cut cut;
    /** The file's first bytes, read before by the caller (to tell the text's shape): not read again. */
    private final byte[] head;
    private final long size;
    private final int segment;
    private final int segments;
    private final AtomicLong bytesRead;
    private final AtomicInteger next = new AtomicInteger();
    private final ConcurrentHashMap<Integer, Integer> linesPerChunk = new ConcurrentHashMap<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    private final Concurrency concurrency;

    private SegmentReader(Path file, Cut cut, byte[] head, long size, int segment, AtomicLong bytesRead,
            Concurrency concurrency) {
        this.concurrency = concurrency;
        this.file = file;
        this.cut = cut;
        this.head = head;
        this.size = size;
        this.segment = segment;
        this.segments = (int) ((size + segment - 1) / segment);
        this.bytesRead = bytesRead;
    }

    /**
     * Parses the first {@code size} bytes of {@code file} with {@code threads} workers (the caller and
     * {@code threads - 1} more), each with its own parser, and merges what they found. Throws
     * {@link Unsegmented} having taken back from {@code bytesRead} what it counted.
     */
    public static BlockReader.Merged read(Path file, Cut cut, long size, int threads, int segment, AtomicLong bytesRead,
            Supplier<BlockParser> parsers) throws IOException, Unsegmented {
        return read(file, cut, new byte[0], size, Concurrency.of(threads), segment, bytesRead, parsers);
    }

    /**
     * As {@link #read(Path, Cut, long, int, int, AtomicLong, Supplier)}, the file's first bytes already in
     * {@code head}, with as many workers as {@code concurrency} allows, the caller among them.
     */
    public static BlockReader.Merged read(Path file, Cut cut, byte[] head, long size, Concurrency concurrency,
            int segment, AtomicLong bytesRead, Supplier<BlockParser> parsers) throws IOException, Unsegmented {
        if (size / segment >= Integer.MAX_VALUE) {
            throw new Unsegmented();
        }
        SegmentReader reader = new SegmentReader(file, cut, head, size, segment, bytesRead, concurrency);
        long before = bytesRead.get();
        try {
            // no more workers than segments: each makes a parser and a buffer of a segment's size
            return reader.run(concurrency.workers(reader.segments), parsers);
        } catch (Unsegmented u) {
            // the caller reads the file again from its start, counting as it goes
            bytesRead.set(before);
            throw u;
        }
    }

    private BlockReader.Merged run(int threads, Supplier<BlockParser> factory) throws IOException, Unsegmented {
        BlockParser[] parsers = new BlockParser[threads];
        Thread[] helpers = new Thread[threads - 1];
        for (int i = 0; i < threads; i++) {
            parsers[i] = factory.get();
        }
        for (int i = 1; i < threads; i++) {
            BlockParser parser = parsers[i];
            helpers[i - 1] = concurrency.worker("myflame-parse-" + i, () -> workCatching(parser));
        }
        workCatching(parsers[0]);
        try {
            for (Thread t : helpers) {
                t.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        Throwable t = failure.get();
        if (t instanceof Unsegmented u) {
            throw u;
        }
        if (t instanceof IOException io) {
            throw io;
        }
        if (t instanceof RuntimeException re) {
            throw re;
        }
        if (t instanceof Error er) {
            throw er;
        }
        return BlockReader.merge(parsers, new Problems(), linesPerChunk, concurrency);
    }

    private void workCatching(BlockParser parser) {
        try {
            work(parser);
        } catch (Throwable t) {
            failure.compareAndSet(null, t);
        }
    }

    /**
     * Takes segments until none is left (or a worker failed) and parses the samples of each. Each worker
     * reads through a file of its own: a RandomAccessFile, not a FileChannel, whose first use loads the
     * NIO libraries, 5 ms of a run.
     */
    private void work(BlockParser parser) throws IOException, Unsegmented {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            work(parser, in);
        }
    }

    private void work(BlockParser parser, RandomAccessFile in) throws IOException, Unsegmented {
        // Two bytes before the segment, so a cut right at its start is seen; its last sample read on.
        byte[] buf = new byte[2 + segment + LOOK_AHEAD];
        for (int k; failure.get() == null && (k = next.getAndIncrement()) < segments; ) {
            long start = (long) k * segment;
            long end = Math.min(size, start + segment);
            long at = Math.max(0, start - 2);
            // a segment and its look-ahead, even when an earlier sample made the buffer larger
            int len = readAt(in, buf, 0, (int) Math.min(2 + segment + LOOK_AHEAD, size - at), at);
            int from = 0;
            if (k > 0) {
                from = firstCut(cut, buf, (int) (start - at), (int) (end - at));
                if (from < 0) {
                    // No sample starts here: the previous segment's last one runs through it.
                    linesPerChunk.put(k, 0);
                    bytesRead.addAndGet(end - start);
                    continue;
                }
            }
            int to;
            boolean last;
            if (end == size) {
                to = len;
                last = true;
            } else {
                int searched = (int) (end - at);
                to = firstCut(cut, buf, searched, len);
                while (to < 0 && at + len < size) {
                    if (len - from > BlockReader.MAX_BLOCK / 2) {
                        // BlockReader splits a sample that long its own way (at a line); so is it here
                        throw new Unsegmented();
                    }
                    searched = Math.max(searched, len - 1);
                    buf = java.util.Arrays.copyOf(buf, (int) Math.min((long) buf.length * 2, Integer.MAX_VALUE - 8));
                    len += readAt(in, buf, len, (int) Math.min(buf.length - len, size - at - len), at + len);
                    to = firstCut(cut, buf, searched, len);
                }
                last = to < 0;
                if (last) {
                    to = len;
                }
            }
            linesPerChunk.put(k, parser.parse(buf, from, to, k, last));
            bytesRead.addAndGet(end - start);
        }
    }

    /** The first cut (index just after "\n\n", or after "\n") in {@code [from, limit]}; or -1. */
    static int firstCut(Cut cut, byte[] b, int from, int limit) {
        if (cut == Cut.LINE) {
            for (int i = Math.max(from, 1) - 1; i < limit; i++) {
                if (b[i] == '\n') {
                    return i + 1;
                }
            }
            return -1;
        }
        for (int i = Math.max(from, 2) - 1; i < limit; i++) {
            if (b[i] == '\n' && b[i - 1] == '\n') {
                return i + 1;
            }
        }
        return -1;
    }

    /** Reads {@code n} bytes of the file at {@code position} into {@code b[off]}, those in the head from it. */
    private int readAt(RandomAccessFile in, byte[] b, int off, int n, long position) throws IOException {
        int fromHead = (int) Math.max(0, Math.min(n, head.length - position));
        System.arraycopy(head, (int) Math.min(position, head.length), b, off, fromHead);
        if (fromHead < n) {
            in.seek(position + fromHead);
            try {
                in.readFully(b, off + fromHead, n - fromHead);
            } catch (java.io.EOFException e) {
                throw new IOException("the file got shorter while it was read");
            }
        }
        return n;
    }
}
