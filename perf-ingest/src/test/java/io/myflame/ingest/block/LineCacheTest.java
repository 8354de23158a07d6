package io.myflame.ingest.block;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The lines a cache expects after a line, matched several at once ({@link LineCache#follow(int, byte[], int, int, LineRun)}). */
class LineCacheTest {
    private final LineCache cache = new LineCache();

    /** Caches the lines in order, each followed by the next, and returns their entries. */
    private int[] seen(String... lines) {
        int[] e = new int[lines.length];
        for (int i = 0; i < lines.length; i++) {
            byte[] b = bytes(lines[i]);
            e[i] = cache.put(b, 0, b.length, ByteScan.hashRange(b, 0, b.length), new int[] {100 + i});
            if (i > 0) {
                cache.follow(e[i - 1], e[i]);
            }
        }
        return e;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void theLinesThatFollowedLastTimeMatchAtOnce() {
        int[] e = seen("  a+0x1 (/x)", "  b+0x2 (/x)", "  c+0x3 (/x)");
        LineRun run = new LineRun();
        byte[] input = bytes("  b+0x2 (/x)\n  c+0x3 (/x)\n\nnext");
        assertEquals(2, cache.follow(e[0], input, 0, input.length, run));
        assertEquals(e[1], run.entry(0));
        assertEquals(101, run.single(0));
        assertEquals(13, run.end(0));
        assertEquals(e[2], run.entry(1));
        assertEquals(26, run.end(1));
    }

    @Test
    void aRunStopsAtTheFirstLineThatDiffers() {
        int[] e = seen("  a+0x1 (/x)", "  b+0x2 (/x)", "  c+0x3 (/x)");
        LineRun run = new LineRun();
        byte[] input = bytes("  b+0x2 (/x)\n  c+0x4 (/x)\n");
        assertEquals(1, cache.follow(e[0], input, 0, input.length, run));
        byte[] other = bytes("  b+0x5 (/x)\n  c+0x3 (/x)\n");
        assertEquals(0, cache.follow(e[0], other, 0, other.length, run));
    }

    /** A line matches only with the newline that ends it, and only inside the chunk, whatever lies after its end. */
    @Test
    void aLineMatchesOnlyWithItsNewlineInsideTheChunk() {
        int[] e = seen("  a+0x1 (/x)", "  b+0x2 (/x)", "  c+0x3 (/x)");
        LineRun run = new LineRun();
        byte[] input = bytes("  b+0x2 (/x)\n  c+0x3 (/x)\n");
        // the chunk ends before c's newline, which lies in the array beyond it
        assertEquals(1, cache.follow(e[0], input, 0, input.length - 1, run));
        byte[] longer = bytes("  b+0x2 (/x)  \n");
        assertEquals(0, cache.follow(e[0], longer, 0, longer.length, run));
    }

    /** Lines cached apart (not one after the other) are matched one run each. */
    @Test
    void linesNotSideBySideAreSeparateRuns() {
        int[] e = seen("  a+0x1 (/x)", "  b+0x2 (/x)");
        byte[] c = bytes("  c+0x3 (/x)");
        byte[] unrelated = bytes("  z+0x9 (/x)");
        cache.put(unrelated, 0, unrelated.length, ByteScan.hashRange(unrelated, 0, unrelated.length), new int[] {9});
        int ce = cache.put(c, 0, c.length, ByteScan.hashRange(c, 0, c.length), new int[] {102});
        cache.follow(e[1], ce);
        LineRun run = new LineRun();
        byte[] input = bytes("  b+0x2 (/x)\n  c+0x3 (/x)\n");
        assertEquals(1, cache.follow(e[0], input, 0, input.length, run));
        assertEquals(1, cache.follow(e[1], input, 13, input.length, run));
        assertEquals(ce, run.entry(0));
        // the line cached between b and c is not the one expected after b, though it lies there
        byte[] between = bytes("  b+0x2 (/x)\n  z+0x9 (/x)\n");
        assertEquals(1, cache.follow(e[0], between, 0, between.length, run));
    }
}
