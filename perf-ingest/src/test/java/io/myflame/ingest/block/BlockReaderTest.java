package io.myflame.ingest.block;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The reader's worker protocol when a worker fails: the error reaches the caller, and nothing waits forever. */
class BlockReaderTest {
    @Test
    void aWorkerFailingAfterTheEndWasQueuedDoesNotStrandTheOthers() throws Exception {
        // Two workers, three blocks of a 32-byte input cut into 16-byte blocks (the third empty,
        // marking the end). Worker A fails on block 0, worker B parses block 1; both are held
        // until the reader has queued block 2 and both END markers and waits to join them.
        CountDownLatch releaseA = new CountDownLatch(1);
        CountDownLatch releaseB = new CountDownLatch(1);
        BlockReader reader = new BlockReader(2, 16, new AtomicLong());
        byte[] input = "aaaaaaa\nbbbbbbb\naaaaaaa\nbbbbbbb\n".getBytes(StandardCharsets.US_ASCII);
        ByteArrayInputStream in = new ByteArrayInputStream(input);
        int[] filled = new int[1];
        byte[] first = reader.first(in, filled);
        FutureTask<BlockReader.Merged> read = new FutureTask<>(() -> reader.read(in, first, filled[0],
                BlockReader::lastNewline, () -> new BlockParser() {
                    @Override
                    public int parse(byte[] b, int from, int to, int chunk, boolean last) {
                        if (chunk == 0) {
                            await(releaseA);
                            throw new IllegalArgumentException("line 1: a bad line");
                        }
                        if (chunk == 1) {
                            await(releaseB);
                        }
                        return 0;
                    }
                }));
        Thread readerThread = new Thread(read, "reader");
        readerThread.start();
        // The reader joins its workers (WAITING) once everything, END markers included, is queued.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (readerThread.getState() != Thread.State.WAITING) {
            if (System.nanoTime() > deadline) {
                fail("the reader never got to waiting for its workers: " + readerThread.getState());
            }
            Thread.sleep(5);
        }
        releaseA.countDown();
        Thread.sleep(200);   // A fails and handles its failure before B goes back to the queue
        releaseB.countDown();
        try {
            read.get(10, TimeUnit.SECONDS);
            fail("the worker's error was lost");
        } catch (TimeoutException e) {
            readerThread.interrupt();
            fail("the reader waits forever for a worker whose END marker the failed worker took");
        } catch (ExecutionException e) {
            assertEquals("line 1: a bad line", e.getCause().getMessage());
        }
    }

    @Test
    void aFailureStopsTheReaderAtItsNextBlock() {
        BlockReader reader = new BlockReader(2, 16, new AtomicLong());
        byte[] input = "aaaaaaa\nbbbbbbb\n".repeat(1000).getBytes(StandardCharsets.US_ASCII);
        ByteArrayInputStream in = new ByteArrayInputStream(input);
        int[] filled = new int[1];
        byte[] first;
        try {
            first = reader.first(in, filled);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        assertThrows(IllegalArgumentException.class, () -> reader.read(in, first, filled[0],
                BlockReader::lastNewline, () -> new BlockParser() {
                    @Override
                    public int parse(byte[] b, int from, int to, int chunk, boolean last) {
                        throw new IllegalArgumentException("bad");
                    }
                }));
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
