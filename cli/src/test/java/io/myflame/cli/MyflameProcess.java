package io.myflame.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The shaded jar run as a real process, its stdout and stderr in files the test can read while it runs. */
final class MyflameProcess {
    static final Path JAR = Path.of("target/myflame.jar").toAbsolutePath();

    final Process process;
    final Path stdout;
    final Path stderr;

    private MyflameProcess(Process process, Path stdout, Path stderr) {
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    static MyflameProcess start(Path logs, Map<String, String> env, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", JAR.toString()));
        cmd.addAll(List.of(args));
        Files.createDirectories(logs);
        Path out = logs.resolve("stdout.txt");
        Path err = logs.resolve("stderr.txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().putAll(env);
        return new MyflameProcess(pb.start(), out, err);
    }

    static MyflameProcess start(Path logs, String... args) throws IOException {
        return start(logs, Map.of(), args);
    }

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
    boolean awaitStderr(String text, long seconds) throws Exception {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (err().contains(text)) {
                return true;
            }
            if (!process.isAlive()) {
                return err().contains(text);
            }
            Thread.sleep(100);
        }
        return false;
    }
}
