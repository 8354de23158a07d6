package io.myflame.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the built {@code cli/target/myflame.jar} as a real process, the way users run it. */
final class Myflame {
    /** What one run printed and returned. */
    record Result(int exit, String out, String err) {
        /** stderr must be human lines: never a Java stack trace. */
        boolean hasStackTrace() {
            return err.contains("\tat ") || err.contains("Exception in thread") || err.matches("(?s).*\\bat [a-z]+\\..*\\(.*");
        }
    }

    static Path jar() {
        Path jar = Path.of("target/myflame.jar").toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("run after package: " + jar + " is missing");
        }
        return jar;
    }

    static Path samples() {
        return Path.of(System.getProperty("myflame.samples", "../samples"));
    }

    /** The compatibility suite, kept in perf-ingest's test resources. */
    static Path compat() {
        return Path.of(System.getProperty("myflame.compat", "../perf-ingest/src/test/resources/compat"));
    }

    static Result run(String... args) throws IOException, InterruptedException {
        return runWithStdin(null, args);
    }

    static Result runWithStdin(Path stdin, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("java", "-jar", jar().toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
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

    private static java.util.concurrent.CompletableFuture<String> readAsync(InputStream in) {
        return java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }
}
