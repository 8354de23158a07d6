package io.myflame.recorder.process;

import io.myflame.recorder.error.RecordException;
import java.io.OutputStream;
import java.time.Duration;

/**
 * The one way a recording runs external programs (perf, sysbench, the server, install-db, the SQL
 * client): to completion, or in the background. {@link ChildProcesses} runs them for real, through
 * Commons Exec; tests pass a fake that plays a perf that dies or hangs, a server that goes away or a
 * sysbench that prints nonsense, which a real machine does only when it wants to.
 */
public interface Processes {
    /** Runs {@code command} to completion, capturing its output; stopped after {@code timeout}. */
    ExternalCommand.Result run(ExternalCommand command, Duration timeout) throws RecordException;

    /** Starts {@code command} in the background, its stdout and stderr going to the given streams. */
    ExternalCommand.Running start(ExternalCommand command, OutputStream out, OutputStream err) throws RecordException;

    /** Stops every program started here that still runs, newest first, SIGTERM then SIGKILL after the grace. */
    void stopAll(long graceMillis);
}
