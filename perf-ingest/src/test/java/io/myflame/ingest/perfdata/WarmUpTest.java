package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.symbols.SymbolSources;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What tells a perf.data and whether its read wants this machine's kernel symbols. */
class WarmUpTest {
    @Test
    void onlyAFileStartingWithPerfDatasMagicCounts(@TempDir Path dir) throws Exception {
        assertTrue(PerfDataFile.isPerfData(Files.write(dir.resolve("perf.data"),
                "PERFILE2 and the rest of a header".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1))));
        assertFalse(PerfDataFile.isPerfData(Files.writeString(dir.resolve("short"), "PERF")));
        assertFalse(PerfDataFile.isPerfData(Files.writeString(dir.resolve("other"), "PERFILE1........")));
        assertFalse(PerfDataFile.isPerfData(dir));
    }

    @Test
    void aPerfDataWithItsSymbolArchiveBesideNeedsNoRunningKernelSymbols(@TempDir Path dir) throws Exception {
        Path data = Files.write(dir.resolve("perf.data"),
                "PERFILE2 and the rest of a header".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        assertTrue(SymbolSources.needsRunningKernel(data));
        Files.write(dir.resolve("perf.data.symbols.gz"), new byte[] {31, -117});
        assertFalse(SymbolSources.needsRunningKernel(data));
    }
}
