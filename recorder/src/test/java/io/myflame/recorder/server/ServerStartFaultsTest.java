package io.myflame.recorder.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.fake.FakeClock;
import io.myflame.recorder.fake.FakeProcesses;
import io.myflame.recorder.fake.FakeProcesses.Script;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.process.Machine;
import io.myflame.recorder.progress.Progress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A throwaway server that fails to start as real ones do now and then — it never answers, or it exits
 * with an error in its log — played by fakes behind the recorder's {@link Machine}, started as
 * {@code record --basedir TREE} starts it ({@link ServerChoice#open}): its scratch directory is a
 * temporary one, removed when the start fails. Each test checks what the user gets: the error, the log
 * it names, and that nothing is left running.
 */
class ServerStartFaultsTest {
    /** Where an error message points at a server's log: {@code (see PATH)}. */
    private static final Pattern SEE = Pattern.compile("\\(see (/[^)]+)\\)$");
    private static final String LOG_LINE = "2026-12-06  4:00:00 0 [Note] Starting MariaDB 10.11.6-MariaDB as process 4000000\n";

    @TempDir
    Path tmp;

    private final FakeClock clock = new FakeClock();
    private final FakeProcesses processes = new FakeProcesses(clock, this::script);
    private Path tree;
    /** What the server does once started. */
    private Script server = Script.runsUntilStopped();
    /** What it writes to its error log as it starts. */
    private String errorLog = LOG_LINE;
    /** Whether it creates its socket (takes connections). */
    private boolean socket;
    /** What {@code SELECT 1} through the client does. */
    private Script select = Script.answers("1\n");
    /** The error log a failed start named, removed after the test. */
    private Path named;

    @BeforeEach
    void setUp() throws Exception {
        // The tree the user names with --basedir: its programs are never run (the fakes play them); a
        // ready data directory in it, as the npm 5.6 package ships one, stands for install-db.
        tree = tmp.resolve("mariadb-10.11.6");
        for (String program : List.of("mariadbd", "mariadb")) {
            Path p = Files.createDirectories(tree.resolve("bin")).resolve(program);
            Files.writeString(p, "#!/bin/sh\nexit 1\n");
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Files.createDirectories(tree.resolve("data/mysql/mysql"));
        Files.writeString(tree.resolve("data/mysql/mysql/user.frm"), "a table definition");
    }

    @AfterEach
    void removeNamedLog() throws IOException {
        if (named != null && !named.startsWith(tmp)) {
            Files.deleteIfExists(named);
        }
    }

    private Script script(ExternalCommand c) {
        List<String> a = c.argv();
        if (c.program().endsWith("/mariadbd")) {
            return a.contains("--version") ? Script.answers("mariadbd  Ver 10.11.6-MariaDB for Linux on x86_64\n") : started(c);
        }
        if (c.program().endsWith("/mariadb") || c.program().endsWith("/mysql")) {
            return a.contains("--version") ? Script.answers("mariadb  Ver 15.1 Distrib 10.11.6-MariaDB\n") : select;
        }
        return null;
    }

    /** The server starting: it writes its error log and, when it takes connections, makes its socket. */
    private Script started(ExternalCommand c) {
        try {
            Files.writeString(Path.of(option(c, "--log-error=")), errorLog);
            if (socket) {
                Files.createFile(Path.of(option(c, "--socket=")));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return server;
    }

    private static String option(ExternalCommand c, String prefix) {
        return c.argv().stream().filter(a -> a.startsWith(prefix)).map(a -> a.substring(prefix.length()))
                .findFirst().orElseThrow();
    }

    private RecordException failedStart() {
        Machine machine = new Machine(processes, clock);
        return assertThrows(RecordException.class,
                () -> ServerChoice.defaults().withBasedir(tree).open(machine, Progress.silent()));
    }

    private FakeProcesses.Program serverProcess() {
        List<FakeProcesses.Program> started = processes.started("mariadbd");
        assertEquals(1, started.size());
        return started.get(0);
    }

    /** The error log the message names: it must be there to be read, and hold what the server wrote. */
    private void assertNamesTheLog(RecordException e) throws IOException {
        Matcher m = SEE.matcher(e.getMessage());
        assertTrue(m.find(), e.getMessage());
        named = Path.of(m.group(1));
        assertTrue(Files.isRegularFile(named), "the log the error names is there: " + named);
        assertEquals(errorLog, Files.readString(named));
        Path scratch = Path.of(option(serverProcess().command(), "--datadir=")).getParent();
        assertFalse(Files.exists(scratch), "the temporary scratch directory is removed");
    }

    @Test
    void aServerThatExitsDuringStartupIsNamedWithTheErrorsOfItsLog() throws Exception {
        server = Script.runs(2_000, "").dyingAfter(2_000, 1, "");
        errorLog = LOG_LINE + "2026-12-06  4:00:01 0 [ERROR] mariadbd: unknown variable 'innodb_bogus=1'\n"
                + "2026-12-06  4:00:01 0 [ERROR] Aborting\n";
        RecordException e = failedStart();
        assertTrue(e.getMessage().startsWith("the server exited during startup (exit code 1): "
                + "2026-12-06  4:00:01 0 [ERROR] mariadbd: unknown variable 'innodb_bogus=1' / "
                + "2026-12-06  4:00:01 0 [ERROR] Aborting (see "), e.getMessage());
        assertNamesTheLog(e);
        assertTrue(clock.millis() >= 2_000 && clock.millis() < 3_000, "noticed when it exits, not at the timeout: "
                + clock.millis() + " ms");
    }

    /**
     * A server that takes connections on its socket and never answers (it hangs): each {@code SELECT 1}
     * is given up in time for the next, and the start is given up when the start-up time is over — not
     * when the client's five minutes for a statement are.
     */
    @Test
    void aServerThatNeverAnswersIsGivenUpAfterTheStartupTimeAndStopped() throws Exception {
        socket = true;
        select = Script.runsUntilStopped();
        RecordException e = failedStart();
        assertTrue(e.getMessage().startsWith("the server did not accept connections within 3 min (last attempt: "),
                e.getMessage());
        assertTrue(e.getMessage().contains(" -e 'SELECT 1': no answer within "), e.getMessage());
        assertTrue(e.getMessage().contains(" s, stopped): no errors in its log (see "), e.getMessage());
        assertTrue(clock.millis() >= 180_000 && clock.millis() < 185_000, "given up after 3 min: " + clock.millis() + " ms");
        assertEquals("SIGTERM", serverProcess().stoppedBy(), "the server is stopped, not left running");
        assertNamesTheLog(e);
    }

    /** The fakes start a server when nothing goes wrong: what the fault tests depart from. */
    @Test
    void aServerThatAnswersStarts() throws Exception {
        socket = true;
        Server s = ServerChoice.defaults().withBasedir(tree).open(new Machine(processes, clock), Progress.silent());
        try {
            assertTrue(s.alive());
            assertTrue(Files.isRegularFile(Path.of(option(serverProcess().command(), "--datadir="), "mysql/user.frm")),
                    "the shipped data directory was copied");
        } finally {
            s.close();
        }
        assertEquals("SIGTERM", serverProcess().stoppedBy());
    }
}
