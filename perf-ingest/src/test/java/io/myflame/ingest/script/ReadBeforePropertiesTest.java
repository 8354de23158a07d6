package io.myflame.ingest.script;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * A sample folds the same whatever was read before it. The parser compares a stack line first with
 * the line that followed the previous one the last time (and only then hashes and looks it up), so
 * these properties read samples made of lines that differ from each other only at their end, by
 * trailing blanks, by an unclosed dso, or that are comments, source lines or malformed, and check that
 * folding them together gives the sum of folding each alone (a parser that has read nothing before,
 * so predicts nothing), with every malformed line counted and the first one at its line. Expected lines
 * are matched several at once ({@link io.myflame.ingest.block.LineCache#follow(int, byte[], int, int,
 * io.myflame.ingest.block.LineRun)}), so a run that stops inside a line, a malformed line inside a run
 * and a --skip-after function inside one are all read here.
 */
class ReadBeforePropertiesTest {
    private static final List<String> HEADERS = List.of(
            "mariadbd 16832  4184.862958:    2004008 cpu-clock: ",
            "mariadbd 16865  4185.176866:    1000 cpu-clock: ",
            "java 4242  4185.2:    250000 cpu-clock: ");
    private static final List<String> LINES = List.of(
            "\t    55d5c0a1b2c3 do_command+0x12 (/usr/sbin/mariadbd)",
            "\t    55d5c0a1b2c4 do_command+0x13 (/usr/sbin/mariadbd)",
            "\t    55d5c0a1b2c3 do_command+0x12 (/usr/sbin/mariadbd)  ",
            "\t    55d5c0a1b2c3 do_command+0x12 (/usr/sbin/mariadbd)\r",
            "\t    55d5c0a1b2c3 do_command+0x12 (/usr/sbin/mariadbd)x",
            "\t    55d5c0a1b2c3 do_command+0x12 (/usr/sbin/mariadbd",
            "\t    55d5c0a1b2c3 do_command+0x12 (/usr/sbin/mariadbd) (deleted)",
            "\t    55d5c0a1b2c3 do_com",
            "\t    55d5c0a1b2c3 dispatch_command+0x7f3 (/usr/sbin/mariadbd)",
            "\t           891f4 start_thread+0x304 (/usr/lib/x86_64-linux-gnu/libc.so.6)",
            "\t               0 [unknown] ([unknown])",
            "\t    7f00 Interpreter (/tmp/perf-4242.map)",
            "\t    7f01 Ljava/lang/Thread;::run+0x10 (/tmp/perf-4242.map)",
            "# a comment inside a stack",
            "  dl-load.c:1379",
            "   ");
    /** Read first, alone and together, so that no fold is of samples without stacks (an error); left out of the sums. */
    private static final String ANCHOR = "anchor 1  1.0:    1 cpu-clock: \n\t    1 anchor+0x1 (/anchor)\n\n";

    @Property(tries = 300)
    void aSampleFoldsTheSameWhateverWasReadBefore(
            @ForAll @Size(min = 1, max = 12) List<@IntRange(min = 0, max = 2) Integer> headers,
            @ForAll @Size(min = 12, max = 120) List<@IntRange(min = 0, max = 15) Integer> lines,
            @ForAll @IntRange(min = 1, max = 8) int perSample) throws Exception {
        foldsTheSame(FoldOptions.ANALYSIS, headers, lines, perSample);
    }

    /**
     * The same with a --skip-after function among the lines: the lines after it in a sample are not
     * read, even when the parser had matched them with the lines it expected.
     */
    @Property(tries = 200)
    void aSampleCutBySkipAfterFoldsTheSameWhateverWasReadBefore(
            @ForAll @Size(min = 1, max = 12) List<@IntRange(min = 0, max = 2) Integer> headers,
            @ForAll @Size(min = 12, max = 120) List<@IntRange(min = 0, max = 15) Integer> lines,
            @ForAll @IntRange(min = 1, max = 8) int perSample) throws Exception {
        FoldOptions skipAfter = new FoldOptions(FoldOptions.Root.TID, false, false, false, null,
                List.of("dispatch_command"), true);
        foldsTheSame(skipAfter, headers, lines, perSample);
    }

    /**
     * Well-formed samples, whose lines the parser matches several at once once it has seen them, then one
     * malformed line: its line number counts every line of those runs.
     */
    @Property(tries = 200)
    void aMalformedLineAfterMatchedRunsIsAtItsLine(
            @ForAll @Size(min = 1, max = 12) List<@IntRange(min = 0, max = 2) Integer> headers,
            @ForAll @Size(min = 3, max = 20) List<@IntRange(min = 0, max = 6) Integer> lines,
            @ForAll @IntRange(min = 1, max = 8) int perSample) throws Exception {
        List<Integer> wellFormed = List.of(0, 1, 2, 8, 9, 10, 11);
        List<Integer> chosen = new java.util.ArrayList<>();
        for (int i : lines) {
            chosen.add(wellFormed.get(i));
        }
        // twice over, so that the second time round the lines are expected
        List<Integer> twice = new java.util.ArrayList<>(headers);
        twice.addAll(headers);
        foldsTheSame(FoldOptions.ANALYSIS, twice, chosen, perSample, "\t    55d5c0a1b2c3 do_com");
    }

    private static void foldsTheSame(FoldOptions options, List<Integer> headers, List<Integer> lines, int perSample)
            throws Exception {
        foldsTheSame(options, headers, lines, perSample, null);
    }

    /** Checks that folding the samples together gives what folding each alone does; {@code lastLine} ends the last sample. */
    private static void foldsTheSame(FoldOptions options, List<Integer> headers, List<Integer> lines, int perSample,
            String lastLine) throws Exception {
        StringBuilder all = new StringBuilder(ANCHOR);
        Map<String, Long> alone = new TreeMap<>();
        long malformedAlone = 0;
        // The file line of the first malformed line, as a parser that read nothing before finds it.
        String firstMalformed = null;
        int linesBefore = ANCHOR_LINES;
        int next = 0;
        for (int s = 0; s < headers.size(); s++) {
            StringBuilder sample = new StringBuilder(HEADERS.get(headers.get(s))).append('\n');
            for (int i = 0; i < perSample; i++) {
                sample.append(LINES.get(lines.get(next++ % lines.size()))).append('\n');
            }
            boolean extra = lastLine != null && s == headers.size() - 1;
            if (extra) {
                sample.append(lastLine).append('\n');
            }
            sample.append('\n');
            all.append(sample);
            Folded one = fold(ANCHOR + sample, options);
            one.weights.forEach((stack, w) -> alone.merge(stack, w, Long::sum));
            malformedAlone += one.malformed;
            if (firstMalformed == null && one.firstMalformedLine > 0) {
                firstMalformed = "t:" + (linesBefore + one.firstMalformedLine - ANCHOR_LINES) + ":";
            }
            linesBefore += perSample + 2 + (extra ? 1 : 0);
        }
        Folded together = fold(all.toString(), options);
        assertEquals(alone, together.weights);
        assertEquals(malformedAlone, together.malformed);
        assertEquals(firstMalformed, together.firstMalformedLine > 0 ? "t:" + together.firstMalformedLine + ":" : null);
    }

    private static final int ANCHOR_LINES = 3;

    /** The folded stacks of {@code text}, read by one worker, its count of malformed lines and the first one's line. */
    private static Folded fold(String text, FoldOptions options) throws Exception {
        Folded f = new Folded();
        FoldedStacks stacks = new PerfScriptReader(options, 1).read(
                new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1)), "t");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        stacks.writeFolded(out);
        for (String line : out.toString(StandardCharsets.ISO_8859_1).split("\n")) {
            if (!line.isEmpty() && !line.startsWith("anchor")) {
                int space = line.lastIndexOf(' ');
                f.weights.merge(line.substring(0, space), Long.parseLong(line.substring(space + 1)), Long::sum);
            }
        }
        for (String w : stacks.warnings()) {
            if (w.startsWith("ignored ")) {
                f.malformed += Long.parseLong(w.split(" ")[1]);
                // "ignored 2 malformed lines, the first at t:7: ..."
                String at = w.substring(w.indexOf(" at t:") + 6);
                f.firstMalformedLine = Integer.parseInt(at.substring(0, at.indexOf(':')));
            }
        }
        return f;
    }

    private static final class Folded {
        final Map<String, Long> weights = new TreeMap<>();
        long malformed;
        int firstMalformedLine;
    }
}
