package io.myflame.recorder.fake;

import io.myflame.recorder.server.Server;
import io.myflame.recorder.workload.Endpoint;
import java.nio.file.Path;

/**
 * A server that is not run: it lives until a time on the {@link FakeClock}. Its pid is the test's own
 * JVM, a process this user may attach perf to, so the recorder's permission check passes as it would.
 */
public final class FakeServer implements Server {
    private final FakeClock clock;
    private long diesAtMillis = Long.MAX_VALUE;
    private boolean closed;

    public FakeServer(FakeClock clock) {
        this.clock = clock;
    }

    /** The server is killed (SIGKILL) when the clock reaches {@code millis}. */
    public FakeServer diesAt(long millis) {
        diesAtMillis = millis;
        return this;
    }

    @Override
    public Endpoint endpoint() {
        return Endpoint.socket("/nonexistent/fake-mysqld.sock", "root");
    }

    @Override
    public long pid() {
        return ProcessHandle.current().pid();
    }

    @Override
    public boolean alive() {
        return !closed && clock.millis() < diesAtMillis;
    }

    @Override
    public String binary() {
        return null;
    }

    @Override
    public Path basedir() {
        return null;
    }

    @Override
    public String deathReason() {
        return alive() ? null : "killed by signal 9";
    }

    @Override
    public void saveErrorLog(Path target) {
        // a fake server writes no error log
    }

    @Override
    public void close() {
        closed = true;
    }
}
