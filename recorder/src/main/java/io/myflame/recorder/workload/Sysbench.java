package io.myflame.recorder.workload;

import io.myflame.core.output.TempFiles;
import io.myflame.recorder.process.OrphanGuard;

import io.myflame.recorder.process.Binaries;
import io.myflame.recorder.process.Processes;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.error.RecordException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builds sysbench command lines for a {@link Workload} against an {@link Endpoint}. The option
 * names are those of sysbench 1.0 and 1.1 ({@code --threads}, {@code --time}, {@code --tables});
 * 0.5 is told apart by its version and gets its older names. A password goes into a private
 * {@code --config-file}, never onto the command line. myflame's own script (the delete workload
 * and the {@code refill} command) is written to a private temporary directory on first use and
 * removed by {@link #close()}.
 */
public final class Sysbench implements AutoCloseable {
    private static final Pattern VERSION = Pattern.compile("sysbench (\\d+)\\.(\\d+)\\S*");

    private final String binary;
    private final String version;
    private final boolean legacy;
    private final BundledScript script = new BundledScript();

    private Sysbench(String binary, String version, boolean legacy) {
        this.binary = binary;
        this.version = version;
        this.legacy = legacy;
    }

    /**
     * Refuses (exit 2) a workload the sysbench on the PATH cannot find: a name that is no built-in
     * test, Lua file or module on its search path. Asked of sysbench itself ({@code sysbench NAME
     * help}), before any server starts or table is prepared; nothing is asked when sysbench is not
     * installed yet (the run says how to install it) or for myflame's own delete workload.
     */
    public static void checkFindable(String workload) {
        String bin = Binaries.onPath("sysbench");
        if (bin == null || workload.equals(Workload.DELETE)) {
            return;
        }
        try {
            Process p = new ProcessBuilder(bin, workload, "help").redirectErrorStream(true).start();
            p.getOutputStream().close();
            // A help text is short; 64 KB is more than any, and the rest is not needed to decide.
            byte[] said = p.getInputStream().readNBytes(1 << 16);
            if (!p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return;
            }
            if (new String(said, java.nio.charset.StandardCharsets.UTF_8).contains("Cannot find benchmark")) {
                throw new io.myflame.core.UsageError("--workload: sysbench finds no built-in test, Lua file or module named '"
                        + workload + "' (sysbench --help lists the built-in tests; a script is given by its path)");
            }
        } catch (java.io.IOException e) {
            // sysbench could not be asked: the run itself reports what is wrong with it.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The sysbench on the PATH; an error says how to install it. */
    public static Sysbench find(Processes processes) throws RecordException {
        String bin = Binaries.onPath("sysbench");
        if (bin == null) {
            throw new RecordException("sysbench is not installed: install it (Debian: apt-get install sysbench)");
        }
        return probe(bin, processes);
    }

    /** The sysbench at {@code bin}, as its {@code --version} describes it; an error says what it said. */
    public static Sysbench probe(String bin, Processes processes) throws RecordException {
        ExternalCommand.Result r = ExternalCommand.of(bin, "--version").run(processes, Duration.ofSeconds(30));
        Matcher m = VERSION.matcher(r.stdout());
        if (r.exit() != 0 || !m.find()) {
            throw new RecordException(bin + " --version failed: " + r.said());
        }
        return new Sysbench(bin, m.group(0), m.group(1).equals("0"));
    }

    public String version() {
        return version;
    }

    /**
     * The command for one phase ({@code prepare}, {@code run}, {@code cleanup}).
     *
     * @param seconds run length, ignored by the other phases
     * @param threads client threads
     * @param secrets the private config file holding the password, or null
     */
    public ExternalCommand command(Workload w, Endpoint e, String phase, int seconds, int threads, Path secrets)
            throws RecordException {
        List<String> a = new ArrayList<>();
        a.add(w.myflameDelete() ? script.path().toString() : w.name());
        a.add("--db-driver=mysql");
        a.addAll(e.sysbenchArgs());
        if (secrets != null) {
            a.add("--config-file=" + secrets);
        }
        a.add("--mysql-db=" + Workload.DATABASE);
        a.add((legacy ? "--oltp-tables-count=" : "--tables=") + w.tables());
        a.add((legacy ? "--oltp-table-size=" : "--table-size=") + w.tableSize());
        a.add((legacy ? "--num-threads=" : "--threads=") + threads);
        if (phase.equals("run")) {
            a.add((legacy ? "--max-time=" : "--time=") + seconds);
            a.add("--report-interval=1");
            if (!legacy) {
                a.add("--percentile=95");
            }
        }
        if (w.randType() != null) {
            a.add("--rand-type=" + w.randType());
        }
        if (w.storageEngine() != null) {
            a.add("--mysql-storage-engine=" + w.storageEngine());
        }
        a.addAll(w.extra());
        a.add(phase);
        return ExternalCommand.of(binary).args(a);
    }

    /**
     * {@code refill}: INSERT IGNORE of ids 1..{@code w.tableSize()} into every table, so rows an earlier
     * run deleted exist again; one client thread per table, at most 8.
     */
    public ExternalCommand refillCommand(Workload w, Endpoint e, Path secrets) throws RecordException {
        if (legacy) {
            throw new RecordException("sysbench " + version + " cannot run myflame's workload script: "
                    + "install sysbench 1.0 or newer");
        }
        List<String> a = new ArrayList<>(List.of(script.path().toString(), "--db-driver=mysql"));
        a.addAll(e.sysbenchArgs());
        if (secrets != null) {
            a.add("--config-file=" + secrets);
        }
        a.addAll(List.of("--mysql-db=" + Workload.DATABASE, "--tables=" + w.tables(), "--table-size=" + w.tableSize(),
                "--threads=" + Math.min(w.tables(), 8)));
        if (w.storageEngine() != null) {
            a.add("--mysql-storage-engine=" + w.storageEngine());
        }
        a.add("refill");
        return ExternalCommand.of(binary).args(a);
    }

    /** Removes the private copy of myflame's script. */
    @Override
    public void close() {
        script.close();
    }

    /**
     * Writes the password into a file only its owner can read, in the system's temporary directory
     * and never in the capture directory (which is shared and archived); null when there is no
     * password. {@link #deleteSecrets} removes it; a shutdown hook and the {@link OrphanGuard}
     * remove it if the run is interrupted or killed.
     */
    public static Path secretsFile(Endpoint e) throws RecordException {
        if (e.password() == null || e.password().isEmpty()) {
            return null;
        }
        Path dir = Path.of(System.getProperty("java.io.tmpdir"));
        try {
            Path f = TempFiles.create(dir, ".myflame-sysbench-", ".cfg");
            OrphanGuard.removeOnExit(f);
            Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
            // WRITE without CREATE: a file a signal's shutdown hook removed is not made again (with the password)
            Files.writeString(f, "mysql-password=" + e.password() + "\n", java.nio.file.StandardOpenOption.WRITE,
                    java.nio.file.StandardOpenOption.TRUNCATE_EXISTING);
            return f;
        } catch (IOException ex) {
            throw new RecordException("cannot write sysbench's private option file in " + dir + ": " + ex.getMessage());
        }
    }

    /** Removes the private option file; quietly, as a left-over is also removed at exit. */
    public static void deleteSecrets(Path f) {
        if (f == null) {
            return;
        }
        try {
            TempFiles.delete(f);
        } catch (IOException e) {
            // removed at exit by the hook or the guard
        }
        OrphanGuard.forget(f);
    }
}
