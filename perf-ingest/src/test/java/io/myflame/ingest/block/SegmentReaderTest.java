package io.myflame.ingest.block;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
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
}
