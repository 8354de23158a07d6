package io.myflame.recorder.fake;

import io.myflame.recorder.process.Clock;

/** A clock that moves only when the code under test waits: a minute's timeout passes at once. */
public final class FakeClock implements Clock {
    private long nanos = 1_000_000_000L;

    @Override
    public synchronized long nanoTime() {
        return nanos;
    }

    @Override
    public void sleep(long millis) {
        advance(millis);
    }

    public synchronized void advance(long millis) {
        nanos += millis * 1_000_000L;
    }

    /** Milliseconds since this clock was made. */
    public synchronized long millis() {
        return (nanos - 1_000_000_000L) / 1_000_000L;
    }
}
