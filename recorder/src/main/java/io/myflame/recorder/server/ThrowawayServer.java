package io.myflame.recorder.server;

import io.myflame.recorder.process.Machine;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.progress.Progress;
import io.myflame.recorder.error.RecordException;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import io.myflame.recorder.workload.Endpoint;

/**
 * A server started for one recording from a {@link BinaryTree}: a fresh data directory, a private
 * socket and port, no option files read ({@code --no-defaults}). Stopped with SIGTERM (a clean
 * shutdown) at the end; its scratch directory is removed unless the caller chose to keep it.
 */
public final class ThrowawayServer implements Server {
    private static final Duration STARTUP = Duration.ofMinutes(3);
    /**
     * The longest one {@code SELECT 1} may take while the server starts: a server that takes the
     * connection and never answers would otherwise hold the client for its five minutes, past
     * {@link #STARTUP}, and the error would name the client instead of the server.
     */
    private static final Duration ATTEMPT = Duration.ofSeconds(30);

    private final BinaryTree tree;
    private final Path scratch;
    private final boolean keepScratch;
    private final Machine machine;
    private ExternalCommand.Running process;
    private Endpoint endpoint;

    private ThrowawayServer(BinaryTree tree, Path scratch, boolean keepScratch, Machine machine) {
        this.tree = tree;
        this.scratch = scratch;
        this.keepScratch = keepScratch;
        this.machine = machine;
    }

    /**
     * Initialises (unless {@code work} already holds a data directory), starts and waits for a server.
     *
     * @param work where the data directory lives and is kept; null for a temporary one removed at the end
     */
    public static ThrowawayServer start(BinaryTree tree, List<ServerOption> options, Path work,
                                        Machine machine, Progress progress) throws RecordException {
        Path scratch;
        try {
            // /tmp keeps the socket path short: Unix sockets allow ~107 bytes.
            scratch = work != null ? Files.createDirectories(work.toAbsolutePath())
                    : Files.createTempDirectory(Path.of("/tmp"), "myflame-");
        } catch (IOException e) {
            throw new RecordException("cannot create a directory for the server: " + e.getMessage());
        }
        if (work == null) {
            // 100 MB of data directory: removed even when the run is interrupted during install-db or killed.
            io.myflame.core.output.TempFiles.register(scratch);
            io.myflame.recorder.process.OrphanGuard.removeOnExit(scratch);
        }
        ThrowawayServer s = new ThrowawayServer(tree, scratch, work != null, machine);
        try {
            s.initialise(progress);
            s.launch(options, progress);
            return s;
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
    }

    private Path datadir() {
        return scratch.resolve("data");
    }

    private void initialise(Progress progress) throws RecordException {
        if (Files.isDirectory(datadir().resolve("mysql"))) {
            progress.phase("reusing the data directory " + datadir());
            return;
        }
        ExternalCommand init = tree.initCommand(datadir());
        if (init == null) {
            copyShippedData(progress);
            return;
        }
        progress.phase("initialising a data directory with " + tree.server().getFileName());
        ExternalCommand.Result r = init.env("TMPDIR", tmpdir().toString()).run(machine.processes(), Duration.ofMinutes(5));
        writeQuietly(scratch.resolve("install-db.log"), r.stdout() + r.stderr());
        if (r.exit() != 0 || !Files.isDirectory(datadir().resolve("mysql"))) {
            throw new RecordException("initialising " + datadir() + " failed: " + r.said()
                    + " (full output: " + keptLog(r.stdout() + r.stderr()) + ")");
        }
    }

    /**
     * The server's own temporary directory, inside its scratch directory: a shared /tmp held another
     * server's {@code #sql-temptable...MAI} file once, and install-db failed on it. mysqld takes its
     * tmpdir from TMPDIR when not told otherwise, during install-db too.
     */
    private Path tmpdir() throws RecordException {
        Path t = scratch.resolve("tmp");
        try {
            return Files.createDirectories(t);
        } catch (IOException e) {
            throw new RecordException("cannot create the server's temporary directory " + t + ": " + e.getMessage());
        }
    }

    /**
     * A copy of a failed install-db's output where it outlives the run: the scratch directory (and the
     * log in it) is removed as the run ends, and an error must not point at a file that is gone.
     */
    private static Path keptLog(String output) {
        try {
            Path kept = Files.createTempFile(Path.of(System.getProperty("java.io.tmpdir")), "myflame-install-db-", ".log");
            Files.writeString(kept, output);
            return kept;
        } catch (IOException e) {
            return Path.of("(not kept: " + e.getMessage() + ")");
        }
    }

    /** A tree without install-db (the npm 5.6 package) ships a ready data directory: a copy of it is the fresh one. */
    private void copyShippedData(Progress progress) throws RecordException {
        Path from = tree.shippedData();
        progress.phase("copying the data directory shipped in " + from);
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path rel = from.relativize(p);
                // auto.cnf holds the server's UUID: each throwaway server makes its own.
                if (rel.toString().equals("auto.cnf")) {
                    continue;
                }
                Path target = datadir().resolve(rel.toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new RecordException("cannot copy the data directory " + from + " to " + datadir() + ": " + e.getMessage());
        }
    }

    private void launch(List<ServerOption> options, Progress progress) throws RecordException {
        int port = FreePort.find();
        Path socket = scratch.resolve("mysqld.sock");
        List<String> args = new ArrayList<>(List.of("--no-defaults", "--basedir=" + tree.basedir(),
                "--datadir=" + datadir(), "--socket=" + socket, "--port=" + port, "--bind-address=127.0.0.1",
                "--pid-file=" + scratch.resolve("mysqld.pid"), "--log-error=" + errorLog(), "--server-id=1"));
        if ("root".equals(System.getProperty("user.name"))) {
            args.add("--user=root");
        }
        Flavour flavour = tree.flavour();
        for (ServerOption o : options) {
            args.add(flavour.argument(o));
        }
        ExternalCommand cmd = ExternalCommand.of(tree.server().toString()).args(args)
                .env("LD_LIBRARY_PATH", tree.libPath()).env("TMPDIR", tmpdir().toString());
        progress.phase("starting " + cmd.display());
        process = cmd.start(machine.processes(), OutputStream.nullOutputStream(), OutputStream.nullOutputStream());
        endpoint = Endpoint.socket(socket.toString(), "root");
        waitUntilUp(progress);
    }

    private void waitUntilUp(Progress progress) throws RecordException {
        SqlClient client = new SqlClient(SqlClient.findClient(tree.basedir(), machine.processes()), endpoint,
                machine.processes());
        long deadline = machine.clock().nanoTime() + STARTUP.toNanos();
        String lastError = "";
        while (machine.clock().nanoTime() < deadline) {
            if (!process.alive()) {
                throw new RecordException("the server exited during startup (" + deathReason() + "): "
                        + ErrorLogTail.of(keptErrorLog()));
            }
            if (Files.exists(Path.of(endpoint.socket()))) {
                long left = Math.max(1, Duration.ofNanos(deadline - machine.clock().nanoTime()).toSeconds());
                try {
                    Duration attempt = Duration.ofSeconds(Math.min(left, ATTEMPT.toSeconds()));
                    ExternalCommand.Result r = client.attempt("SELECT 1", attempt);
                    if (r.exit() == 0) {
                        progress.phase("server up: pid " + process.pid() + ", socket " + endpoint.socket());
                        return;
                    }
                    lastError = " (last attempt: " + r.said() + ")";
                } catch (RecordException e) {
                    // The client got no answer in time: another try while the start-up time lasts.
                    lastError = " (last attempt: " + e.getMessage() + ")";
                }
            }
            machine.clock().pause(250);
        }
        throw new RecordException("the server did not accept connections within " + STARTUP.toMinutes()
                + " min" + lastError + ": " + ErrorLogTail.of(keptErrorLog()));
    }

    /**
     * The error log where it outlives a failed start: a temporary scratch directory (and the log in
     * it) is removed as the start fails, and the error must not point at a file that is gone.
     */
    private Path keptErrorLog() {
        if (keepScratch || !Files.isRegularFile(errorLog())) {
            return errorLog();
        }
        try {
            Path kept = Files.createTempFile(Path.of(System.getProperty("java.io.tmpdir")), "myflame-error-", ".log");
            Files.copy(errorLog(), kept, StandardCopyOption.REPLACE_EXISTING);
            return kept;
        } catch (IOException e) {
            return errorLog();
        }
    }

    public Path errorLog() {
        return scratch.resolve("error.log");
    }

    public BinaryTree tree() {
        return tree;
    }

    @Override
    public Endpoint endpoint() {
        return endpoint;
    }

    @Override
    public long pid() {
        return process.pid();
    }

    @Override
    public boolean alive() {
        return process != null && process.alive();
    }

    @Override
    public String binary() {
        return tree.server().toString();
    }

    @Override
    public Path basedir() {
        return tree.basedir();
    }

    @Override
    public String deathReason() {
        if (process == null || process.alive()) {
            return null;
        }
        int code = process.exitCode();
        return code > 128 ? "killed by signal " + (code - 128) : "exit code " + code;
    }

    @Override
    public void saveErrorLog(Path target) {
        try {
            if (Files.isRegularFile(errorLog())) {
                Files.copy(errorLog(), target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            // the log is a convenience; the capture is still valid without it
        }
    }

    @Override
    public void close() {
        if (process != null && process.alive()) {
            process.stop(120_000);
        }
        if (!keepScratch) {
            deleteTree(scratch);
            io.myflame.core.output.TempFiles.release(scratch);
            io.myflame.recorder.process.OrphanGuard.forget(scratch);
        }
    }

    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort: a left-over temp directory is harmless
        }
    }

    private static void writeQuietly(Path p, String s) {
        try {
            Files.writeString(p, s);
        } catch (IOException e) {
            // diagnostics only
        }
    }
}
