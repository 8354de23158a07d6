package io.myflame.ingest.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.myflame.core.analysis.RowFile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.core.model.WeightOverflow;
import io.myflame.ingest.error.InputException;
import io.myflame.ingest.folded.FoldedReader;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;
import io.myflame.ingest.script.PerfScriptReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;

/**
 * Fuzz targets for the three parsers that read user files: perf script text, folded stacks and
 * row files. Any input may be rejected with the parser's own one-line error (InputException,
 * RowFileException, a weight overflow); anything else — a NullPointerException, an index out of
 * bounds, a hang — is a bug.
 *
 * <p>{@code mvn test} runs each target on its seed inputs (src/test/resources/.../ParserFuzzTestInputs)
 * only. {@code JAZZER_FUZZ=1} fuzzes one target for its bounded {@code maxDuration}; see
 * docs/robustness.md and {@code scripts/fuzz}.
 */
class ParserFuzzTest {
    @FuzzTest(maxDuration = "10s")
    void perfScript(byte[] input) throws Exception {
        for (FoldOptions options : new FoldOptions[] {FoldOptions.ANALYSIS,
                new FoldOptions(FoldOptions.Root.TID, true, true, true, null, java.util.List.of(), false)}) {
            try {
                // Two threads and a small block size: samples cut across blocks, as in large files.
                FoldedStacks stacks = new PerfScriptReader(options, 2).read(new ByteArrayInputStream(input), "fuzz");
                stacks.writeFolded(new ByteArrayOutputStream());
                stacks.takeProfile(ProfileInfo.EMPTY).totalWeight();
            } catch (InputException | WeightOverflow expected) {
                // a one-line error for the user
            }
        }
    }

    @FuzzTest(maxDuration = "10s")
    void folded(byte[] input) throws Exception {
        try {
            FoldedReader.read(new ByteArrayInputStream(input), "fuzz", ProfileInfo.EMPTY, new ArrayList<>()).totalWeight();
            FoldedReader.read(new ByteArrayInputStream(input), StandardCharsets.UTF_8, "fuzz", ProfileInfo.EMPTY,
                    new ArrayList<>());
        } catch (InputException | WeightOverflow expected) {
            // a one-line error for the user
        }
    }

    @FuzzTest(maxDuration = "10s")
    void rowFile(byte[] input) throws Exception {
        try {
            RowFile.parse(new StringReader(new String(input, StandardCharsets.UTF_8)), "fuzz");
        } catch (RowFile.RowFileException expected) {
            // a one-line error for the user
        }
    }
}
