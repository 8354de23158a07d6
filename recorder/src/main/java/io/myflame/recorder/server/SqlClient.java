package io.myflame.recorder.server;

import io.myflame.recorder.process.Binaries;
import io.myflame.recorder.process.ChildProcesses;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.error.RecordException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.myflame.recorder.workload.Endpoint;

/**
 * Runs SQL through the server's own command-line client ({@code mariadb} or {@code mysql}) in
 * batch mode — no JDBC driver, no shell. The password travels in {@code MYSQL_PWD}, which only
 * this process and the client can read.
 */
public final class SqlClient {
    private final String client;
    private final Endpoint endpoint;
    private final ChildProcesses children;

    public SqlClient(String client, Endpoint endpoint, ChildProcesses children) {
        this.client = client;
        this.endpoint = endpoint;
        this.children = children;
    }

    /**
     * The first client that runs: the system's (it speaks to every version, old and new), then the
     * tree's own — an old release's client may need libraries this system lacks (libncurses5).
     */
    public static String findClient(Path basedir, ChildProcesses children) throws RecordException {
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
            if (ExternalCommand.of(c, "--version").run(children, Duration.ofSeconds(20)).exit() == 0) {
                return c;
            }
        }
        throw new RecordException("no working mariadb/mysql command-line client (tried " + candidates
                + "): install one (Debian: apt-get install mariadb-client)");
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    /** Rows of tab-separated columns; an error names the statement and what the server said. */
    public List<String[]> query(String sql) throws RecordException {
        ExternalCommand.Result r = attempt(sql);
        if (r.exit() != 0) {
            throw new RecordException("query failed on " + endpoint + ": " + sql + ": " + r.said());
        }
        List<String[]> rows = new ArrayList<>();
        for (String line : r.stdout().split("\n")) {
            if (!line.isEmpty()) {
                rows.add(line.split("\t", -1));
            }
        }
        return rows;
    }

    /** Runs a statement, returning the client's result without judging it. */
    public ExternalCommand.Result attempt(String sql) throws RecordException {
        ExternalCommand c = ExternalCommand.of(client, "--no-defaults").args(endpoint.clientArgs())
                .arg("--batch").arg("--skip-column-names").arg("-e").arg(sql)
                .env("MYSQL_PWD", endpoint.password());
        return c.run(children, Duration.ofMinutes(5));
    }

    /** The single value of a one-row, one-column query, or null. */
    public String value(String sql) throws RecordException {
        List<String[]> rows = query(sql);
        return rows.isEmpty() ? null : rows.get(0)[0];
    }

    /** {@code SHOW GLOBAL STATUS} as name → value, in the server's order. */
    public Map<String, String> globalStatus() throws RecordException {
        Map<String, String> m = new LinkedHashMap<>();
        for (String[] row : query("SHOW GLOBAL STATUS")) {
            if (row.length >= 2) {
                m.put(row[0], row[1]);
            }
        }
        return m;
    }
}
