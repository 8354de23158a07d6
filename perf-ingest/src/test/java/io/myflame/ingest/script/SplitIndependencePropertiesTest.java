package io.myflame.ingest.script;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;

/**
 * Parallel output equals serial output: however a real capture is cut into blocks and however
 * many workers fold it, the folded stacks are byte-identical.
 */
class SplitIndependencePropertiesTest {
    /** The bytes of the capture's first samples that the segmentation property reads. */
    private static final int HEAD = 300_000;
    private static byte[] capture;
    private static String serial;
    private static byte[] head;
    private static String serialHead;

    private static synchronized void load() throws Exception {
        if (capture == null) {
            Path gz = Path.of(System.getProperty("myflame.samples", "../samples"))
                    .resolve("captures/mariadb-10.11-oltp_delete/perf.script.gz");
            try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
                capture = in.readAllBytes();
            }
            serial = fold(FoldOptions.COLLAPSE, 1, PerfScriptReader.BLOCK);
            head = Arrays.copyOf(capture, headEnd(capture, HEAD));
            serialHead = fold(head, FoldOptions.COLLAPSE, 1, PerfScriptReader.BLOCK);
        }
    }

    /** Where the last sample that ends within the first {@code max} bytes ends (after its blank line). */
    private static int headEnd(byte[] text, int max) {
        for (int i = Math.min(max, text.length) - 1; i > 0; i--) {
            if (text[i] == '\n' && text[i - 1] == '\n') {
                return i + 1;
            }
        }
        throw new IllegalStateException("no blank line in the capture's first " + max + " bytes");
    }

    private static String fold(FoldOptions options, int threads, int block) throws Exception {
        return fold(capture, options, threads, block);
    }

    private static String fold(byte[] text, FoldOptions options, int threads, int block) throws Exception {
        return folded(new PerfScriptReader(options, threads, block).read(new ByteArrayInputStream(text), "capture"));
    }

    private static String folded(FoldedStacks s) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        s.writeFolded(out);
        return out.toString(java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    @Property(tries = 25)
    void anySplitGivesTheSameStacks(@ForAll @IntRange(min = 1, max = 6) int threads,
                                    @ForAll @IntRange(min = 300, max = 2_000_000) int block) throws Exception {
        load();
        assertEquals(serial, fold(FoldOptions.COLLAPSE, threads, block));
    }

    /**
     * Read as a file, by workers that each read their own segments, whatever their size: from one byte to
     * more than the file. The file is the capture's first samples ({@link #HEAD}): a segment costs a read
     * however small it is, and over the whole 6.9 MB capture this property took 54 s of every test run
     * (2.6 s for the class now). The sizes go a third past the file, so most tries cut it.
     */
    @Property(tries = 15)
    void anySegmentationGivesTheSameStacks(@ForAll @IntRange(min = 1, max = 4) int threads,
                                           @ForAll @IntRange(min = 1, max = HEAD * 4 / 3) int segment) throws Exception {
        load();
        Path file = Files.createTempFile("myflame-segments", ".script");
        try {
            Files.write(file, head);
            assertEquals(serialHead, folded(new PerfScriptReader(FoldOptions.COLLAPSE, threads, segment).read(file,
                    new ByteArrayInputStream(head), "capture")));
        } finally {
            Files.delete(file);
        }
    }

    @Property(tries = 5)
    void threadRootsSplitTheSameWay(@ForAll @IntRange(min = 2, max = 4) int threads,
                                    @ForAll @IntRange(min = 1000, max = 100_000) int block) throws Exception {
        load();
        assertEquals(fold(FoldOptions.ANALYSIS, 1, PerfScriptReader.BLOCK), fold(FoldOptions.ANALYSIS, threads, block));
    }

}
