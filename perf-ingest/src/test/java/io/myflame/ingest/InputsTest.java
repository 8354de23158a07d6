package io.myflame.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.model.Profile;
import io.myflame.ingest.folded.FoldedReader;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.myflame.ingest.error.InputException;

/** Inputs opened once and told by content: FIFOs, gzip, long first lines, differential and generic folded files. */
class InputsTest {
    static final Path SHAPES = Path.of("src/test/resources/perf-shapes");

    @TempDir
    Path tmp;

    static ProfileLoader loader() {
        return new ProfileLoader(2, false, "perf");
    }

    /** Each thread's comm and its stacks' frames, as text, for comparing two loads. */
    static String describe(Profile p) {
        TreeMap<String, Long> m = new TreeMap<>();
        for (int i = 0; i < p.size(); i++) {
            StringBuilder sb = new StringBuilder(p.thread(i).comm());
            for (int f : p.stack(i)) {
                sb.append(';').append(p.frames().name(f));
            }
            m.merge(sb.toString(), p.weight(i), Long::sum);
        }
        return m.toString();
    }

    @Test
    void foldedFileWhoseFirstLineIsLongerThanTheSniffWindow() throws Exception {
        StringBuilder deep = new StringBuilder("mariadbd");
        while (deep.length() < 200_000) {
            deep.append(";handle_connection_").append(deep.length());
        }
        Path f = tmp.resolve("deep.folded");
        Files.writeString(f, deep + " 7\nmariadbd;do_command 3\n");
        assertEquals(InputKind.FOLDED, InputKind.detect(f));
        Profile p = loader().load(f.toString());
        assertEquals(10, p.totalWeight());
    }

    @Test
    void fifoWithGzipIsDetectedByContent() throws Exception {
        Path folded = tmp.resolve("a.folded");
        Files.writeString(folded, "mariadbd;do_command;dispatch_command 5\nmariadbd;do_command 2\n");
        Path fifo = mkfifo("in.fifo");
        java.lang.Thread writer = feed(fifo, gzip(Files.readAllBytes(folded)));
        Profile fromFifo = loader().load(fifo.toString());
        writer.join();
        assertEquals(describe(loader().load(folded.toString())), describe(fromFifo));
    }

    @Test
    void perfDataThroughFifoAndWithoutCallGraph() throws Exception {
        Path data = SHAPES.resolve("no-callgraph.perf.data");
        FoldedStacks fromFile = loader().fold(data.toString(), FoldOptions.COLLAPSE);
        String text = folded(fromFile);
        // Recorded without -g: every sample is the one-frame stack comm;symbol.
        for (String line : text.split("\n")) {
            assertEquals(2, line.substring(0, line.lastIndexOf(' ')).split(";").length, line);
        }
        Path fifo = mkfifo("data.fifo");
        java.lang.Thread writer = feed(fifo, Files.readAllBytes(data));
        String fromFifo = folded(loader().fold(fifo.toString(), FoldOptions.COLLAPSE));
        writer.join();
        assertEquals(text, fromFifo);
    }

    @Test
    void differentialFoldedIsTwoProfilesAndRefusedAsOne() throws Exception {
        Path f = tmp.resolve("diff.folded");
        Files.writeString(f, "mariadbd;do_command;dispatch_command 5 9\nmariadbd;do_command 2 0\n");
        assertEquals(InputKind.DIFFERENTIAL_FOLDED, InputKind.detect(f));
        ProfileLoader.Loaded d = loader().read(f.toString());
        assertTrue(d.differential());
        assertEquals(7, d.profiles().get(0).totalWeight());
        assertEquals(9, d.profiles().get(1).totalWeight());
        InputException e = assertThrows(InputException.class, () -> loader().load(f.toString()));
        assertTrue(e.getMessage().contains("differential"), e.getMessage());
        Path mixed = tmp.resolve("mixed.folded");
        Files.writeString(mixed, "a;b 5 9\na;c 2\n");
        assertEquals(InputKind.FOLDED, InputKind.detect(mixed));
    }

    @Test
    void foldedRootsStayAsWrittenUnlessAsked() throws Exception {
        Path f = tmp.resolve("threads.folded");
        Files.writeString(f, "Thread-0;run 1\nThread-1;run 2\npool-1-thread-3;run 4\nmysqld-1234;main 8\n");
        Profile whole = loader().load(f.toString());
        assertEquals(List.of("Thread-0", "Thread-1", "mysqld-1234", "pool-1-thread-3"), comms(whole));
        Profile merged = loader().foldedRoot(FoldedReader.Root.NUMBERED_THREAD).load(f.toString());
        assertEquals(List.of("Thread", "mysqld", "pool-1-thread"), comms(merged));
        Profile functions = loader().foldedRoot(FoldedReader.Root.FUNCTION).load(f.toString());
        assertTrue(describe(functions).contains("all;Thread-0;run=1"), describe(functions));
    }

    /**
     * Distinct root labels stay distinct entries, moved over without summing; labels read as one
     * thread (db-07 and db-7: comm db, pid 7) sum the stacks they then share.
     */
    @Test
    void stacksOfRootsReadAsOneThreadAreSummed() throws Exception {
        Path f = tmp.resolve("two-threads.folded");
        Files.writeString(f, "db-07;run 1\ndb-7;run 2\ndb-7;stop 4\ndb-07;run;x 8\n");
        Profile asWritten = loader().load(f.toString());
        assertEquals(4, asWritten.size());
        Profile merged = loader().foldedRoot(FoldedReader.Root.NUMBERED_THREAD).load(f.toString());
        assertEquals(3, merged.size(), describe(merged));
        assertEquals(1, merged.threads().size());
        for (int i = 0; i < merged.size(); i++) {
            String stack = String.join(";", java.util.Arrays.stream(merged.stack(i)).mapToObj(merged.frames()::name).toList());
            long want = switch (stack) {
                case "run" -> 3;
                case "stop" -> 4;
                default -> 8;
            };
            assertEquals(want, merged.weight(i), stack);
            assertEquals(want, merged.samples(i), stack);
        }
        assertEquals(15, merged.totalWeight());
    }

    @Test
    void oneHugeLineIsSkippedNotHeld() throws Exception {
        // 40 MB without a newline, then a real sample: the line is skipped and counted.
        Path f = tmp.resolve("huge.txt");
        try (OutputStream out = Files.newOutputStream(f)) {
            byte[] junk = new byte[1 << 20];
            java.util.Arrays.fill(junk, (byte) 'x');
            for (int i = 0; i < 40; i++) {
                out.write(junk);
            }
            out.write('\n');
            out.write(Files.readAllBytes(SHAPES.resolve("no-callgraph.txt")));
        }
        ProfileLoader l = loader();
        FoldedStacks s = l.fold(f.toString(), FoldOptions.COLLAPSE);
        assertEquals(folded(loader().fold(SHAPES.resolve("no-callgraph.txt").toString(), FoldOptions.COLLAPSE)), folded(s));
        assertTrue(s.warnings().stream().anyMatch(w -> w.contains("longer than 16 MB, the first at " + f + ":1")),
                s.warnings().toString());
    }

    @Test
    void foldedReadBackIsByteIdentical() throws Exception {
        // Our collapse output read back as folded input and written again: the same bytes.
        Path expected = Path.of("src/test/resources/compat/stackcollapse-perf/expected/perf-vertx-stacks-01-collapsed-tid.txt");
        byte[] want = Files.readAllBytes(expected);
        for (int threads : new int[] {1, 3}) {
            FoldedStacks s = new io.myflame.ingest.folded.FoldedTextReader(threads)
                    .read(Files.newInputStream(expected), expected.toString(), true, false);
            assertEquals(new String(want, StandardCharsets.ISO_8859_1), folded(s));
        }
    }

    @Test
    void linesSharingPartOfAFrameWithThePreviousLineAreNotConfused() throws Exception {
        // The reader takes over the previous line's leading frames only when they are equal with their ';'.
        String in = "t;a;bc;d 1\nt;a;bd;e 2\nt;a;b 4\nt;a;b;c 8\nt;a;bb 16\nt;a;bb 32\nt;a;bb;x 64\n";
        FoldedStacks s = new io.myflame.ingest.folded.FoldedTextReader(1)
                .read(new java.io.ByteArrayInputStream(in.getBytes(StandardCharsets.ISO_8859_1)), "x", true, false);
        assertEquals("t;a;b 4\nt;a;b;c 8\nt;a;bb 48\nt;a;bb;x 64\nt;a;bc;d 1\nt;a;bd;e 2\n", folded(s));
    }

    private static List<String> comms(Profile p) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < p.size(); i++) {
            if (!out.contains(p.thread(i).comm())) {
                out.add(p.thread(i).comm());
            }
        }
        out.sort(null);
        return out;
    }

    static String folded(FoldedStacks s) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        s.writeFolded(out);
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    private Path mkfifo(String name) throws Exception {
        Path p = tmp.resolve(name);
        assertEquals(0, new ProcessBuilder("mkfifo", p.toString()).inheritIO().start().waitFor());
        return p;
    }

    private static java.lang.Thread feed(Path fifo, byte[] data) {
        java.lang.Thread t = new java.lang.Thread(() -> {
            try (OutputStream out = Files.newOutputStream(fifo)) {
                out.write(data);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        t.start();
        return t;
    }

    private static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(b);
        }
        return out.toByteArray();
    }
}
