package io.myflame.ingest.perfdata;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * elfutils' debuginfod server, started on a free loopback port over one directory of ELF and
 * debug files ({@code -F}, its database in a directory of the test's), stopped by {@link #close}.
 */
final class DebuginfodServer implements AutoCloseable {
    private final Process process;
    private final Path log;
    final String url;

    private DebuginfodServer(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.url = "http://127.0.0.1:" + port;
    }

    /** Serves {@code served}; scanning it takes a moment after the start: see {@link #awaitDebuginfo}. */
    static DebuginfodServer start(Path served, Path work) throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path log = work.resolve("debuginfod.log");
        // -t 0: one scan, no rescans; -g 0: no grooming of the database while the test runs.
        Process p = new ProcessBuilder("debuginfod", "-F", "-p", String.valueOf(port), "-d",
                work.resolve("debuginfod.sqlite").toString(), "-t", "0", "-g", "0", served.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new DebuginfodServer(p, log, port);
    }

    /** Waits until the server has scanned its directory and serves the debuginfo of {@code buildId}. */
    void awaitDebuginfo(String buildId) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest request = HttpRequest.newBuilder(URI.create(url + "/buildid/" + buildId + "/debuginfo"))
                .timeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("debuginfod exited " + process.exitValue() + ":\n" + log());
            }
            try {
                if (http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // Not listening yet.
            }
            Thread.sleep(200);
        }
        throw new AssertionError("debuginfod did not serve " + buildId + " within 60 s:\n" + log());
    }

    String log() throws IOException {
        return Files.readString(log, StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
