package io.myflame.ingest.block;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.myflame.core.task.Concurrency;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a file is shared among the workers that read it by segments. */
class SegmentReaderTest {
    /** A worker makes a parser and a segment-sized buffer: a small file gets no more workers than segments. */
    @Test
    void noMoreWorkersThanSegments(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("lines.folded");
        Files.writeString(file, "a;b 1\n".repeat(50), StandardCharsets.ISO_8859_1);   // 300 bytes
        AtomicInteger parsers = new AtomicInteger();
        AtomicInteger lines = new AtomicInteger();
        BlockReader.Merged m = SegmentReader.read(file, SegmentReader.Cut.LINE, Files.size(file), 64, 128,
                new AtomicLong(), () -> {
                    parsers.incrementAndGet();
                    return new BlockParser() {
                        @Override
                        public int parse(byte[] b, int from, int to, int chunk, boolean last) {
                            int n = 0;
                            for (int i = from; i < to; i++) {
                                n += b[i] == '\n' ? 1 : 0;
                            }
                            lines.addAndGet(n);
                            return n;
                        }
                    };
                });
        assertEquals(3, parsers.get(), "300 bytes in segments of 128: three workers");
        assertEquals(50, lines.get(), "every line parsed once");
        assertEquals(51, m.fileLine(3, 1), "the line after the last one");
    }

    /**
     * The head a caller read before (to tell the text's shape) stands in for the file's first bytes,
     * wholly or in part: the units parsed, put back in order, are the file, whatever the head's length.
     */
    @Property(tries = 200)
    void theHeadStandsInForTheFilesFirstBytes(
            @ForAll @StringLength(min = 1, max = 400) String lettersAndNewlines,
            @ForAll @IntRange(min = 0, max = 500) int headLength,
            @ForAll @IntRange(min = 1, max = 64) int segment,
            @ForAll @IntRange(min = 1, max = 3) int threads,
            @ForAll boolean blankLineCut) throws Exception {
        // two letters, so that lines and blank lines come often
        String text = lettersAndNewlines.chars().mapToObj(c -> c % 3 == 0 ? "\n" : c % 3 == 1 ? "a" : "b")
                .reduce("", String::concat);
        Path file = Files.createTempFile("segments", ".txt");
        try {
            byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
            Files.write(file, bytes);
            // the head is the file's start, or all of it (then no byte is read from the file)
            byte[] head = java.util.Arrays.copyOf(bytes, Math.min(headLength, bytes.length));
            ConcurrentSkipListMap<Integer, String> units = new ConcurrentSkipListMap<>();
            AtomicLong counted = new AtomicLong();
            SegmentReader.read(file, blankLineCut ? SegmentReader.Cut.BLANK_LINE : SegmentReader.Cut.LINE, head,
                    bytes.length, Concurrency.of(threads), segment, counted, () -> new BlockParser() {
                        @Override
                        public int parse(byte[] b, int from, int to, int chunk, boolean last) {
                            units.put(chunk, new String(b, from, to - from, StandardCharsets.ISO_8859_1));
                            return 0;
                        }
                    });
            assertEquals(text, String.join("", units.values()));
            assertEquals(bytes.length, counted.get(), "every byte counted once");
        } finally {
            Files.delete(file);
        }
    }

    /**
     * A line too long for a segment sends the caller back to read the file from its start as from a
     * pipe, counting its bytes again: the progress counter is where it was before.
     */
    @Test
    void givingUpTakesBackTheBytesCounted(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("long-line.folded");
        byte[] text = ("a;b 1\n".repeat(400_000) + "c".repeat(BlockReader.MAX_BLOCK / 2 + 10) + " 1\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        Files.write(file, text);
        AtomicLong counted = new AtomicLong(7);
        assertThrows(SegmentReader.Unsegmented.class, () -> SegmentReader.read(file, SegmentReader.Cut.LINE,
                text.length, 2, 1 << 20, counted, () -> new BlockParser() {
                    @Override
                    public int parse(byte[] b, int from, int to, int chunk, boolean last) {
                        return 0;
                    }
                }));
        assertEquals(7, counted.get());
    }
}
