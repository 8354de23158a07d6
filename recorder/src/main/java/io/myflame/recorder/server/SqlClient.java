package io.myflame.recorder.server;

import io.myflame.recorder.process.Binaries;
import io.myflame.recorder.process.Processes;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.error.RecordException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import io.myflame.recorder.workload.Endpoint;

/**
 * Runs SQL through the server's own command-line client ({@code mariadb} or {@code mysql}) in
 * batch mode — no JDBC driver, no shell. The password travels in {@code MYSQL_PWD}, which only
 * this process and the client can read.
 */
public final class SqlClient implements Sql {
    private final String client;
    private final Endpoint endpoint;
    private final Processes processes;

    public SqlClient(String client, Endpoint endpoint, Processes processes) {
        this.client = client;
        this.endpoint = endpoint;
        this.processes = processes;
    }

    /**
     * The first client that runs: the system's (it speaks to every version, old and new), then the
     * tree's own — an old release's client may need libraries this system lacks (libncurses5).
     */
    public static String findClient(Path basedir, Processes processes) throws RecordException {
        List<String> candidates = new ArrayList<>();
        for (String name : Flavour.clientNames()) {
            String found = Binaries.onPath(name);
            if (found != null) {
                candidates.add(found);
            }
        }
        if (basedir != null) {
            for (String name : Flavour.clientNames()) {
                if (Files.isExecutable(basedir.resolve("bin").resolve(name))) {
                    candidates.add(basedir.resolve("bin").resolve(name).toString());
                }
            }
        }
        for (String c : candidates) {
            if (ExternalCommand.of(c, "--version").run(processes, Duration.ofSeconds(20)).exit() == 0) {
                return c;
            }
        }
        throw new RecordException("no working mariadb/mysql command-line client (tried " + candidates
                + "): install one (Debian: apt-get install mariadb-client)");
    }

    @Override
    public Endpoint endpoint() {
        return endpoint;
    }

    @Override
    public ExternalCommand.Result attempt(String sql) throws RecordException {
        return attempt(sql, Duration.ofMinutes(5));
    }

    /** As {@link #attempt(String)}, the client stopped after {@code timeout}. */
    public ExternalCommand.Result attempt(String sql, Duration timeout) throws RecordException {
        ExternalCommand c = ExternalCommand.of(client, "--no-defaults").args(endpoint.clientArgs())
                .arg("--batch").arg("--skip-column-names").arg("-e").arg(sql)
                .env("MYSQL_PWD", endpoint.password());
        return c.run(processes, timeout);
    }
}
