package io.myflame.cli;

import io.myflame.core.UsageError;
import io.myflame.recorder.capture.CaptureOutput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;

/**
 * The flag mistakes {@code record} and {@code sweep} refuse before anything starts (exit 2, one line
 * naming the flag and its value). Each of these used to be found only by the server or sysbench, after
 * a data directory was made and a server started, or after minutes of waiting.
 */
final class RecordingUsage {
    /**
     * The flags that choose and reach the server, which a sweep's --configs file replaces. A name the
     * command does not have is never matched ({@code --mysql}, while no branch has added it yet).
     */
    private static final List<String> SERVER_FLAGS = List.of("--socket", "--host", "--port", "--user", "--password-env",
            "--password", "--pid", "--basedir", "--mariadb", "--mysql", "--work", "--server-opt");

    /** sysbench options myflame sets itself, each with the flag that sets it. */
    private static final Map<String, String> SYSBENCH_OWNED = Map.ofEntries(
            Map.entry("threads", "--threads"), Map.entry("num-threads", "--threads"),
            Map.entry("time", "--time"), Map.entry("max-time", "--time"),
            Map.entry("tables", "--tables"), Map.entry("oltp-tables-count", "--tables"),
            Map.entry("table-size", "--table-size"), Map.entry("oltp-table-size", "--table-size"),
            Map.entry("rand-type", "--rand-type"), Map.entry("mysql-storage-engine", "--storage-engine"),
            Map.entry("mysql-socket", "--socket"), Map.entry("mysql-host", "--host"), Map.entry("mysql-port", "--port"),
            Map.entry("mysql-user", "--user"), Map.entry("mysql-password", "--password-env VAR or --password"),
            Map.entry("config-file", "--password-env VAR or --password"),
            Map.entry("mysql-db", "none: myflame's tables live in its own database, sbtest"),
            Map.entry("db-driver", "none: myflame records MySQL-family servers (mysql)"),
            Map.entry("report-interval", "none: myflame reads sysbench's reports every second"),
            Map.entry("percentile", "none: myflame reads the 95th percentile"));

    private RecordingUsage() {
    }

    /** The checks every recording command shares: the server's and the workload's flags. */
    static void check(CommandLine.Model.CommandSpec spec, ServerOptions server, WorkloadOptions workload) {
        CommandLine.ParseResult pr = spec.commandLine().getParseResult();
        if (server.socket != null && server.host != null) {
            throw new UsageError("--socket " + server.socket + " and --host " + server.host
                    + " name two ways to one server: give one (--socket for a Unix socket, --host with --port for TCP)");
        }
        if (pr.hasMatchedOption("--port") && server.host == null) {
            throw new UsageError("--port " + server.port + " applies only with --host (a server myflame starts gets "
                    + "a free port; --socket needs none)");
        }
        if (workload.storageEngine != null && !workload.storageEngine.matches("[A-Za-z][A-Za-z0-9_]*")) {
            throw new UsageError("--storage-engine '" + workload.storageEngine + "': expected an engine name, "
                    + "e.g. InnoDB or ROCKSDB");
        }
        for (String opt : workload.sysbenchOpts) {
            checkSysbenchOption(opt);
        }
    }

    private static void checkSysbenchOption(String opt) {
        String what = "--sysbench-opt '" + opt + "': ";
        if (!opt.matches("--[A-Za-z][A-Za-z0-9_-]*(=.*)?")) {
            throw new UsageError(what + "expected a sysbench option, --NAME=VALUE (e.g. --skip-trx=on)");
        }
        String name = opt.substring(2).split("=", 2)[0].toLowerCase(Locale.ROOT).replace('_', '-');
        String instead = SYSBENCH_OWNED.get(name);
        if (instead != null) {
            throw new UsageError(what + "myflame sets --" + name + " itself; use " + instead);
        }
    }

    /** sweep: a --configs file names every configuration's server, so the server flags would be ignored. */
    static void checkSweepServer(CommandLine.Model.CommandSpec spec, Path configs) {
        if (configs == null) {
            return;
        }
        CommandLine.ParseResult pr = spec.commandLine().getParseResult();
        for (String flag : SERVER_FLAGS) {
            if (pr.hasMatchedOption(flag)) {
                throw new UsageError(flag + " does not apply with --configs " + configs + ", whose sections name each "
                        + "configuration's server (basedir =, mariadb =, server-opt =)");
            }
        }
    }

    /**
     * sweep --out: a new or empty directory, or one holding a sweep (replaced with --force). A capture or
     * other files are never written into: sweep.json, charts and CONFIG/threads-N would land among them.
     */
    static void checkSweepOut(Path out, boolean holdsSweep) throws IOException {
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new UsageError("--out " + out + ": exists and is not a directory; choose another --out");
        }
        if (holdsSweep || !Files.isDirectory(out)) {
            return;
        }
        if (CaptureOutput.holdsCapture(out)) {
            throw new UsageError("--out " + out + ": holds a capture (written by 'myflame record'); "
                    + "choose another --out for the sweep");
        }
        try (var entries = Files.list(out)) {
            if (entries.findAny().isPresent()) {
                throw new UsageError("--out " + out + ": not empty and holds no sweep; choose a new or empty directory");
            }
        }
    }
}
