package io.myflame.recorder.perf;

import io.myflame.recorder.error.RecordException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether this user may attach perf to a process, and what to do when not: the kernel's
 * {@code perf_event_paranoid} level and the owner of the target process decide.
 */
public final class PerfPermissions {
    static final Path PARANOID = Path.of("/proc/sys/kernel/perf_event_paranoid");

    private PerfPermissions() {
    }

    /**
     * Fails early when perf may not record the server, as anyone but root: when the server belongs to
     * someone else (either way: on every CPU perf may sample it when the kernel allows, but without
     * reading its mappings, which synthesise its mmaps, every frame comes out unnamed and every stack
     * cut: 100 % truncated, 58 % unknown as nobody on a root server); on every CPU ({@code everyCpu})
     * when {@code perf_event_paranoid} is above 0; attached, when it is above 2.
     */
    public static void check(long pid, boolean everyCpu) throws RecordException {
        if (isRoot()) {
            return;
        }
        try {
            String owner = Files.getOwner(Path.of("/proc/" + pid)).getName();
            String me = System.getProperty("user.name");
            if (!owner.equals(me)) {
                throw new RecordException("no permission to attach perf to pid " + pid + ": it runs as " + owner
                        + ", we run as " + me + " — run myflame as root (sudo)"
                        + (owner.equals("root") ? "" : " or as " + owner));
            }
        } catch (IOException e) {
            throw new RecordException("no process " + pid + " to attach perf to");
        }
        if (everyCpu) {
            String refusal = everyCpuRefusal();
            if (refusal != null) {
                throw new RecordException(refusal);
            }
            return;
        }
        int level = paranoid();
        if (level > 2) {
            throw new RecordException("perf_event_paranoid is " + level + ", which forbids perf for non-root users: "
                    + "run 'sudo sysctl kernel.perf_event_paranoid=1' or run myflame as root");
        }
    }

    /**
     * Whether perf may sample every CPU here ({@code perf record -a}): as root, or where
     * {@code perf_event_paranoid} is 0 or less. record's default where it may (docs/recording.md).
     */
    public static boolean everyCpuAllowed() {
        if (isRoot()) {
            return true;
        }
        Integer level = paranoidLevel();
        return level != null && level <= 0;
    }

    /** Why perf may not sample every CPU here, with the fix; null when it may. */
    public static String everyCpuRefusal() {
        return everyCpuAllowed() ? null : "perf may not sample every CPU here (perf_event_paranoid is " + paranoid()
                + "): run myflame as root, run 'sudo sysctl kernel.perf_event_paranoid=0', or give "
                + "--no-system-wide to attach perf to the server's threads";
    }

    /** Turns what a perf that quit at once said into a message with the fix. */
    static RecordException explain(String perfSaid, long pid, int exit) {
        String said = perfSaid.lines().map(String::strip).filter(l -> !l.isEmpty()).limit(2)
                .reduce((a, b) -> a + " / " + b).orElse("exit " + exit);
        if (perfSaid.contains("perf_event_paranoid")) {
            return new RecordException("perf may not sample here (perf_event_paranoid is " + paranoid()
                    + "): run 'sudo sysctl kernel.perf_event_paranoid=1' or run myflame as root");
        }
        if (perfSaid.contains("No permission") || perfSaid.contains("Permission denied")
                || perfSaid.contains("Operation not permitted")) {
            return new RecordException("no permission to attach perf to pid " + pid
                    + ": run myflame as root or as the server's user (perf says: " + said + ")");
        }
        if (perfSaid.contains("No such process") || perfSaid.contains("not exist")) {
            return new RecordException("the server (pid " + pid + ") is gone: perf could not attach");
        }
        if (perfSaid.contains("not supported") || perfSaid.contains("event syntax error")) {
            return new RecordException("perf cannot record that event here: " + said
                    + " (see 'perf list'; on a VM try --event cpu-clock)");
        }
        return new RecordException("perf record stopped at once: " + said);
    }

    static int paranoid() {
        Integer level = paranoidLevel();
        return level == null ? -1 : level;
    }

    /**
     * The kernel's {@code perf_event_paranoid}, or null when it cannot be read. Read a line, not the
     * file: {@code Files.readString} of a file whose size says 0 reads 1 byte first, and an integer
     * sysctl answers a read past its first byte with nothing ("-1" came back as "-").
     */
    private static Integer paranoidLevel() {
        try (var in = Files.newBufferedReader(PARANOID)) {
            String line = in.readLine();
            return line == null ? null : Integer.valueOf(line.strip());
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }

    static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }
}
