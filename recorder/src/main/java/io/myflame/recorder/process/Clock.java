package io.myflame.recorder.process;

import io.myflame.recorder.error.RecordException;

/**
 * The time a recording goes by: how long perf sampled, when the server must have started, the pauses
 * between two looks at a process. {@link #SYSTEM} is the machine's; a test's clock moves only when
 * the code under test waits, so a minute-long timeout passes at once.
 */
public interface Clock {
    /** The machine's monotonic clock and {@link Thread#sleep}. */
    Clock SYSTEM = new Clock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleep(long millis) throws InterruptedException {
            Thread.sleep(millis);
        }
    };

    /** A monotonic time in nanoseconds, as {@link System#nanoTime()}: only differences mean something. */
    long nanoTime();

    /** Waits {@code millis} milliseconds. */
    void sleep(long millis) throws InterruptedException;

    /** {@link #sleep}, with an interruption turned into the error that ends a recording. */
    default void pause(long millis) throws RecordException {
        try {
            sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RecordException("interrupted");
        }
    }
}
