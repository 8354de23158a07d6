package io.myflame.ingest.folded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.myflame.ingest.block.BlockReader;
import io.myflame.ingest.error.InputException;
import io.myflame.ingest.fold.FoldedStacks;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * A folded file read by segments, each worker reading its own, gives what the same text read from a
 * pipe gives: the same stacks and warnings (line numbers included), single and differential, however
 * small the segments and however many workers; and a line longer than a segment, blank lines,
 * comments, malformed lines and a last line without its newline among them. A line over 8 MB sends
 * the file through the pipe's reader, which skips it.
 */
class FoldedSegmentsPropertiesTest {
    private static final List<String> LINES = List.of(
            "mariadbd;do_command;dispatch_command;mysql_delete 7",
            "mariadbd;do_command;dispatch_command;mysql_delete;ha_delete_row 3",
            "mariadbd;do_command;dispatch_command 2",
            "mariadbd;start_thread;" + "deep_frame;".repeat(40) + "leaf 5",
            "",
            "# a comment",
            "not folded at all",
            "sysbench;start_thread;libc 1\r");
    private static final List<String> DIFFERENTIAL = List.of(
            "mariadbd;do_command;mysql_delete 7 9",
            "mariadbd;do_command;mysql_update 0 4",
            "mariadbd;do_command 3",
            "");

    @Property(tries = 300)
    void aFoldedFileReadBySegmentsReadsAsFromAPipe(
            @ForAll @Size(min = 1, max = 80) List<@IntRange(min = 0, max = 7) Integer> lines,
            @ForAll boolean lastNewline,
            @ForAll @IntRange(min = 1, max = 300) int segment,
            @ForAll @IntRange(min = 1, max = 3) int threads) throws Exception {
        assertSame(text(LINES, lines, lastNewline), false, segment, threads);
    }

    @Property(tries = 100)
    void aDifferentialFileReadBySegmentsReadsAsFromAPipe(
            @ForAll @Size(min = 1, max = 40) List<@IntRange(min = 0, max = 3) Integer> lines,
            @ForAll boolean lastNewline,
            @ForAll @IntRange(min = 1, max = 200) int segment,
            @ForAll @IntRange(min = 1, max = 3) int threads) throws Exception {
        assertSame(text(DIFFERENTIAL, lines, lastNewline), true, segment, threads);
    }

    @Test
    void aLineLongerThanTheLargestBlockIsSkippedAsFromAPipe() throws Exception {
        String input = LINES.get(0) + "\n" + "t;" + "x".repeat(BlockReader.MAX_BLOCK + 10) + " 1\n" + LINES.get(1) + "\n";
        assertSame(input, false, 4096, 2);
    }

    private static String text(List<String> pool, List<Integer> lines, boolean lastNewline) {
        StringBuilder b = new StringBuilder();
        for (int i : lines) {
            b.append(pool.get(i)).append('\n');
        }
        return lastNewline ? b.toString() : b.substring(0, b.length() - 1);
    }

    private static void assertSame(String input, boolean differential, int segment, int threads) throws Exception {
        byte[] bytes = input.getBytes(StandardCharsets.ISO_8859_1);
        String pipe;
        try {
            pipe = shown(new FoldedTextReader(1).read(new ByteArrayInputStream(bytes), "t", true, differential));
        } catch (InputException e) {
            pipe = "refused: " + e.getMessage();
        }
        Path file = Files.createTempFile("myflame-segments", ".folded");
        String segments;
        try {
            Files.write(file, bytes);
            segments = shown(new FoldedTextReader(threads, segment).fromFile(file)
                    .read(new ByteArrayInputStream(bytes), "t", true, differential));
        } catch (InputException e) {
            segments = "refused: " + e.getMessage();
        } finally {
            Files.delete(file);
        }
        assertEquals(pipe, segments);
    }

    private static String shown(FoldedStacks stacks) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        stacks.writeFolded(out);
        return out.toString(StandardCharsets.ISO_8859_1) + "\u0000" + String.join("\n", stacks.warnings());
    }
}
