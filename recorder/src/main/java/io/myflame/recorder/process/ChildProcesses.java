package io.myflame.recorder.process;

import io.myflame.recorder.error.RecordException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.commons.exec.ProcessDestroyer;

/**
 * Every process a recording starts, so that whatever happens — a failure, Ctrl-C, a dead server —
 * none is left running: the real {@link Processes}. Commands run through Commons Exec
 * ({@link ExternalCommand}), which registers each child here when it launches it; stopping asks
 * politely (SIGTERM) first and kills what is still there after a grace period. Each child is
 * also announced to the {@link OrphanGuard}, which kills it if the JVM itself is killed.
 */
public final class ChildProcesses implements ProcessDestroyer, Processes {
    private final Set<Process> live = new LinkedHashSet<>();

    @Override
    public synchronized boolean add(Process process) {
        OrphanGuard.killOnExit(process.pid());
        return live.add(process);
    }

    @Override
    public synchronized boolean remove(Process process) {
        OrphanGuard.forget(process.pid());
        return live.remove(process);
    }

    @Override
    public synchronized int size() {
        return live.size();
    }

    @Override
    public ExternalCommand.Result run(ExternalCommand command, Duration timeout) throws RecordException {
        return command.execute(this, timeout);
    }

    @Override
    public ExternalCommand.Running start(ExternalCommand command, OutputStream out, OutputStream err)
            throws RecordException {
        return command.launch(this, out, err);
    }

    /** Stops every child still running, newest first, each with SIGTERM then SIGKILL. */
    @Override
    public void stopAll(long graceMillis) {
        List<Process> all;
        synchronized (this) {
            all = new ArrayList<>(live);
        }
        for (int i = all.size() - 1; i >= 0; i--) {
            stop(all.get(i), graceMillis);
        }
    }

    /**
     * SIGTERM, wait up to {@code graceMillis}, then SIGKILL the process and its descendants. The
     * polite signal goes through the process handle, not {@link Process#destroy()}: that one also
     * closes our ends of the child's pipes, and a child that writes while it shuts down then dies of
     * SIGPIPE. perf did, writing "Captured and wrote ..." before its header: the perf.data was left
     * with a data size of 0 (PerfStopUnderLoadTest lost 3-4 recordings in 20 under load). The
     * streams are read to their end by their pumps and closed when the child has exited.
     *
     * @return false when the process had to be killed: it did not end within the grace period
     */
    static boolean stop(Process p, long graceMillis) {
        if (!p.isAlive()) {
            return true;
        }
        p.toHandle().destroy();
        try {
            if (!p.waitFor(graceMillis, TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(5, TimeUnit.SECONDS);
                return false;
            }
            return true;
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
