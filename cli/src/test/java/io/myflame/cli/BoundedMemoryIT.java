package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * Streaming with bounded memory: 2 GB of real perf script text piped into {@code collapse -}
 * folds in a JVM whose heap is capped at 96 MB, and every weight comes out as many times that of
 * one copy as there were copies.
 */
class BoundedMemoryIT {
    static final long TOTAL = 2_050_000_000L;

    @Test
    void twoGigabytesFoldInA96MegabyteHeap() throws Exception {
        byte[] capture;
        Path gz = Myflame.samples().resolve("captures/mariadb-10.11-oltp_delete/perf.script.gz");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            capture = in.readAllBytes();
        }
        int copies = (int) (TOTAL / capture.length + 1);
        Process p = new ProcessBuilder(Myflame.command(java.util.List.of("-Xmx96m"), "collapse", "-")).start();
        CompletableFuture<Void> feed = CompletableFuture.runAsync(() -> {
            try (OutputStream out = p.getOutputStream()) {
                for (int i = 0; i < copies; i++) {
                    out.write(capture);
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "collapse of 2 GB did not finish");
        feed.join();
        assertEquals(0, p.exitValue(), err.join());
        assertTrue((long) capture.length * copies > 2_000_000_000L);

        Myflame.Result once = Myflame.run("collapse", gz.toString());
        String[] many = out.join().split("\n");
        String[] one = once.out().split("\n");
        assertEquals(one.length, many.length);
        for (int i = 0; i < one.length; i++) {
            long w1 = Long.parseLong(one[i].substring(one[i].lastIndexOf(' ') + 1));
            long wn = Long.parseLong(many[i].substring(many[i].lastIndexOf(' ') + 1));
            assertEquals(one[i].substring(0, one[i].lastIndexOf(' ')), many[i].substring(0, many[i].lastIndexOf(' ')));
            assertEquals(w1 * copies, wn, one[i]);
        }
    }

    private static String read(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
