package io.myflame.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.myflame.recorder.progress.Progress;
import io.myflame.recorder.process.ChildProcesses;
import io.myflame.recorder.process.Clock;
import io.myflame.recorder.process.Machine;
import io.myflame.recorder.server.BinaryTree;
import io.myflame.recorder.server.SqlClient;
import io.myflame.recorder.server.ThrowawayServer;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What recording tests need from the machine: perf, sysbench, a MariaDB/MySQL server and the right
 * to profile. Tests skip with the missing part named — only when it truly is missing (scripts/test
 * installs everything on CI).
 */
final class RealParts {
    private RealParts() {
    }

    static void assumeRecordingPossible() {
        List<String> missing = new ArrayList<>();
        for (String tool : List.of("perf", "sysbench")) {
            if (find(tool) == null) {
                missing.add(tool);
            }
        }
        if (find("mariadbd") == null && find("mysqld") == null) {
            missing.add("mariadbd or mysqld");
        }
        if (!"root".equals(System.getProperty("user.name")) && paranoid() > 1) {
            missing.add("root or kernel.perf_event_paranoid <= 1");
        }
        assumeTrue(missing.isEmpty(), "recording test skipped: missing " + String.join(", ", missing)
                + " (scripts/setup-system installs them)");
    }

    /**
     * A throwaway server of the system's MariaDB with a user {@code 'bench'@'localhost'} who may
     * do anything and whose password is {@code secret}: what {@code record --user --password-env}
     * tests connect with.
     */
    static ThrowawayServer serverWithBenchUser(ChildProcesses children, String secret) throws Exception {
        ThrowawayServer server = ThrowawayServer.start(BinaryTree.system(children), List.of(), null,
                new Machine(children, Clock.SYSTEM), Progress.silent());
        try {
            SqlClient root = new SqlClient(SqlClient.findClient(null, children), server.endpoint(), children);
            root.query("CREATE USER 'bench'@'localhost' IDENTIFIED BY '" + secret + "'");
            root.query("GRANT ALL ON *.* TO 'bench'@'localhost'");
            return server;
        } catch (Exception | Error e) {
            server.close();
            throw e;
        }
    }

    static String find(String name) {
        List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
        dirs.addAll(List.of("/usr/sbin", "/sbin", "/usr/local/sbin"));
        for (String d : dirs) {
            Path p = Path.of(d.isEmpty() ? "." : d, name);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }

    private static int paranoid() {
        // A line, not Files.readString: that reads 1 byte, then asks for more, and an integer sysctl answers
        // a read past its first byte with nothing ("-1" read as "-").
        try (var in = Files.newBufferedReader(Path.of("/proc/sys/kernel/perf_event_paranoid"))) {
            return Integer.parseInt(in.readLine().strip());
        } catch (Exception e) {
            return 3;
        }
    }

    /** Command lines of live processes containing {@code needle}, other than this JVM. */
    static List<String> processesMentioning(String needle) {
        long self = ProcessHandle.current().pid();
        return ProcessHandle.allProcesses()
                .filter(h -> h.pid() != self && h.isAlive())
                .map(h -> h.pid() + " " + cmdline(h.pid()))
                .filter(c -> c.contains(needle))
                .collect(Collectors.toList());
    }

    /** /proc/PID/cmdline: ProcessHandle.Info may truncate or omit arguments. */
    private static String cmdline(long pid) {
        try {
            return Files.readString(Path.of("/proc/" + pid + "/cmdline")).replace('\0', ' ');
        } catch (Exception e) {
            return "";
        }
    }
}
