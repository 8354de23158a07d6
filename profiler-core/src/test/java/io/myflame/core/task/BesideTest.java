package io.myflame.core.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** A share done on another thread is waited for, and whatever it throws is thrown to the caller. */
class BesideTest {
    @Test
    void bothSharesAreDoneBeforeItReturns() {
        AtomicBoolean theirs = new AtomicBoolean();
        AtomicBoolean mine = new AtomicBoolean();
        Beside.run("test-share", () -> {
            sleep();
            theirs.set(true);
        }, () -> mine.set(true));
        assertTrue(theirs.get() && mine.get());
    }

    /** An Error (out of memory, a stack overflow in a deep sort) must not leave half a job passing for done. */
    @Test
    void whatTheOtherThreadThrowsIsThrownHereErrorsToo() {
        StackOverflowError overflow = new StackOverflowError("deep");
        assertSame(overflow, assertThrows(StackOverflowError.class, () -> Beside.run("test-share", () -> {
            throw overflow;
        }, () -> { })));
        IllegalStateException bad = new IllegalStateException("bad");
        assertSame(bad, assertThrows(IllegalStateException.class, () -> Beside.run("test-share", () -> {
            throw bad;
        }, () -> { })));
    }

    /** When this thread's share fails, the other is still waited for before the failure goes on. */
    @Test
    void aFailureHereWaitsForTheOtherShare() {
        AtomicBoolean theirs = new AtomicBoolean();
        IllegalArgumentException mine = assertThrows(IllegalArgumentException.class, () -> Beside.run("test-share", () -> {
            sleep();
            theirs.set(true);
        }, () -> {
            throw new IllegalArgumentException("mine");
        }));
        assertEquals("mine", mine.getMessage());
        assertTrue(theirs.get());
    }

    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
