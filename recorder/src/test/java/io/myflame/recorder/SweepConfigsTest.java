package io.myflame.recorder;

import io.myflame.recorder.server.ServerOption;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import io.myflame.recorder.error.RecordException;

class SweepConfigsTest {
    @Test
    void readsSectionsWithServerOptionsAndEngines() throws Exception {
        List<SweepConfigs.Config> c = SweepConfigs.parse(List.of(
                "# AHI and MyRocks", "[innodb-ahi-off]", "server-opt = innodb_adaptive_hash_index=OFF", "",
                "[myrocks]", "server-opt = plugin_load_add=ha_rocksdb", "server-opt = default_storage_engine=ROCKSDB",
                "storage-engine = ROCKSDB", "[old]", "mariadb = 10.2.11", "[tree]", "basedir = /opt/mysql"), "s.ini");
        assertEquals(4, c.size());
        assertEquals("innodb-ahi-off", c.get(0).name());
        assertEquals(List.of(new ServerOption("innodb_adaptive_hash_index", "OFF")), c.get(0).server().options());
        assertNull(c.get(0).storageEngine());
        assertEquals("ROCKSDB", c.get(1).storageEngine());
        assertEquals(2, c.get(1).server().options().size());
        assertEquals("10.2.11", c.get(2).server().mariadbVersion());
        assertEquals(Path.of("/opt/mysql"), c.get(3).server().basedir());
    }

    @Test
    void errorsNameFileAndLine() {
        RecordException e = assertThrows(RecordException.class,
                () -> SweepConfigs.parse(List.of("[a]", "colour = red"), "s.ini"));
        assertEquals("s.ini:2: unknown key 'colour' (known: server-opt, basedir, mariadb, mysql, storage-engine)", e.getMessage());
        e = assertThrows(RecordException.class, () -> SweepConfigs.parse(List.of("server-opt = x=1"), "s.ini"));
        assertEquals("s.ini:1: expected a [name] section first", e.getMessage());
        e = assertThrows(RecordException.class, () -> SweepConfigs.parse(List.of("[a]", "[a]"), "s.ini"));
        assertEquals("s.ini:2: configuration name must be unique, start with a letter or digit and use letters, "
                + "digits, '.', '_', '+', '-': [a]", e.getMessage());
        // Each name becomes a directory under --out: none may leave it.
        for (String name : List.of("..", ".", ".hidden", "a/b")) {
            e = assertThrows(RecordException.class, () -> SweepConfigs.parse(List.of("[" + name + "]"), "s.ini"));
            assertTrue(e.getMessage().endsWith("[" + name + "]"), e.getMessage());
        }
        e = assertThrows(RecordException.class,
                () -> SweepConfigs.parse(List.of("[a]", "basedir = /x", "mariadb = 11.4.5"), "s.ini"));
        assertEquals("s.ini: [a]: choose one server: --socket/--host, --basedir, --mariadb or --mysql", e.getMessage());
    }

    /** issue 37: a version that cannot be had is refused with its line while the file is read, before anything runs. */
    @Test
    void releaseVersionsAreCheckedWhileReading() throws Exception {
        List<SweepConfigs.Config> c = SweepConfigs.parse(List.of("[m57]", "mysql = 5.7.22"), "s.ini");
        assertEquals("5.7.22", c.get(0).server().mysqlVersion());
        assertEquals("mysql 5.7.22", c.get(0).server().describe());
        RecordException e = assertThrows(RecordException.class,
                () -> SweepConfigs.parse(List.of("[a]", "", "mysql = 5.1.73"), "s.ini"));
        assertEquals("s.ini:3: no MySQL release 5.1.73 to fetch; available: 5.6.24, 5.7.19, 5.7.22, 8.0.15, 8.0.31 "
                + "(any other: its binary tree with --basedir)", e.getMessage());
        e = assertThrows(RecordException.class, () -> SweepConfigs.parse(List.of("[a]", "mariadb = 11.4"), "s.ini"));
        assertEquals("s.ini:2: --mariadb wants a release version such as 10.11.5, not '11.4'", e.getMessage());
        e = assertThrows(RecordException.class,
                () -> SweepConfigs.parse(List.of("[a]", "mysql = 8.0.15", "mariadb = 11.4.5"), "s.ini"));
        assertTrue(e.getMessage().endsWith("choose one server: --socket/--host, --basedir, --mariadb or --mysql"), e.getMessage());
    }
}
