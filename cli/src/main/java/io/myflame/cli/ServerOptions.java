package io.myflame.cli;

import io.myflame.core.UsageError;
import io.myflame.recorder.server.MariaDbRelease;
import io.myflame.recorder.server.MysqlReleases;
import io.myflame.recorder.workload.Endpoint;
import io.myflame.recorder.server.ServerChoice;
import io.myflame.recorder.server.ServerOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * Which server to record: an existing one (--socket or --host), a throwaway one from --basedir,
 * --mariadb VERSION or --mysql VERSION, or by default a throwaway one from the system's mariadbd/mysqld.
 */
public final class ServerOptions {
    @Option(names = "--socket", paramLabel = "PATH", description = "Existing server's Unix socket.")
    String socket;

    @Option(names = "--host", paramLabel = "HOST", description = "Existing server's host (on this machine: perf attaches to it).")
    String host;

    @Option(names = "--port", paramLabel = "N", defaultValue = "3306", converter = OptionValues.Port.class, description = "Existing server's port. Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--user", paramLabel = "USER", defaultValue = "root", description = "Existing server's user. Default: ${DEFAULT-VALUE}.")
    String user;

    @Option(names = "--password-env", paramLabel = "VAR", description = "Read the password from environment variable VAR.")
    String passwordEnv;

    @Option(names = "--password", arity = "0", interactive = true, description = "Prompt for the password.")
    String password;

    @Option(names = "--pid", paramLabel = "PID", description = "Existing server's pid (default: from @@pid_file or the socket's owner).")
    Long pid;

    @Option(names = "--basedir", paramLabel = "DIR", description = "Start a throwaway server from this MySQL/MariaDB binary tree.")
    Path basedir;

    @Option(names = "--mariadb", paramLabel = "VERSION",
            description = "Start a throwaway MariaDB VERSION (release binaries from Maven Central, cached), e.g. 10.11.5.")
    String mariadb;

    @Option(names = "--mysql", paramLabel = "VERSION", completionCandidates = MysqlVersions.class,
            description = "Start a throwaway upstream MySQL VERSION (release binaries fetched once from Maven Central "
                    + "or npm, then cached): ${COMPLETION-CANDIDATES}.")
    String mysql;

    /** The --mysql versions, for --help. */
    static final class MysqlVersions implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return MysqlReleases.versions().iterator();
        }
    }

    @Option(names = "--work", paramLabel = "DIR", description = "Keep the throwaway server's data directory here and reuse it next time.")
    Path work;

    @Option(names = "--server-opt", paramLabel = "NAME=VALUE",
            description = "Server option for a throwaway server (repeatable), e.g. innodb_adaptive_hash_index=OFF, log_bin=ON.")
    List<String> serverOpts = new ArrayList<>();

    public ServerChoice choice() {
        List<ServerOption> opts = new ArrayList<>();
        for (String s : serverOpts) {
            opts.add(ServerOption.parse(s));
        }
        Endpoint endpoint = null;
        if (socket != null || host != null) {
            endpoint = new Endpoint(socket, socket != null ? null : host, port, user, password());
        } else if (pid != null || passwordEnv != null || password != null) {
            throw new UsageError("--pid and passwords are for an existing server: add --socket or --host");
        }
        if (mariadb != null && !MariaDbRelease.isVersion(mariadb)) {
            // Before a capture directory is begun: a mistyped version is a usage error, not an incomplete capture.
            throw new UsageError(MariaDbRelease.notAVersion(mariadb));
        }
        if (mysql != null && !MysqlReleases.known(mysql)) {
            throw new UsageError("--mysql " + mysql + ": " + MysqlReleases.unknown(mysql));
        }
        return new ServerChoice(endpoint, pid, basedir, mariadb, work, opts, mysql);
    }

    private String password() {
        if (passwordEnv != null) {
            String v = System.getenv(passwordEnv);
            if (v == null) {
                throw new UsageError("--password-env " + passwordEnv + ": no such environment variable");
            }
            return v;
        }
        return password;
    }
}
