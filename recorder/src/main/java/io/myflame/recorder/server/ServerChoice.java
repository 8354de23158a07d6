package io.myflame.recorder.server;

import io.myflame.core.UsageError;
import io.myflame.recorder.process.Machine;
import io.myflame.recorder.process.Processes;
import io.myflame.recorder.progress.Progress;
import io.myflame.recorder.error.RecordException;

import java.nio.file.Path;
import java.util.List;
import io.myflame.recorder.workload.Endpoint;

/**
 * Which server a recording runs against: an existing one, a throwaway one from a binary tree,
 * from a MariaDB release on Maven Central, from an upstream MySQL release ({@link MysqlReleases}),
 * or from the system's installed server. Immutable;
 * {@link #defaults()} and the {@code with...} methods build one step by step.
 *
 * @param endpoint       connection of an existing server, else null
 * @param pid            the existing server's pid when given, else null
 * @param basedir        a binary tree for a throwaway server, else null
 * @param mariadbVersion a MariaDB release for a throwaway server, else null
 * @param work           where a throwaway server's data directory is kept (and reused); null = temporary
 * @param options        server options for a throwaway server
 * @param mysqlVersion   an upstream MySQL release for a throwaway server, else null
 */
public record ServerChoice(Endpoint endpoint, Long pid, Path basedir, String mariadbVersion, Path work,
                           List<ServerOption> options, String mysqlVersion) {

    public ServerChoice {
        options = List.copyOf(options);
        int sources = (endpoint != null ? 1 : 0) + (basedir != null ? 1 : 0) + (mariadbVersion != null ? 1 : 0)
                + (mysqlVersion != null ? 1 : 0);
        if (sources > 1) {
            throw new UsageError("choose one server: --socket/--host, --basedir, --mariadb or --mysql");
        }
        if (mysqlVersion != null && !MysqlReleases.known(mysqlVersion)) {
            throw new UsageError(MysqlReleases.unknown(mysqlVersion));
        }
        if (endpoint != null && !options.isEmpty()) {
            throw new UsageError("--server-opt applies to servers myflame starts, not to an existing one");
        }
    }

    /** A choice without an upstream MySQL release. */
    public ServerChoice(Endpoint endpoint, Long pid, Path basedir, String mariadbVersion, Path work,
                        List<ServerOption> options) {
        this(endpoint, pid, basedir, mariadbVersion, work, options, null);
    }

    /** A throwaway server from the system's installed mariadbd/mysqld, no options of the user's. */
    public static ServerChoice defaults() {
        return new ServerChoice(null, null, null, null, null, List.of());
    }

    public static ServerChoice system(List<ServerOption> options) {
        return defaults().withOptions(options);
    }

    /** An existing server at {@code e}; {@code serverPid} may be null (found from the server). */
    public ServerChoice withExisting(Endpoint e, Long serverPid) {
        return new ServerChoice(e, serverPid, basedir, mariadbVersion, work, options, mysqlVersion);
    }

    public ServerChoice withBasedir(Path dir) {
        return new ServerChoice(endpoint, pid, dir, mariadbVersion, work, options, mysqlVersion);
    }

    public ServerChoice withMariadb(String version) {
        return new ServerChoice(endpoint, pid, basedir, version, work, options, mysqlVersion);
    }

    /** A throwaway upstream MySQL {@code version}, one of {@link MysqlReleases#versions()}. */
    public ServerChoice withMysql(String version) {
        return new ServerChoice(endpoint, pid, basedir, mariadbVersion, work, options, version);
    }

    public ServerChoice withOptions(List<ServerOption> more) {
        return new ServerChoice(endpoint, pid, basedir, mariadbVersion, work, more, mysqlVersion);
    }

    /**
     * This choice with {@code defaults} added in front of the user's options, unless the user set the
     * same variable ({@code --server-opt} overrides any default); an existing server is left as it is.
     */
    public ServerChoice withDefaults(List<ServerOption> defaults) {
        if (!throwaway()) {
            return this;
        }
        return withOptions(ServerDefaults.merge(defaults, options));
    }

    public ServerChoice withWork(Path w) {
        return new ServerChoice(endpoint, pid, basedir, mariadbVersion, w, options, mysqlVersion);
    }

    public boolean throwaway() {
        return endpoint == null;
    }

    /** Starts or connects to the server. */
    public Server open(Machine machine, Progress progress) throws RecordException {
        if (endpoint != null) {
            ExistingServer s = ExistingServer.connect(endpoint, pid, machine.processes());
            progress.phase("existing server at " + endpoint + ", pid " + s.pid());
            return s;
        }
        return ThrowawayServer.start(tree(machine.processes(), progress), options, work, machine, progress);
    }

    /**
     * The binary tree a throwaway server starts from — a release fetched and unpacked when needed —
     * checked for what its flavour needs; null for an existing server. Called before a capture
     * directory is begun, it turns a version that cannot be had or an incomplete tree into one error
     * that leaves nothing behind.
     */
    public BinaryTree tree(Processes processes, Progress progress) throws RecordException {
        if (endpoint != null) {
            return null;
        }
        BinaryTree tree;
        if (basedir != null) {
            tree = BinaryTree.of(basedir, processes);
        } else if (mariadbVersion != null || mysqlVersion != null) {
            tree = BinaryTree.of(release(processes, progress), processes);
        } else {
            tree = BinaryTree.system(processes);
        }
        tree.check();
        return tree;
    }

    /**
     * The unpacked tree of the chosen release, fetched and unpacked when not cached yet; null when no
     * release was chosen. Run before anything else starts, this also tells that a release exists.
     */
    public Path release(Processes processes, Progress progress) throws RecordException {
        if (mariadbVersion != null) {
            return Flavour.MARIADB.release(mariadbVersion, processes, progress);
        }
        return mysqlVersion == null ? null : Flavour.ofMysqlRelease(mysqlVersion).release(mysqlVersion, processes, progress);
    }

    /** What a human calls this server: {@code system}, {@code mariadb 10.2.11}, {@code mysql 8.0.15}, a path or a socket. */
    public String describe() {
        if (endpoint != null) {
            return "existing " + endpoint;
        }
        if (basedir != null) {
            return "basedir " + basedir;
        }
        if (mysqlVersion != null) {
            return "mysql " + mysqlVersion;
        }
        return mariadbVersion != null ? "mariadb " + mariadbVersion : "system";
    }
}
