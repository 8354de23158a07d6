package io.myflame.recorder.process;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A small shell process that outlives the JVM by a moment: it is told which children are running
 * and which temporary paths exist, and when its stdin reaches end of file — the JVM is gone, even
 * by SIGKILL, which runs no shutdown hook — it kills those children (and their children) and
 * removes those paths. Without it, {@code kill -9} of {@code myflame record} left {@code perf
 * record -p} running and the server's data directory on disk. A normal exit has already stopped
 * and removed everything, so the guard then finds its lists empty.
 *
 * <p>Each pid comes with its start time (field 22 of {@code /proc/PID/stat}): a child that ended
 * unannounced leaves its pid free for reuse, and the guard must not kill whatever process (or its
 * children) holds that pid by then — another recording's perf, say, whose file would be left
 * without its header.
 */
public final class OrphanGuard {
    /** Reads commands from stdin; at EOF kills what is left and removes what is left. */
    static final String SCRIPT = String.join("\n",
            "trap '' INT TERM HUP",
            "pids=' '",
            "paths=''",
            "while IFS= read -r line; do",
            "  case \"$line\" in",
            "    'pid '*) pids=\"$pids${line#pid } \" ;;",
            "    'forget-pid '*) pids=$(printf '%s' \"$pids\" | sed \"s/ ${line#forget-pid }:[0-9]* / /g\") ;;",
            "    'path '*) paths=\"$paths${line#path }",
            "\" ;;",
            "    'forget-path '*) paths=$(printf '%s' \"$paths\" | grep -vxF -- \"${line#forget-path }\"; echo x)",
            "      paths=\"${paths%x}\" ;;",
            "  esac",
            "done",
            "for t in $pids; do",
            "  p=${t%%:*}",
            "  now=$(sed 's/.*) //' /proc/$p/stat 2>/dev/null | cut -d' ' -f20)",
            "  [ -n \"$now\" ] && [ \"$now\" = \"${t#*:}\" ] || continue",
            "  pkill -KILL -P \"$p\" 2>/dev/null; kill -KILL \"$p\" 2>/dev/null",
            "done",
            "printf '%s' \"$paths\" | while IFS= read -r f; do [ -n \"$f\" ] && rm -rf -- \"$f\"; done",
            "");

    private static OrphanGuard instance;
    private static boolean failed;

    private final Process shell;
    private final OutputStream commands;

    private OrphanGuard(Process shell) {
        this.shell = shell;
        this.commands = shell.getOutputStream();
    }

    /** The guard, started on first use; null when no shell could be started (then only hooks clean up). */
    static synchronized OrphanGuard get() {
        if (instance == null && !failed) {
            try {
                Process p = new ProcessBuilder("sh", "-c", SCRIPT)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                instance = new OrphanGuard(p);
            } catch (IOException e) {
                failed = true;
            }
        }
        return instance;
    }

    /** The guard kills {@code pid} (and its children) if the JVM dies while it runs. */
    public static void killOnExit(long pid) {
        String started = startTime(pid);
        if (started != null) {
            send("pid " + pid + ":" + started);
        }
    }

    /** Field 22 of /proc/PID/stat (after the parenthesised command, which may hold spaces); null when gone. */
    static String startTime(long pid) {
        try {
            String stat = java.nio.file.Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return fields.length > 19 ? fields[19] : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    public static void forget(long pid) {
        send("forget-pid " + pid);
    }

    /** The guard removes {@code path} (a file or a tree) if the JVM dies before it is released. */
    public static void removeOnExit(Path path) {
        send("path " + path.toAbsolutePath());
    }

    public static void forget(Path path) {
        send("forget-path " + path.toAbsolutePath());
    }

    /** The guard's own pid, for tests; -1 when it is not running. */
    public static long pid() {
        OrphanGuard g = get();
        return g == null ? -1 : g.shell.pid();
    }

    private static void send(String line) {
        if (line.indexOf('\n') >= 0) {
            return;
        }
        OrphanGuard g = get();
        if (g == null) {
            return;
        }
        synchronized (g) {
            try {
                g.commands.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                g.commands.flush();
            } catch (IOException e) {
                // The guard is gone; shutdown hooks still clean up on SIGINT and SIGTERM.
            }
        }
    }
}
