package io.myflame.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.ingest.fold.FoldedStacks;
import io.myflame.ingest.folded.FoldedReader;
import io.myflame.ingest.folded.FoldedTextReader;
import io.myflame.ingest.startup.InputsAhead;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folded file read ahead ({@link InputsAhead}), while the command line is parsed, is what the loader would read itself,
 * and is used only for exactly that read: the same file unchanged, the same threads, the same root.
 * The folded stacks are a real capture's ({@code samples/captures/mariadb-11.4.5-oltp_delete-fp}).
 */
class FoldedReadAheadTest {
    @TempDir
    Path dir;

    /** The capture's folded stacks as a plain file. */
    private Path folded() throws IOException {
        return unpacked("stacks.folded.gz", "stacks.folded");
    }

    /** The capture's file {@code gzipped} ungzipped into {@code name}. */
    private Path unpacked(String gzipped, String name) throws IOException {
        Path file = dir.resolve(name);
        try (InputStream in = new GZIPInputStream(Files.newInputStream(PerfReportAgreementTest.captures()
                .resolve("mariadb-11.4.5-oltp_delete-fp").resolve(gzipped)))) {
            Files.copy(in, file);
        }
        return file;
    }

    /** A profile as sorted lines {@code thread;frame;...;leaf weight}, to compare two readings. */
    private static List<String> lines(Profile p) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < p.size(); i++) {
            StringBuilder sb = new StringBuilder(p.thread(i).comm());
            for (int f : p.stack(i)) {
                sb.append(';').append(p.frames().name(f));
            }
            lines.add(sb.append(' ').append(p.weight(i)).toString());
        }
        lines.sort(null);
        return lines;
    }

    private static List<String> readByTheLoader(Path file, int threads, StartedInputs started) throws Exception {
        return lines(new ProfileLoader(threads, false, "perf").started(started).load(file.toString()));
    }

    private static List<String> readByTheLoader(Path file, int threads) throws Exception {
        return readByTheLoader(file, threads, StartedInputs.NONE);
    }

    @Test
    void theReadAheadIsWhatTheLoaderReads() throws Exception {
        Path file = folded();
        List<String> expected = readByTheLoader(file, 1);
        try (InputsAhead run = InputsAhead.start(true, 2, "flamegraph", "-o", file.toString(), "--width", "900",
                file.toString())) {
            FoldedStacks ahead = run.folded(file, file.toString(), true, 2);
            assertNotNull(ahead, "the read ahead of the file named after -o's value");
            List<String> warnings = new ArrayList<>();
            assertEquals(expected, lines(FoldedReader.profile(ahead, ProfileInfo.EMPTY, warnings, FoldedReader.Root.THREAD)));
            assertTrue(expected.size() > 1000, expected.size() + " stacks");
            // taken once: the next read of the file reads it anew
            assertNull(run.folded(file, file.toString(), true, 2));
        }
    }

    @Test
    void theLoaderTakesItAndReadsTheSame() throws Exception {
        Path file = folded();
        List<String> expected = readByTheLoader(file, 1);
        try (InputsAhead run = InputsAhead.start(true, 2, "report", file.toString())) {
            assertEquals(expected, readByTheLoader(file, 2, run));
            assertNull(run.folded(file, file.toString(), true, 2), "the loader took the read ahead");
        }
    }

    @Test
    void anotherReadOfTheFileIsNotServedByIt() throws Exception {
        Path file = folded();
        assertNull(InputsAhead.start(true, 2, "report", file.toString()).folded(file, file.toString(), true, 1), "--threads 1");
        assertNull(InputsAhead.start(true, 2, "report", file.toString()).folded(file, file.toString(), false, 2),
                "--folded-root function");
        InputsAhead run = InputsAhead.start(true, 2, "report", file.toString());
        assertNull(run.folded(dir.resolve("other.folded"), dir.resolve("other.folded").toString(), true, 2));
        // a read not taken is gone: the matching read after it reads anew
        assertNull(run.folded(file, file.toString(), true, 2));
    }

    @Test
    void aFileChangedSinceIsReadAnew() throws Exception {
        Path file = folded();
        InputsAhead run = InputsAhead.start(true, 2, "report", file.toString());
        Files.writeString(file, "mariadbd;main;added 7\n", StandardCharsets.ISO_8859_1, StandardOpenOption.APPEND);
        assertNull(run.folded(file, file.toString(), true, 2));
        assertTrue(readByTheLoader(file, 2).contains("mariadbd;main;added 7"));
    }

    @Test
    void onlyAPlainFoldedFileIsReadAhead() throws Exception {
        Path file = folded();
        Path script = unpacked("perf.script.gz", "perf.script");
        assertNull(InputsAhead.start(true, 2, "report", script.toString(), "-", "--top", "0")
                .folded(script, script.toString(), true, 2), "perf script text");
        assertNull(InputsAhead.start(true, 2, "report", "-o", file.toString()).folded(file, file.toString(), true, 2),
                "an output, not an input");
        assertNull(InputsAhead.start(false, 2, "collapse", file.toString()).folded(file, file.toString(), true, 2),
                "not an analysing command");
    }

    /** Arguments are looked at before they are validated: one that is no file, or no path, is ignored. */
    @Test
    void argumentsThatAreNoFileOrNoPathAreIgnored() throws Exception {
        Path text = Files.writeString(dir.resolve("delete.rows"), "mysql_delete\n  ha_delete_row\n");
        try (InputsAhead run = InputsAhead.start(true, 2, "report", "a\0b", "--top", "-", "/no/such/file",
                dir.toString(), text.toString(), "")) {
            assertNotNull(run.opened(text), "the row file is its reader's, open at its first byte");
        }
    }

    /** A read whose stop is set ends at its next block, whatever it was doing. */
    @Test
    void aStoppedReadEnds() throws Exception {
        Path file = folded();
        try (InputStream in = Files.newInputStream(file)) {
            FoldedTextReader stopped = new FoldedTextReader(2).fromFile(file).stoppedBy(new AtomicBoolean(true));
            assertThrows(CancellationException.class,
                    () -> stopped.read(in, StandardCharsets.ISO_8859_1, file.toString(), true, false));
        }
    }
}
