package io.myflame.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.myflame.core.model.Profile;
import io.myflame.core.task.Concurrency;
import io.myflame.ingest.block.BlockReader;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --threads} is honoured by every reader: a run's {@link Concurrency} counts the workers its
 * readers start: with one thread a file is read on the caller's thread alone, with more the same text
 * file is shared among workers, and a perf.data among no more than the threads allowed. The profiles
 * read are the same either way.
 */
class ThreadPolicyTest {
    private static final Path CAPTURE = Path.of("..", "samples", "captures", "mariadb-11.4.5-oltp_delete");

    @TempDir
    Path dir;

    @Test
    void foldedText() throws Exception {
        Path file = dir.resolve("big.folded");
        StringBuilder text = new StringBuilder();
        int i = 0;
        // several segments, so more threads have work to share
        while (text.length() < 3 * BlockReader.BLOCK + 1000) {
            text.append("mariadbd;do_command;f").append(i++ % 5000).append(";leaf ").append(i % 7 + 1).append('\n');
        }
        Files.writeString(file, text, StandardCharsets.ISO_8859_1);
        assertHonoured(file);
    }

    @Test
    void perfScriptText() throws Exception {
        Path file = dir.resolve("perf.script");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(CAPTURE.resolve("perf.script.gz")))) {
            Files.copy(in, file);
        }
        assumeTrue(Files.size(file) > 2L * BlockReader.BLOCK, "a perf script text of several segments");
        assertHonoured(file);
    }

    @Test
    void perfData() throws Exception {
        assumeTrue(new ProcessBuilder("xz", "--version").start().waitFor() == 0, "xz");
        Path file = dir.resolve("perf.data");
        Process xz = new ProcessBuilder("xz", "-dc", CAPTURE.resolve("perf.data.xz").toString())
                .redirectOutput(file.toFile()).start();
        assertEquals(0, xz.waitFor());
        // Its decoding is shared only when one decoder would take long (DecodePace: on a fast machine
        // this capture is read on the caller's thread alone); SharedDecodingTest forces the sharing.
        Concurrency one = Concurrency.of(1);
        Profile serial = new ProfileLoader(one, false, "perf").load(file.toString());
        assertEquals(0, one.workersStarted(), "--threads 1 starts no worker");
        Concurrency four = Concurrency.of(4);
        Profile parallel = new ProfileLoader(four, false, "perf").load(file.toString());
        assertTrue(four.workersStarted() <= 3, "at most three workers beside the caller, not " + four.workersStarted());
        assertEquals(serial.totalWeight(), parallel.totalWeight());
        assertEquals(serial.size(), parallel.size());
    }

    private static void assertHonoured(Path file) throws Exception {
        Concurrency one = Concurrency.of(1);
        Profile serial = new ProfileLoader(one, false, "perf").load(file.toString());
        assertEquals(0, one.workersStarted(), "--threads 1 starts no worker");
        Concurrency four = Concurrency.of(4);
        Profile parallel = new ProfileLoader(four, false, "perf").load(file.toString());
        // up to four parsing at once, then a worker for each half of a merge
        assertTrue(four.workersStarted() > 0 && four.workersStarted() <= 2 * 4,
                "--threads 4 shares the work among workers, not " + four.workersStarted());
        assertEquals(serial.totalWeight(), parallel.totalWeight());
        assertEquals(serial.size(), parallel.size());
    }
}
