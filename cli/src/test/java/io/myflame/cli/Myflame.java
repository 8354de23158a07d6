package io.myflame.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Runs the built {@code cli/target/myflame.jar} as a real process, the way users run it: to the end
 * ({@link #run}), or in the background with stdout and stderr in files a test reads while it runs
 * ({@link #start}). The one place tests start the jar.
 */
final class Myflame {
    private Myflame() {
    }

    /** What one run printed and returned. */
    record Result(int exit, String out, String err) {
        /** stderr must be human lines: never a Java stack trace. */
        boolean hasStackTrace() {
            return err.contains("\tat ") || err.contains("Exception in thread") || err.matches("(?s).*\\bat [a-z]+\\..*\\(.*");
        }
    }

    /** This module's jar, or {@code -Dmyflame.jar=PATH} (e.g. an older build, to see a new test fail on it). */
    static Path jar() {
        Path jar = Path.of(System.getProperty("myflame.jar", "target/myflame.jar")).toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("run after package: " + jar + " is missing");
        }
        return jar;
    }

    /** {@code java [jvmFlags] -jar myflame.jar args}, with the JVM running these tests. */
    static List<String> command(List<String> jvmFlags, String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(jvmFlags);
        cmd.addAll(List.of("-jar", jar().toString()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** A bundled capture's perf.data, unpacked from its perf.data.xz into {@code to}. */
    static Path unpackedPerfData(String capture, Path to) throws Exception {
        Path xz = samples().resolve("captures").resolve(capture).resolve("perf.data.xz").toAbsolutePath();
        Process p = new ProcessBuilder("xz", "-dc", xz.toString()).redirectOutput(to.toFile()).start();
        org.junit.jupiter.api.Assertions.assertTrue(p.waitFor(1, java.util.concurrent.TimeUnit.MINUTES)
                && p.exitValue() == 0, "xz -dc " + xz);
        return to;
    }

    static Path samples() {
        return Path.of(System.getProperty("myflame.samples", "../samples"));
    }

    /** The compatibility suite, kept in perf-ingest's test resources. */
    static Path compat() {
        return Path.of(System.getProperty("myflame.compat", "../perf-ingest/src/test/resources/compat"));
    }

    static Result run(String... args) throws IOException, InterruptedException {
        return runIn(null, null, args);
    }

    static Result runWithStdin(Path stdin, String... args) throws IOException, InterruptedException {
        return runIn(null, stdin, args);
    }

    /** Runs in working directory {@code cwd} (null: this module's), stdin from {@code stdin} (null: empty). */
    static Result runIn(Path cwd, Path stdin, String... args) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command(List.of(), args));
        if (cwd != null) {
            pb.directory(cwd.toFile());
        }
        if (stdin != null) {
            pb.redirectInput(stdin.toFile());
        }
        Process p = pb.start();
        if (stdin == null) {
            p.getOutputStream().close();
        }
        var out = readAsync(p.getInputStream());
        var err = readAsync(p.getErrorStream());
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException("myflame " + String.join(" ", args) + " did not finish");
        }
        return new Result(p.exitValue(), out.join(), err.join());
    }

    /**
     * Runs as another (unprivileged) user through {@code runuser}, which needs root: write
     * protection is only seen by a user that root's privileges do not cover.
     */
    static Result runAs(String user, String... args) throws IOException, InterruptedException {
        return runAs(user, Map.of(), args);
    }

    /** {@link #runAs(String, String...)} with {@code env} added to the environment (runuser keeps it). */
    static Result runAs(String user, Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("runuser", "-u", user, "--"));
        cmd.addAll(command(List.of(), args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        var out = readAsync(p.getInputStream());
        var err = readAsync(p.getErrorStream());
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException("myflame " + String.join(" ", args) + " did not finish");
        }
        return new Result(p.exitValue(), out.join(), err.join());
    }

    /** Runs in {@code cwd} with stdout written to {@code stdout} (as the shell's {@code > FILE}); out is then empty. */
    static Result runTo(Path cwd, Path stdout, String... args) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command(List.of(), args)).directory(cwd.toFile())
                .redirectOutput(ProcessBuilder.Redirect.appendTo(stdout.toFile())).start();
        p.getOutputStream().close();
        var err = readAsync(p.getErrorStream());
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException("myflame " + String.join(" ", args) + " did not finish");
        }
        return new Result(p.exitValue(), "", err.join());
    }

    private static CompletableFuture<String> readAsync(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    /** Starts a run in the background, stdout and stderr going to files under {@code logs}. */
    static Running start(Path logs, Map<String, String> env, String... args) throws IOException {
        Files.createDirectories(logs);
        Path out = logs.resolve("stdout.txt");
        Path err = logs.resolve("stderr.txt");
        ProcessBuilder pb = new ProcessBuilder(command(List.of(), args)).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().putAll(env);
        return new Running(pb.start(), out, err);
    }

    static Running start(Path logs, String... args) throws IOException {
        return start(logs, Map.of(), args);
    }

    /**
     * Polls {@code condition} every 100 ms until it holds or {@code seconds} pass; true if it held.
     * Tests wait for a condition this way, never for a fixed time.
     */
    static boolean await(BooleanSupplier condition, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(100);
        }
        return condition.getAsBoolean();
    }

    /** A run in the background. */
    record Running(Process process, Path stdout, Path stderr) {
        int waitFor(long seconds) throws InterruptedException {
            if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("myflame did not finish within " + seconds + " s");
            }
            return process.exitValue();
        }

        String out() throws IOException {
            return Files.readString(stdout);
        }

        String err() throws IOException {
            return Files.readString(stderr);
        }

        /** Waits until stderr contains {@code text}; false if the process ended first or time ran out. */
        boolean awaitStderr(String text, long seconds) throws InterruptedException {
            await(() -> !process.isAlive() || errContains(text), seconds);
            return errContains(text);
        }

        private boolean errContains(String text) {
            try {
                return err().contains(text);
            } catch (IOException e) {
                return false;
            }
        }
    }
}
