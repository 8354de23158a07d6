package io.myflame.ingest.script;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.myflame.ingest.block.BlockReader;
import io.myflame.ingest.error.InputException;
import io.myflame.ingest.fold.FoldOptions;
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
 * A file read by segments, each worker reading its own ({@link io.myflame.ingest.block.SegmentReader}),
 * folds exactly as the same text read from a pipe: the same stacks and the same warnings, line numbers
 * included, however small the segments and however many workers; with samples longer than a segment,
 * runs of blank lines, comments, malformed lines, a last line without its newline and a last sample cut
 * short. Text that cannot be read by segments (samples of one line each, a sample longer than
 * {@link BlockReader#MAX_BLOCK}) is read as from a pipe.
 */
class SegmentedReadingPropertiesTest {
    private static final List<String> HEADERS = List.of(
            "mariadbd 16832  4184.862958:    2004008 cpu-clock: ",
            "mariadbd 16865  4185.176866:    1000 cpu-clock: ",
            "sysbench 900 [001]  4185.2:    250000 cpu-clock:ppp: ");
    private static final List<String> LINES = List.of(
            "\t    55d5c0a1b2c3 do_command+0x12 (/usr/sbin/mariadbd)",
            "\t    55d5c0a1b2c4 dispatch_command+0x7f3 (/usr/sbin/mariadbd)",
            "\t           891f4 start_thread+0x304 (/usr/lib/x86_64-linux-gnu/libc.so.6)",
            "\t               0 [unknown] ([unknown])",
            "\t    55d5c0a1b2c3 do_com",
            "# a comment",
            "\t    55d5c0a1b2c3 do_command+0x12 (/usr/sbin/mariadbd)  ");
    /** What ends a sample: one blank line, or more. */
    private static final List<String> ENDS = List.of("\n", "\n", "\n\n", "\n\n\n");

    @Property(tries = 300)
    void aFileReadBySegmentsFoldsAsFromAPipe(
            @ForAll @Size(min = 1, max = 30) List<@IntRange(min = 0, max = 2) Integer> headers,
            @ForAll @Size(min = 1, max = 60) List<@IntRange(min = 0, max = 6) Integer> lines,
            @ForAll @Size(min = 1, max = 30) List<@IntRange(min = 0, max = 3) Integer> ends,
            @ForAll @IntRange(min = 1, max = 12) int perSample,
            @ForAll @IntRange(min = 0, max = 2) int lastCut,
            @ForAll @IntRange(min = 1, max = 300) int segment,
            @ForAll @IntRange(min = 1, max = 3) int threads) throws Exception {
        StringBuilder text = new StringBuilder();
        int next = 0;
        for (int s = 0; s < headers.size(); s++) {
            text.append(HEADERS.get(headers.get(s))).append('\n');
            for (int i = 0; i < perSample; i++) {
                text.append(LINES.get(lines.get(next++ % lines.size()))).append('\n');
            }
            text.append(ENDS.get(ends.get(s % ends.size())));
        }
        // 0: as written; 1: without the last newlines; 2: cut in the middle of the last line
        String input = text.toString();
        if (lastCut == 1) {
            input = input.stripTrailing();
        } else if (lastCut == 2) {
            input = input.stripTrailing();
            input = input.substring(0, input.length() - 5);
        }
        assertEquals(fromPipe(input), fromFile(input, threads, segment));
    }

    /** Samples of one line each have no blank line to cut at: the file is read as from a pipe. */
    @Test
    void samplesOfOneLineEachAreReadAsFromAPipe() throws Exception {
        String one = "spin  7950   326.999272:    2004008 cpu-clock:ppp:      55937c473231 leaf+0x52 (/tmp/spin)\n";
        String input = one.repeat(50) + one.replace("leaf", "other").repeat(30);
        assertEquals(fromPipe(input), fromFile(input, 2, 64));
        assertEquals("spin-?/7950;leaf 100200400\nspin-?/7950;other 60120240\n", fromFile(input, 2, 64).split("\u0000")[0]);
    }

    /** A sample running on for more than the largest block past a segment's end: read as from a pipe. */
    @Test
    void aSampleLongerThanTheLargestBlockIsReadAsFromAPipe() throws Exception {
        String frame = "\t    55d5c0a1b2c3 do_command+0x12 (/usr/sbin/mariadbd)\n";
        String input = HEADERS.get(0) + "\n" + LINES.get(0) + "\n\n"
                + HEADERS.get(1) + "\n" + frame.repeat(BlockReader.MAX_BLOCK / frame.length() + 10) + "\n"
                + HEADERS.get(0) + "\n" + LINES.get(1) + "\n\n";
        assertEquals(fromPipe(input), fromFile(input, 2, 4096));
    }

    /** The folded stacks and the warnings, NUL-separated, of {@code input} read from a stream. */
    private static String fromPipe(String input) throws Exception {
        byte[] bytes = input.getBytes(StandardCharsets.ISO_8859_1);
        try {
            return shown(new PerfScriptReader(FoldOptions.ANALYSIS, 1).read(new ByteArrayInputStream(bytes), "t"));
        } catch (InputException e) {
            return "refused: " + e.getMessage();
        }
    }

    private static String fromFile(String input, int threads, int segment) throws Exception {
        byte[] bytes = input.getBytes(StandardCharsets.ISO_8859_1);
        Path file = Files.createTempFile("myflame-segments", ".script");
        try {
            Files.write(file, bytes);
            return shown(new PerfScriptReader(FoldOptions.ANALYSIS, threads, segment).read(file,
                    new ByteArrayInputStream(bytes), "t"));
        } catch (InputException e) {
            return "refused: " + e.getMessage();
        } finally {
            Files.delete(file);
        }
    }

    private static String shown(FoldedStacks stacks) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        stacks.writeFolded(out);
        return out.toString(StandardCharsets.ISO_8859_1) + "\u0000" + String.join("\n", stacks.warnings());
    }
}
