package io.myflame.recorder.server;

import java.nio.file.Path;
import io.myflame.recorder.workload.Endpoint;

/**
 * A MySQL-family server the workload runs against and perf attaches to: one we started for this
 * recording (and stop afterwards) or one that was already running.
 */
public interface Server extends AutoCloseable {
    Endpoint endpoint();

    /** The server's process id, the target of {@code perf record -p}. */
    long pid();

    boolean alive();

    /** The server binary's path, when known. */
    String binary();

    /** The tree the server came from, to find a matching client; null for an existing server. */
    Path basedir();

    /** Why the server is gone (exit code, signal), or null while it runs. */
    String deathReason();

    /** Copies the server's error log to {@code target} when we own it; does nothing otherwise. */
    void saveErrorLog(Path target);

    /** Stops a server we started; leaves an existing one alone. Never throws. */
    @Override
    void close();
}
