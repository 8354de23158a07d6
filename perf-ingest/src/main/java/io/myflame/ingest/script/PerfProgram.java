package io.myflame.ingest.script;

import io.myflame.core.task.Concurrency;
import io.myflame.ingest.error.InputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The program {@code --perf} names, checked before it is given a perf.data: it must answer
 * {@code PROG --version} with {@code perf version ...} within a few seconds. A program that hangs,
 * prints without end ({@code yes}) or is not perf at all would otherwise hang the read or feed
 * the parser garbage for ever; a directory or a crash is said in words, not as an exit value.
 */
public final class PerfProgram {
    /** perf answers --version in milliseconds; a program silent this long is not perf. */
    private static final long VERSION_SECONDS = Long.getLong("myflame.perf.version.seconds", 15);
    /** perf's answer is one short line. */
    private static final int MAX_ANSWER = 4096;

    private PerfProgram() {
    }

    /** Throws a one-line error naming {@code program} unless it answers as perf does. */
    public static void check(String program, Path data) throws InputException {
        Path resolved = Executables.resolve(program);
        if (resolved == null) {
            Path p = Path.of(program);
            String why = program.contains("/") && Files.isDirectory(p) ? "is a directory, not a program"
                    : program.contains("/") && Files.exists(p) ? "is not executable" : "not found";
            throw new InputException("cannot read " + data + ": '" + program + "' " + why
                    + " (install perf with: apt-get install linux-perf, or pass perf script text instead)");
        }
        String answer = versionAnswer(program, data);
        if (!answer.startsWith("perf version")) {
            throw new InputException("cannot read " + data + ": '" + program + "' is not perf ('" + program
                    + " --version' answered " + (answer.isEmpty() ? "nothing" : "'" + firstLine(answer) + "'") + ")");
        }
    }

    private static String versionAnswer(String program, Path data) throws InputException {
        Process p;
        try {
            p = new ProcessBuilder(program, "--version").redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        } catch (IOException e) {
            throw new InputException("cannot read " + data + ": cannot run '" + program + "': " + e.getMessage());
        }
        InputStream out = p.getInputStream();
        byte[] head = new byte[MAX_ANSWER];
        int[] got = {0};
        // Read on a thread of its own: a program that prints nothing blocks the read until it is killed.
        Thread reader = Concurrency.helper("myflame-perf-version", () -> {
            try {
                got[0] = out.readNBytes(head, 0, head.length);
            } catch (IOException e) {
                // killed below; what it said so far is kept
            }
        });
        try {
            if (!p.waitFor(VERSION_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                reader.join(1000);
                throw new InputException("cannot read " + data + ": '" + program + " --version' did not finish within "
                        + VERSION_SECONDS + " s (" + (got[0] == head.length ? "it prints without end" : "it hangs")
                        + "); --perf must name perf");
            }
            reader.join(TimeUnit.SECONDS.toMillis(VERSION_SECONDS));
            if (p.exitValue() != 0) {
                throw new InputException("cannot read " + data + ": '" + program + " --version' "
                        + ExitStatus.describe(p.exitValue()));
            }
            return new String(head, 0, got[0], StandardCharsets.UTF_8).strip();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InputException("interrupted while '" + program + " --version' ran");
        } finally {
            p.destroyForcibly();
        }
    }

    private static String firstLine(String s) {
        String line = s.lines().findFirst().orElse("");
        return line.length() > 80 ? line.substring(0, 80) + "..." : line;
    }
}
