package io.myflame.recorder.server;

import io.myflame.recorder.process.Binaries;
import io.myflame.recorder.process.ChildProcesses;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.error.RecordException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A MySQL / MariaDB / Percona binary tree: the server binary, the way a fresh data directory is
 * initialised for its version, and the bundled libraries it may need on LD_LIBRARY_PATH.
 *
 * @param basedir  the tree's root ({@code /usr} for the system's packages)
 * @param server   mariadbd or mysqld
 * @param version  what {@code server --version} says, e.g. {@code mysqld  Ver 10.2.11-MariaDB ...}
 * @param libPath  directories for LD_LIBRARY_PATH, or null
 */
public record BinaryTree(Path basedir, Path server, String version, String libPath) {
    private static final List<String> SERVER_NAMES = List.of(
            "bin/mariadbd", "sbin/mariadbd", "bin/mysqld", "sbin/mysqld", "libexec/mysqld");
    private static final Pattern VERSION = Pattern.compile("Ver\\s+(\\d+)\\.(\\d+)\\.(\\d+)(\\S*)");

    /** The tree under {@code basedir}; an error says what was looked for. */
    public static BinaryTree of(Path basedir, ChildProcesses children) throws RecordException {
        if (!Files.isDirectory(basedir)) {
            throw new RecordException(basedir + ": no such directory (--basedir wants a MySQL/MariaDB binary tree)");
        }
        for (String name : SERVER_NAMES) {
            Path p = basedir.resolve(name);
            if (Files.isExecutable(p)) {
                return probe(basedir, p, children);
            }
        }
        throw new RecordException(basedir + ": no server binary (looked for " + String.join(", ", SERVER_NAMES) + ")");
    }

    /** The system's installed server: mariadbd, else mysqld. */
    public static BinaryTree system(ChildProcesses children) throws RecordException {
        for (String name : List.of("mariadbd", "mysqld")) {
            String p = Binaries.onPath(name);
            if (p != null) {
                return probe(Path.of("/usr"), Path.of(p), children);
            }
        }
        throw new RecordException("no mariadbd or mysqld installed: install one (Debian: apt-get install "
                + "mariadb-server), or give --basedir DIR, --mariadb VERSION or an existing server (--socket)");
    }

    private static BinaryTree probe(Path basedir, Path server, ChildProcesses children) throws RecordException {
        Path libs = basedir.resolve("libs");
        String libPath = Files.isDirectory(libs) ? libs.toString() : null;
        ExternalCommand.Result r = ExternalCommand.of(server.toString(), "--no-defaults", "--version")
                .env("LD_LIBRARY_PATH", libPath).run(children, Duration.ofSeconds(30));
        if (r.exit() != 0) {
            throw new RecordException(server + " --version failed: " + r.said());
        }
        return new BinaryTree(basedir, server, r.stdout().strip(), libPath);
    }

    public boolean mariadb() {
        return version.contains("MariaDB");
    }

    /** {major, minor} of the server version, {0, 0} when unknown. */
    public int[] majorMinor() {
        Matcher m = VERSION.matcher(version);
        return m.find() ? new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))} : new int[] {0, 0};
    }

    /** The command that creates a fresh data directory the way this version wants it. */
    public ExternalCommand initCommand(Path datadir) throws RecordException {
        int[] v = majorMinor();
        boolean root = "root".equals(System.getProperty("user.name"));
        if (!mariadb() && (v[0] > 5 || (v[0] == 5 && v[1] >= 7))) {
            // MySQL 5.7+ initialises itself; mysql_install_db is gone or deprecated there.
            ExternalCommand c = ExternalCommand.of(server.toString(), "--no-defaults", "--initialize-insecure",
                    "--basedir=" + basedir, "--datadir=" + datadir);
            return (root ? c.arg("--user=root") : c).env("LD_LIBRARY_PATH", libPath);
        }
        Path script = installScript();
        List<String> args = new ArrayList<>(List.of("--no-defaults", "--basedir=" + basedir, "--datadir=" + datadir));
        if (root) {
            args.add("--user=root");
        }
        if (mariadb() && (v[0] > 10 || (v[0] == 10 && v[1] >= 4))) {
            // 10.4+ makes root a unix_socket user by default; we connect as root by password-less login.
            args.add("--auth-root-authentication-method=normal");
        }
        return ExternalCommand.of(script.toString()).args(args).env("LD_LIBRARY_PATH", libPath).in(basedir);
    }

    private Path installScript() throws RecordException {
        List<Path> candidates = new ArrayList<>();
        for (String dir : List.of("scripts", "bin")) {
            for (String name : List.of("mariadb-install-db", "mysql_install_db")) {
                candidates.add(basedir.resolve(dir).resolve(name));
            }
        }
        for (Path p : candidates) {
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new RecordException(basedir + ": no mariadb-install-db or mysql_install_db to initialise a data directory");
    }
}
