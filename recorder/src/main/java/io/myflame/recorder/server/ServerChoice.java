package io.myflame.recorder.server;

import io.myflame.recorder.process.ChildProcesses;
import io.myflame.recorder.Progress;
import io.myflame.recorder.RecordException;

import java.nio.file.Path;
import java.util.List;

/**
 * Which server a recording runs against: an existing one, a throwaway one from a binary tree,
 * from a MariaDB release on Maven Central, or from the system's installed server.
 *
 * @param endpoint       connection of an existing server, else null
 * @param pid            the existing server's pid when given, else null
 * @param basedir        a binary tree for a throwaway server, else null
 * @param mariadbVersion a MariaDB release for a throwaway server, else null
 * @param work           where a throwaway server's data directory is kept (and reused); null = temporary
 * @param options        server options for a throwaway server
 */
public record ServerChoice(Endpoint endpoint, Long pid, Path basedir, String mariadbVersion, Path work,
                           List<ServerOption> options) {

    public ServerChoice {
        options = List.copyOf(options);
        int sources = (endpoint != null ? 1 : 0) + (basedir != null ? 1 : 0) + (mariadbVersion != null ? 1 : 0);
        if (sources > 1) {
            throw new IllegalArgumentException("choose one server: --socket/--host, --basedir or --mariadb");
        }
        if (endpoint != null && !options.isEmpty()) {
            throw new IllegalArgumentException("--server-opt applies to servers myflame starts, not to an existing one");
        }
    }

    public static ServerChoice system(List<ServerOption> options) {
        return new ServerChoice(null, null, null, null, null, options);
    }

    public ServerChoice withOptions(List<ServerOption> more) {
        return new ServerChoice(endpoint, pid, basedir, mariadbVersion, work, more);
    }

    public ServerChoice withWork(Path w) {
        return new ServerChoice(endpoint, pid, basedir, mariadbVersion, w, options);
    }

    public boolean throwaway() {
        return endpoint == null;
    }

    /** Starts or connects to the server. */
    public Server open(ChildProcesses children, Progress progress) throws RecordException {
        if (endpoint != null) {
            ExistingServer s = ExistingServer.connect(endpoint, pid, children);
            progress.phase("existing server at " + endpoint + ", pid " + s.pid());
            return s;
        }
        BinaryTree tree;
        if (basedir != null) {
            tree = BinaryTree.of(basedir, children);
        } else if (mariadbVersion != null) {
            tree = BinaryTree.of(MariaDbRelease.basedir(mariadbVersion, children, progress), children);
        } else {
            tree = BinaryTree.system(children);
        }
        return ThrowawayServer.start(tree, options, work, children, progress);
    }

    /** What a human calls this server: {@code system}, {@code mariadb 10.2.11}, a path or a socket. */
    public String describe() {
        if (endpoint != null) {
            return "existing " + endpoint;
        }
        if (basedir != null) {
            return "basedir " + basedir;
        }
        return mariadbVersion != null ? "mariadb " + mariadbVersion : "system";
    }
}
