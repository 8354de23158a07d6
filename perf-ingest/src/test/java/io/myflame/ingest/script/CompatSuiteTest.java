package io.myflame.ingest.script;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;

/**
 * The 78 cases of the compatibility suite in test resources (compat/stackcollapse-perf): every input under each of the six option
 * sets must fold to exactly the expected bytes, with one worker and with several.
 */
class CompatSuiteTest {
    static final String[] OPTIONS = {"pid", "tid", "kernel", "jit", "all", "addrs"};

    static Path suite() {
        return Path.of(System.getProperty("myflame.compat", "src/test/resources/compat")).resolve("stackcollapse-perf");
    }

    static FoldOptions optionsFor(String option) {
        FoldOptions.Root root = switch (option) {
            case "pid" -> FoldOptions.Root.PID;
            case "tid" -> FoldOptions.Root.TID;
            default -> FoldOptions.Root.COMM;
        };
        boolean kernel = option.equals("kernel") || option.equals("all");
        boolean jit = option.equals("jit") || option.equals("all");
        return new FoldOptions(root, kernel, jit, option.equals("addrs"), null, java.util.List.of(), false);
    }

    @TestFactory
    Stream<DynamicTest> everyCaseMatchesByteForByte() throws IOException {
        Path dir = suite();
        assertTrue(Files.isDirectory(dir), "compat suite not found at " + dir);
        List<DynamicTest> tests = new ArrayList<>();
        try (Stream<Path> inputs = Files.list(dir)) {
            for (Path input : inputs.filter(p -> p.toString().endsWith(".txt")).sorted().toList()) {
                String base = input.getFileName().toString().replaceAll("\\.txt$", "");
                for (String option : OPTIONS) {
                    Path expected = dir.resolve("expected/" + base + "-collapsed-" + option + ".txt");
                    tests.add(DynamicTest.dynamicTest(base + " --" + option, () -> check(input, expected, option)));
                }
            }
        }
        if (tests.size() != 78) {
            fail("expected 78 compat cases, found " + tests.size());
        }
        return tests.stream();
    }

    private static void check(Path input, Path expected, String option) throws Exception {
        String want = Files.readString(expected, java.nio.charset.StandardCharsets.ISO_8859_1);
        // One worker with one block, then several workers on blocks small enough to cut every
        // input into many chunks: the output must not depend on how the input was split.
        // Then read as a file, each worker reading its own segments (of 4096 and of 97 bytes).
        int[][] runs = {{1, PerfScriptReader.BLOCK, 0}, {3, 4096, 0}, {3, 4096, 1}, {2, 97, 1}};
        for (int[] run : runs) {
            String got = run[2] == 0 ? fold(input, optionsFor(option), run[0], run[1])
                    : foldFile(input, optionsFor(option), run[0], run[1]);
            if (!got.equals(want)) {
                fail("--" + option + " " + input.getFileName() + " (" + run[0] + " threads, " + (run[2] == 0 ? "blocks" : "segments")
                        + " of " + run[1] + ") differs:\n" + io.myflame.core.text.UnifiedDiff.of(want, got));
            }
        }
    }

    static String foldFile(Path input, FoldOptions options, int threads, int segment) throws Exception {
        try (InputStream in = Files.newInputStream(input)) {
            FoldedStacks stacks = new PerfScriptReader(options, threads, segment).read(input, in, input.toString());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            stacks.writeFolded(out);
            return out.toString(java.nio.charset.StandardCharsets.ISO_8859_1);
        }
    }

    static String fold(Path input, FoldOptions options, int threads, int block) throws Exception {
        try (InputStream in = Files.newInputStream(input)) {
            FoldedStacks stacks = new PerfScriptReader(options, threads, block).read(in, input.toString());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            stacks.writeFolded(out);
            return out.toString(java.nio.charset.StandardCharsets.ISO_8859_1);
        }
    }
}
