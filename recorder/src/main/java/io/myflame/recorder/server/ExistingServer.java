package io.myflame.recorder.server;

import io.myflame.recorder.process.Processes;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.error.RecordException;

import java.nio.file.Files;
import java.nio.file.Path;
import io.myflame.recorder.workload.Endpoint;

/**
 * A server that was running before the recording and keeps running after it. Its pid comes from
 * {@code --pid}, else from {@code @@pid_file}, else from the process owning its socket or port.
 */
public final class ExistingServer implements Server {
    private final Endpoint endpoint;
    private final long pid;
    private final String binary;

    private ExistingServer(Endpoint endpoint, long pid, String binary) {
        this.endpoint = endpoint;
        this.pid = pid;
        this.binary = binary;
    }

    /** Connects once (to fail early on a wrong password) and finds the pid. */
    public static ExistingServer connect(Endpoint endpoint, Long pid, Processes processes) throws RecordException {
        SqlClient client = new SqlClient(SqlClient.findClient(null, processes), endpoint, processes);
        ExternalCommand.Result r = client.attempt("SELECT 1");
        if (r.exit() != 0) {
            throw new RecordException("cannot connect to " + endpoint + ": " + r.said());
        }
        long p = pid != null ? pid : findPid(client, endpoint);
        if (ProcessHandle.of(p).isEmpty()) {
            throw new RecordException("no process " + p + " on this machine: perf must run where the server runs (--pid)");
        }
        String exe = ProcessHandle.of(p).flatMap(h -> h.info().command()).orElse(null);
        return new ExistingServer(endpoint, p, exe);
    }

    private static long findPid(SqlClient client, Endpoint endpoint) throws RecordException {
        String pidFile = client.value("SELECT @@pid_file");
        String datadir = client.value("SELECT @@datadir");
        if (pidFile != null) {
            Path p = Path.of(pidFile);
            if (!p.isAbsolute() && datadir != null) {
                p = Path.of(datadir).resolve(p);
            }
            try {
                return Long.parseLong(Files.readString(p).strip());
            } catch (Exception e) {
                // not readable from here (another user, a container): try the socket's owner
            }
        }
        Long owner = SocketOwner.find(endpoint);
        if (owner == null) {
            throw new RecordException("cannot find the server's pid (@@pid_file " + pidFile
                    + " unreadable, no process owns " + endpoint + " here): give --pid");
        }
        return owner;
    }

    @Override
    public Endpoint endpoint() {
        return endpoint;
    }

    @Override
    public long pid() {
        return pid;
    }

    @Override
    public boolean alive() {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    @Override
    public String binary() {
        return binary;
    }

    @Override
    public Path basedir() {
        return null;
    }

    @Override
    public String deathReason() {
        return alive() ? null : "process " + pid + " is gone";
    }

    @Override
    public void saveErrorLog(Path target) {
        // not ours to copy; its location is in @@log_error
    }

    @Override
    public void close() {
        // an existing server keeps running
    }
}
