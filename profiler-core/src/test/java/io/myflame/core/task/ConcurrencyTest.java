package io.myflame.core.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ConcurrencyTest {
    @Test
    void oneThreadDoesEverythingOnTheCaller() {
        Concurrency one = Concurrency.of(1);
        AtomicReference<Thread> theirs = new AtomicReference<>();
        AtomicReference<Thread> mine = new AtomicReference<>();
        one.beside("test-half", () -> theirs.set(Thread.currentThread()), () -> mine.set(Thread.currentThread()));
        assertSame(Thread.currentThread(), theirs.get());
        assertSame(Thread.currentThread(), mine.get());
        assertFalse(one.splits());
        assertEquals(1, one.workers(100));
        assertEquals(0, one.workersStarted());
    }

    @Test
    void twoThreadsSplitAndCountTheWorker() {
        Concurrency two = Concurrency.of(2);
        AtomicReference<Thread> theirs = new AtomicReference<>();
        two.beside("test-half", () -> theirs.set(Thread.currentThread()), () -> { });
        assertNotSame(Thread.currentThread(), theirs.get());
        assertEquals("test-half", theirs.get().getName());
        assertTrue(theirs.get().isDaemon());
        assertEquals(1, two.workersStarted());
    }

    @Test
    void workersAreNoMoreThanTheTasksNorThePolicy() {
        Concurrency four = Concurrency.of(4);
        assertEquals(1, four.workers(0));
        assertEquals(3, four.workers(3));
        assertEquals(4, four.workers(1000));
        assertEquals(1, Concurrency.of(0).threads(), "fewer than one is one");
    }

    @Test
    void theMachineDefaultIsOneThreadACoreWithinTheBound() {
        assertEquals(Math.min(Runtime.getRuntime().availableProcessors(), Concurrency.MAX_THREADS),
                Concurrency.machine().threads());
    }

    @Test
    void everyThreadMadeIsANamedDaemon() throws Exception {
        Thread helper = Concurrency.helper("test-helper", () -> { });
        Thread worker = Concurrency.of(2).worker("test-worker", () -> { });
        Thread pooled = Concurrency.of(2).workers("test-pool").newThread(() -> { });
        Thread later = Concurrency.daemon("test-later", () -> { });
        for (Thread t : new Thread[] {helper, worker, pooled, later}) {
            assertTrue(t.isDaemon(), t.getName());
            assertTrue(t.getName().startsWith("test-"), t.getName());
        }
        assertFalse(later.isAlive(), "made, not started");
        helper.join();
        worker.join();
    }
}
