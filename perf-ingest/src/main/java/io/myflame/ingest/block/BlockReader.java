package io.myflame.ingest.block;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.StackArena;
import io.myflame.core.model.StackMap;
import io.myflame.core.task.Concurrency;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Streams text through worker threads, for every text format (perf script, folded). The reading
 * thread cuts the input into blocks at unit boundaries (a sample, a line) and hands them to one
 * {@link BlockParser} per worker; blocks are recycled, so memory stays at a few blocks whatever
 * the input size. A unit longer than {@link #MAX_BLOCK} is skipped and counted, so one 100 MB
 * line cannot take hundreds of megabytes. The workers' stacks are merged at the end.
 */
public final class BlockReader {
    /**
     * 1 MB: the workers finish together (the last block is parsed alone while the other worker waits),
     * and fewer bytes are in flight. A 265 MB collapse took 0.33-0.39 s with 4 MB blocks, 0.30-0.34 s
     * with 1 MB and 0.36 s with 256 or 512 kB (more hand-overs); 300k-stack SVGs peak 20-60 MB lower.
     */
    public static final int BLOCK = 1 << 20;
    /** No real sample or folded line comes near this; a longer one is skipped. */
    public static final int MAX_BLOCK = 16 << 20;

    /** Where a block may be cut: the index after its last complete unit, or -1 when there is none. */
    public interface Boundary {
        int cut(byte[] b, int len);
    }

    /** The workers' stacks merged, with what went wrong and where. */
    public record Merged(FrameTable names, StackMap stacks, Problems problems, boolean otherEvent,
                  java.util.function.LongBinaryOperator fileLines) {
        /** The file line of a chunk-relative line. */
        public long fileLine(int chunk, int line) {
            return fileLines.applyAsLong(chunk, line);
        }
    }

    private final Concurrency concurrency;
    private final int blockSize;
    private final AtomicLong bytesRead;

    /** As {@link #BlockReader(Concurrency, int, AtomicLong)} with {@link Concurrency#of}{@code (threads)}. */
    public BlockReader(int threads, int blockSize, AtomicLong bytesRead) {
        this(Concurrency.of(threads), blockSize, bytesRead);
    }

    /** Parses with {@code concurrency}'s threads as workers, beside the reading thread, which only reads. */
    public BlockReader(Concurrency concurrency, int blockSize, AtomicLong bytesRead) {
        this.concurrency = concurrency;
        this.blockSize = blockSize;
        this.bytesRead = bytesRead;
    }

    /** A block of input and where it sits in the stream. */
    private record Chunk(byte[] buf, int len, int seq, boolean last) {
    }

    private static final Chunk END = new Chunk(null, 0, -1, true);

    /** The first block of the input, for sniffing before {@link #read}. */
    public byte[] first(InputStream in, int[] filled) throws IOException {
        byte[] block = new byte[blockSize];
        filled[0] = readFully(in, block, 0);
        return block;
    }

    public Merged read(InputStream in, byte[] block, int filled, Boundary boundary,
                java.util.function.Supplier<BlockParser> parsers) throws IOException {
        Workers workers = new Workers(concurrency.threads(), parsers);
        int seq = 0;
        boolean eof = filled < block.length;
        long tooLong = 0;
        try {
            while (true) {
                int len = filled;
                int cut = eof ? len : boundary.cut(block, len);
                if (cut < 0 && block.length < MAX_BLOCK) {
                    block = java.util.Arrays.copyOf(block, block.length * 2);
                    filled = len + readFully(in, block, len);
                    eof = filled < block.length;
                    continue;
                }
                if (cut < 0) {
                    cut = lastNewline(block, len);
                }
                if (cut < 0) {
                    // One line fills the largest block: skip it to its end, as one bad line.
                    workers.problems.tooLong(seq, 1);
                    workers.linesPerChunk.put(seq++, 1);
                    int rest = skipLine(in, block);
                    eof = rest < 0;
                    filled = Math.max(rest, 0);
                    if (eof) {
                        break;
                    }
                    filled += readFully(in, block, filled);
                    eof = filled < block.length;
                    continue;
                }
                byte[] next = workers.freeBlock(block.length);
                int carry = len - cut;
                System.arraycopy(block, cut, next, 0, carry);
                workers.submit(new Chunk(block, cut, seq++, eof));
                if (eof) {
                    break;
                }
                block = next;
                filled = carry + readFully(in, block, carry);
                eof = filled < block.length;
            }
        } finally {
            workers.finish();
        }
        return workers.merge();
    }

    /**
     * Reads on to the end of the current line; what follows it is moved to the start of
     * {@code buf}. Returns its length, or -1 at the end of the input.
     */
    private int skipLine(InputStream in, byte[] buf) throws IOException {
        while (true) {
            int n = in.read(buf, 0, buf.length);
            if (n < 0) {
                return -1;
            }
            bytesRead.addAndGet(n);
            int nl = ByteScan.indexOfNewline(buf, 0, n);
            if (nl < n) {
                System.arraycopy(buf, nl + 1, buf, 0, n - nl - 1);
                return n - nl - 1;
            }
        }
    }

    /** Index after the last newline, or -1. */
    public static int lastNewline(byte[] b, int len) {
        for (int i = len - 1; i >= 0; i--) {
            if (b[i] == '\n') {
                return i + 1;
            }
        }
        return -1;
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
    private final class Workers {
        private final BlockParser[] parsers;
        private final java.lang.Thread[] threads;
        private final BlockingQueue<Chunk> work;
        private final BlockingQueue<byte[]> free;
        private final int maxBlocks;
        /** Blocks made so far (the reading thread's count; the first block is made by the reader). */
        private int allocated = 1;
        private final ConcurrentHashMap<Integer, Integer> linesPerChunk = new ConcurrentHashMap<>();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        /** Problems the reading thread finds itself (over-long lines). */
        final Problems problems = new Problems();

        Workers(int n, java.util.function.Supplier<BlockParser> factory) {
            parsers = new BlockParser[n];
            threads = new java.lang.Thread[n];
            work = new ArrayBlockingQueue<>(n + 1);
            // Blocks in flight: one being read, n being parsed, n + 1 queued.
            maxBlocks = 2 * n + 2;
            free = new ArrayBlockingQueue<>(maxBlocks + 1);
            for (int i = 0; i < n; i++) {
                BlockParser parser = factory.get();
                parsers[i] = parser;
                threads[i] = concurrency.worker("myflame-parse-" + i, () -> loop(parser));
            }
        }

        private void loop(BlockParser parser) {
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
                drainToEnd();
            }
        }

        /**
         * After a failure: takes the blocks still queued, unparsed, up to this worker's own END.
         * (Clearing the queue instead could remove the END meant for another worker, and
         * {@link #finish} would wait for that worker forever.)
         */
        private void drainToEnd() {
            try {
                for (Chunk c = work.take(); c != END; c = work.take()) {
                    free.offer(c.buf());
                }
            } catch (InterruptedException e) {
                java.lang.Thread.currentThread().interrupt();
            }
        }

        /**
         * A block to read into: a recycled one, a new one while fewer than {@link #maxBlocks}
         * exist, else the next one a worker gives back. Reusing blocks keeps memory flat and
         * spares zeroing a block each time.
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
            checkFailure();
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

        Merged merge() {
            return BlockReader.merge(parsers, problems, linesPerChunk, concurrency);
        }
    }

    /**
     * The workers' stacks in one map: the largest worker's map, names and all, takes the others'
     * stacks (renamed into its names) where they are: no stack is copied ({@link #mergeInto}). {@code problems} are
     * the reading thread's own; {@code linesPerChunk} turns chunk lines into file lines; {@code concurrency}
     * says whether a second thread may help.
     */
    static Merged merge(BlockParser[] parsers, Problems problems, java.util.Map<Integer, Integer> linesPerChunk,
            Concurrency concurrency) {
        BlockParser base = parsers[0];
        for (BlockParser p : parsers) {
            if (p.stacks.size() > base.stacks.size()) {
                base = p;
            }
        }
        FrameTable names = base.names;
        StackMap merged = base.stacks;
        long all = 0;
        for (BlockParser p : parsers) {
            all += p.stacks.size();
        }
        merged.reserve((int) Math.min(all, Integer.MAX_VALUE - 8));
        boolean otherEvent = false;
        int others = parsers.length - 1;
        for (BlockParser p : parsers) {
            problems.mergeFrom(p.problems);
            otherEvent |= p.otherEventSeen;
            if (p != base) {
                // the last worker's stacks are compared with every other, so none need be found after it
                mergeInto(merged, names, p, --others > 0, concurrency);
            }
        }
        return new Merged(names, merged, problems, otherEvent, (chunk, line) -> {
            long before = 0;
            for (int c = 0; c < chunk; c++) {
                before += linesPerChunk.getOrDefault(c, 0);
            }
            return before + line;
        });
    }

    /** From this many stacks a worker's are renamed and looked up by two threads. */
    static final int PARALLEL_STACKS = 16_384;

    /**
     * Adds worker {@code p}'s stacks to {@code merged}, whose names are {@code names}. Its frames are renamed
     * where they are and each stack looked up in {@code merged}, by two threads for many stacks: that is most
     * of a merge's time, a cache miss or two a stack (0.7 us of a 300k-stack file's 150,000 others). Then, in
     * the worker's order, a stack found adds its counts, one not found becomes an entry on the worker's own
     * pages, uncopied; {@code findable} entries can be found by a later worker's stacks.
     */
    private static void mergeInto(StackMap merged, FrameTable names, BlockParser p, boolean findable,
            Concurrency concurrency) {
        int[] remap = new int[p.names.size()];
        for (int i = 0; i < remap.length; i++) {
            remap[i] = names.intern(p.names.name(i));
        }
        StackMap.Entries taken = p.stacks.take();
        StackArena stacks = taken.frames();
        int n = stacks.size();
        int[] threadOf = taken.thread();
        int[] found = new int[n];
        int[] hashes = new int[n];
        java.util.function.IntBinaryOperator lookUp = (from, to) -> {
            for (int i = from; i < to; i++) {
                int[] frames = stacks.array(i);
                int start = stacks.start(i);
                int len = stacks.depth(i);
                for (int j = start; j < start + len; j++) {
                    frames[j] = remap[frames[j]];
                }
                int thread = remap[threadOf[i]];
                threadOf[i] = thread;
                hashes[i] = StackMap.hash(thread, frames, start, len);
                found[i] = merged.find(thread, frames, start, len, hashes[i]);
            }
            return 0;
        };
        if (n >= PARALLEL_STACKS) {
            concurrency.beside("myflame-merge", () -> lookUp.applyAsInt(n / 2, n), () -> lookUp.applyAsInt(0, n / 2));
        } else {
            lookUp.applyAsInt(0, n);
        }
        int firstPage = merged.adoptPages(stacks);
        for (int i = 0; i < n; i++) {
            if (found[i] >= 0) {
                merged.sum(found[i], taken.weight()[i], taken.count()[i]);
            } else {
                merged.adopt(firstPage, stacks, i, threadOf[i], taken.weight()[i], taken.count()[i], hashes[i], findable);
            }
        }
    }
}
