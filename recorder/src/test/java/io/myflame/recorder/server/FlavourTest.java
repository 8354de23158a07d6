package io.myflame.recorder.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.recorder.progress.Progress;
import io.myflame.recorder.error.RecordException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlavourTest {
    @TempDir
    Path base;

    @Test
    void toldFromWhatTheServerSaysOfItsVersion() {
        assertEquals(Flavour.MARIADB, Flavour.of("mysqld  Ver 10.2.11-MariaDB for Linux on x86_64 (MariaDB Server)"));
        assertEquals(Flavour.MARIADB, Flavour.of("/usr/sbin/mariadbd  Ver 11.4.5-MariaDB-deb12 for debian-linux-gnu"));
        assertEquals(Flavour.MYSQL_56, Flavour.of("mysqld  Ver 5.6.51 for linux-glibc2.12 on x86_64 (MySQL Community Server (GPL))"));
        assertEquals(Flavour.MYSQL_57, Flavour.of("mysqld  Ver 5.7.44 for linux-glibc2.12 on x86_64 (MySQL Community Server (GPL))"));
        assertEquals(Flavour.MYSQL_80, Flavour.of("mysqld  Ver 8.0.37 for Linux on x86_64 (MySQL Community Server - GPL)"));
        assertEquals(Flavour.MYSQL_84, Flavour.of("mysqld  Ver 8.4.3 for Linux on x86_64 (MySQL Community Server - GPL)"));
        Flavour newer = Flavour.of("mysqld  Ver 99.1.0 for Linux on x86_64 (MySQL Community Server - GPL)");
        assertTrue(newer.ordinal() >= Flavour.MYSQL_84.ordinal() && newer != Flavour.PERCONA,
                "a newer MySQL is set up as the newest one known, not " + newer);
        assertEquals(Flavour.PERCONA, Flavour.of("mysqld  Ver 8.0.36-28 for Linux on x86_64 (Percona Server (GPL), Release 28)"));
        assertEquals(Flavour.MYSQL_56, Flavour.of("mysqld  Ver 5.6.51-91.0 for Linux on x86_64 (Percona Server (GPL), Release 91.0)"),
                "Percona 5.6 is set up the old way");
        assertEquals(Flavour.MYSQL_56, Flavour.of("mysqld: unknown"), "no version: the oldest set-up");
    }

    @Test
    void mariadbDataDirectoriesComeFromInstallDbWithPasswordRootFrom104() throws Exception {
        Path script = Files.createDirectories(base.resolve("scripts")).resolve("mariadb-install-db");
        Files.writeString(script, "");
        List<String> old = tree("mysqld  Ver 10.2.11-MariaDB for Linux").initCommand(base.resolve("data")).argv();
        assertEquals(script.toString(), old.get(0));
        assertFalse(old.contains("--auth-root-authentication-method=normal"), old.toString());
        List<String> recent = tree("mariadbd  Ver 11.4.5-MariaDB for Linux").initCommand(base.resolve("data")).argv();
        assertTrue(recent.contains("--auth-root-authentication-method=normal"), recent.toString());
    }

    @Test
    void mysqlFrom57InitialisesItselfAndOlderOnesNeedInstallDb() throws Exception {
        List<String> argv = tree("mysqld  Ver 8.4.3 for Linux").initCommand(base.resolve("data")).argv();
        assertEquals(base.resolve("bin/mysqld").toString(), argv.get(0));
        assertTrue(argv.contains("--initialize-insecure"), argv.toString());
        RecordException e = assertThrows(RecordException.class,
                () -> tree("mysqld  Ver 5.6.51 for Linux").initCommand(base.resolve("data")));
        assertTrue(e.getMessage().contains("mysql_install_db") && e.getMessage().contains("data/mysql/user.frm"),
                e.getMessage());
    }

    /** The npm 5.6 package has no install-db but a ready data directory: that is copied (no command). */
    @Test
    void a56TreeWithAShippedDataDirectoryNeedsNoInstallDb() throws Exception {
        Files.createDirectories(base.resolve("data/mysql/mysql"));
        Files.writeString(base.resolve("data/mysql/mysql/user.frm"), "");
        BinaryTree t = tree("mysqld  Ver 5.6.24 for linux-glibc2.5 on x86_64 (MySQL Community Server (GPL))");
        assertEquals(null, t.initCommand(base.resolve("datadir")));
        assertEquals(base.resolve("data/mysql"), t.shippedData());
    }

    /** Upstream MySQL cannot start without its error messages: a tree without share/ is refused before anything starts. */
    @Test
    void aMysqlTreeWithoutItsShareDirectoryIsRefused() throws Exception {
        RecordException e = assertThrows(RecordException.class, () -> tree("mysqld  Ver 8.0.15 for Linux").check());
        assertEquals(base + ": no share/english/errmsg.sys (MySQL 8.0 cannot start without its error messages): "
                + "give the whole release tree, share/ included", e.getMessage());
        Files.createDirectories(base.resolve("share/english"));
        Files.writeString(base.resolve("share/english/errmsg.sys"), "");
        tree("mysqld  Ver 8.0.15 for Linux").check();
    }

    @Test
    void serverAndClientNamesCoverEveryFlavourMariadbFirst() {
        assertEquals(List.of("mariadbd", "mysqld"), Flavour.serverNames());
        assertEquals(List.of("mariadb", "mysql"), Flavour.clientNames());
    }

    @Test
    void releasesComeFromMariadb4jOrTheMysqlCatalogue() {
        RecordException e = assertThrows(RecordException.class,
                () -> Flavour.MYSQL_84.release("8.4.3", null, Progress.silent()));
        assertTrue(e.getMessage().contains("available: 5.6.24, 5.7.19, 5.7.22, 8.0.15, 8.0.31") && e.getMessage().contains("--basedir"),
                e.getMessage());
        assertTrue(assertThrows(RecordException.class, () -> Flavour.PERCONA.release("8.0.36", null, Progress.silent()))
                .getMessage().contains("--basedir"));
        assertEquals(Flavour.MYSQL_56, Flavour.ofMysqlRelease("5.6.24"));
        assertEquals(Flavour.MYSQL_57, Flavour.ofMysqlRelease("5.7.22"));
        assertEquals(Flavour.MYSQL_80, Flavour.ofMysqlRelease("8.0.15"));
        RecordException bad = assertThrows(RecordException.class,
                () -> Flavour.MARIADB.release("latest", null, Progress.silent()));
        assertTrue(bad.getMessage().contains("--mariadb wants a release version"), bad.getMessage());
    }

    private BinaryTree tree(String version) {
        return new BinaryTree(base, base.resolve("bin/mysqld"), version, null);
    }

    /** Each flavour's function names are one data file in profiler-core: adding a flavour is its constant and that file. */
    @Test
    void everyFlavourHasItsNamesFile() {
        List<String> files = io.myflame.core.analysis.ServerNames.bundled().files();
        for (Flavour f : Flavour.values()) {
            assertTrue(files.contains(f.names() + ".yaml"), f + ": no " + f.names() + ".yaml in " + files);
        }
        assertEquals(Flavour.values().length + 1, files.size(), "common.yaml and one file per flavour: " + files);
    }
}
