package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;
import io.myflame.ingest.symbols.SymbolArchive;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index pass started from the command line ({@link PerfDataAhead}) gives the very read
 * the reader makes by itself: same stacks, same warnings, damage included; and it is only ever used
 * for the path it was started for.
 */
class IndexAheadTest {
    @TempDir
    static Path dir;
    static Path recorded;

    @BeforeAll
    static void record() throws Exception {
        Recordings.assumeTools("perf", "gcc", "c++filt");
        Path libc = Recordings.compileOptimised(dir, "libc.c", Recordings.LIBC_CALLS);
        recorded = Recordings.record(dir, "d.data", List.of("--call-graph", "dwarf,4096", "-F", "499"), libc.toString());
        new PerfDataReader(FoldOptions.ANALYSIS, 2).archiveTo(SymbolArchive.besides(recorded)).read(recorded);
    }

    @Test
    void aPassStartedAheadReadsAsTheReaderDoes() throws Exception {
        String alone = read(recorded);
        PerfDataAhead ahead = PerfDataAhead.start(recorded, PerfDataAhead::readRunningKernel);
        assertNotNull(ahead.index(recorded), "a perf.data with its archive beside it is indexed ahead");
        assertEquals(alone, read(recorded, ahead));
    }

    @Test
    void aFileCutShortReadAheadGivesTheSameSamplesAndDamageWarning() throws Exception {
        byte[] whole = Files.readAllBytes(recorded);
        Path cut = Files.write(dir.resolve("cut.data"), java.util.Arrays.copyOf(whole, whole.length * 2 / 3));
        Files.copy(SymbolArchive.besides(recorded), SymbolArchive.besides(cut),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        String alone = read(cut);
        assertTrue(alone.contains("is damaged at byte"), alone);
        assertEquals(alone, read(cut, PerfDataAhead.start(cut, PerfDataAhead::readRunningKernel)));
    }

    @Test
    void aPassIsNeverUsedForAnotherPath() throws Exception {
        Path other = Files.copy(recorded, dir.resolve("other.data"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        PerfDataAhead ahead = PerfDataAhead.start(recorded, PerfDataAhead::readRunningKernel);
        assertNull(ahead.index(other));
        assertEquals(io.myflame.ingest.symbols.SymbolSources.Ahead.NONE, ahead.symbols(other));
        assertNotNull(ahead.symbols(recorded).archive(), "its archive opened ahead");
        assertNotNull(ahead.index(recorded));
    }

    /** The folded stacks and, after them, every warning of the read. */
    private static String read(Path data) throws Exception {
        return read(data, PerfDataAhead.NONE);
    }

    private static String read(Path data, PerfDataAhead ahead) throws Exception {
        FoldedStacks stacks = new PerfDataReader(FoldOptions.ANALYSIS, 2).ahead(ahead).read(data);
        return Recordings.folded(stacks) + "\n" + String.join("\n", stacks.warnings());
    }
}
