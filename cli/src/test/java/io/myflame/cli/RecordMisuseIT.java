package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flag mistakes of {@code record} and {@code sweep} that used to start a server first, or wait its
 * whole start-up limit, or write into a directory that was not the sweep's (issue 36), through the
 * real jar: each is a usage error (exit 2) whose one line names the flag and its value, and nothing
 * was begun: no --out directory, no progress line (every phase, from making the data directory to
 * starting the server, prints one before it runs), no file written.
 */
@Records
class RecordMisuseIT {
    @TempDir
    static Path tmp;

    /** Runs {@code command --out OUT args} and checks the refusal: exit 2, one line with {@code fragments}, nothing begun. */
    private static void refused(String command, String[] args, String... fragments) throws Exception {
        Path out = tmp.resolve("out-" + System.nanoTime());
        List<String> all = new ArrayList<>(List.of(command, "--out", out.toString()));
        all.addAll(List.of(args));
        Myflame.Result r = Myflame.run(all.toArray(String[]::new));
        assertEquals(2, r.exit(), all + ": " + r.err());
        assertFalse(r.hasStackTrace(), r.err());
        List<String> lines = r.err().lines().toList();
        // The error and 'try myflame COMMAND --help': no phase of a recording was begun.
        assertEquals(2, lines.size(), all + ": " + r.err());
        assertTrue(lines.get(0).startsWith("myflame " + command + ": "), r.err());
        for (String f : fragments) {
            assertTrue(lines.get(0).contains(f), "expected '" + f + "' in: " + r.err());
        }
        assertFalse(Files.exists(out), "--out was made for a refused command line: " + all);
    }

    private static String[] a(String... args) {
        return args;
    }

    @Test
    void serverOptionsMyflameCannotPassOnAreRefusedBeforeAServerStarts() throws Exception {
        for (String command : List.of("record", "sweep")) {
            refused(command, a("--server-opt", "noequals"), "--server-opt", "'noequals'", "NAME=VALUE");
            refused(command, a("--server-opt=--skip-log-bin"), "--server-opt", "'--skip-log-bin'", "skip-log-bin");
            refused(command, a("--server-opt", "socket=/tmp/x.sock"), "--server-opt", "'socket=/tmp/x.sock'", "--socket PATH");
            refused(command, a("--server-opt", "port=3307"), "'port=3307'", "--host HOST --port N");
            refused(command, a("--server-opt", "loose_bind_address=0.0.0.0"), "'loose_bind_address=0.0.0.0'");
            refused(command, a("--server-opt", "datadir=/tmp/d"), "'datadir=/tmp/d'", "--work DIR");
            refused(command, a("--server-opt", "basedir=/opt/m"), "'basedir=/opt/m'", "--basedir DIR");
            refused(command, a("--server-opt", "pid-file=/tmp/p"), "'pid-file=/tmp/p'");
            refused(command, a("--server-opt", "defaults-file=/etc/my.cnf"), "'defaults-file=/etc/my.cnf'", "--no-defaults");
        }
    }

    @Test
    void workloadValuesSysbenchWouldRefuseAreRefusedFirst() throws Exception {
        for (String command : List.of("record", "sweep")) {
            refused(command, a("--storage-engine", ""), "--storage-engine", "''");
            refused(command, a("--storage-engine", " "), "--storage-engine");
            refused(command, a("--sysbench-opt", "noprefix"), "--sysbench-opt", "'noprefix'", "--NAME=VALUE");
            refused(command, a("--sysbench-opt=--num-threads=8"), "--sysbench-opt", "'--num-threads=8'", "use --threads");
            // A value spelled as one of the command's own options is picocli's usage error, naming both.
            refused(command, a("--sysbench-opt=--threads=8"), "--sysbench-opt", "'--threads=8'");
            refused(command, a("--sysbench-opt=--mysql-socket=/x"), "'--mysql-socket=/x'", "use --socket");
        }
    }

    @Test
    void connectionFlagsThatReachNoServerAreRefused() throws Exception {
        refused("record", a("--host", "127.0.0.1", "--port", "0"), "--port", "'0'", "1 to 65535");
        refused("record", a("--host", "127.0.0.1", "--port", "70000"), "--port", "'70000'");
        refused("record", a("--socket", "/tmp/none.sock", "--host", "127.0.0.1"), "--socket /tmp/none.sock", "--host 127.0.0.1");
        refused("record", a("--port", "3307"), "--port 3307", "--host");
        refused("sweep", a("--socket", "/tmp/none.sock", "--host", "db"), "--socket", "--host");
    }

    /** {@code sweep --configs F --mariadb X} silently ran F's servers; the flags of one server do not mix with F. */
    @Test
    void sweepConfigsDoNotMixWithServerFlags() throws Exception {
        Path ini = Files.writeString(tmp.resolve("two.ini"), "[ahi-off]\nserver-opt = innodb_adaptive_hash_index=OFF\n");
        String c = ini.toString();
        refused("sweep", a("--configs", c, "--mariadb", "10.11.5"), "--mariadb", "--configs " + c);
        refused("sweep", a("--configs", c, "--basedir", "/opt/mysql"), "--basedir", "--configs");
        refused("sweep", a("--configs", c, "--server-opt", "sync_binlog=1"), "--server-opt", "--configs");
        refused("sweep", a("--configs", c, "--socket", "/tmp/none.sock"), "--socket", "--configs");
        // A configurations file that sets what myflame owns is refused at its line, before anything runs (bad data).
        Path owned = Files.writeString(tmp.resolve("owned.ini"), "[a]\nserver-opt = socket=/tmp/x\n");
        Path out = tmp.resolve("owned-out");
        Myflame.Result r = Myflame.run("sweep", "--configs", owned.toString(), "--out", out.toString());
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.err().startsWith("myflame sweep: " + owned + ":2: --server-opt 'socket=/tmp/x'"), r.err());
        assertFalse(Files.exists(out));
    }

    /** {@code sweep --out} wrote sweep.json, charts and default/threads-1 into a capture or any directory; record refuses both. */
    @Test
    void sweepWritesOnlyIntoANewOrEmptyDirectoryOrItsOwnSweep() throws Exception {
        Path capture = Files.createDirectories(tmp.resolve("a-capture"));
        Files.writeString(capture.resolve("capture.json"), "{\"schema\": 1}");
        Path notes = Files.createDirectories(tmp.resolve("notes"));
        Files.writeString(notes.resolve("todo.txt"), "mine\n");
        Path file = Files.writeString(tmp.resolve("plain-file"), "x\n");
        for (Path out : List.of(capture, notes, file)) {
            for (List<String> extra : List.of(List.<String>of(), List.of("--force"))) {
                List<String> args = new ArrayList<>(List.of("sweep", "--out", out.toString(), "--threads", "1", "--time", "1"));
                args.addAll(extra);
                Myflame.Result r = Myflame.run(args.toArray(String[]::new));
                assertEquals(2, r.exit(), args + ": " + r.err());
                assertEquals(2, r.err().lines().count(), r.err());
                assertTrue(r.err().startsWith("myflame sweep: --out " + out + ": "), r.err());
            }
        }
        assertEquals(List.of(capture.resolve("capture.json")), list(capture));
        assertEquals(List.of(notes.resolve("todo.txt")), list(notes));
        assertEquals("x\n", Files.readString(file));
    }

    private static List<Path> list(Path dir) throws Exception {
        try (var s = Files.list(dir)) {
            return s.toList();
        }
    }
}
