package io.myflame.ingest.symbols;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.myflame.ingest.elf.BuildIds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build-id cache's copy of the running kernel's symbols, read ahead at start-up, is what the cache
 * answers for the running kernel, the same table a read when asked gives; another kernel's build id is
 * not answered from it. The cache here is a copy of this machine's /proc/kallsyms laid out as perf
 * record lays out {@code ~/.debug}.
 */
class BuildIdCacheAheadTest {
    @TempDir
    Path root;

    @Test
    void theRunningKernelsSymbolsReadAheadAreTheOnesTheCacheGives() throws Exception {
        String running = BuildIds.runningKernel();
        assumeTrue(running != null, "no build id in /sys/kernel/notes");
        Path kallsyms = Files.createDirectories(root.resolve("[kernel.kallsyms]").resolve(running)).resolve("kallsyms");
        Files.write(kallsyms, Files.readAllBytes(Path.of("/proc/kallsyms")));
        List<String> notes = new ArrayList<>();

        CompletableFuture<SymbolTable> ahead = BuildIdCache.readRunningKernel(root);
        SymbolSource.KernelSymbols given = new BuildIdCache(root, notes, ahead).kernel(running);
        assumeTrue(ahead.join().size() > 1000, "/proc/kallsyms hides its addresses here (not root?)");
        assertSame(ahead.join(), given.table(), "the table read ahead is the one given");
        assertEquals(ahead.join().text, given.text());

        SymbolSource.KernelSymbols whenAsked = new BuildIdCache(root, notes).kernel(running);
        SymbolTable a = given.table();
        SymbolTable b = whenAsked.table();
        assertEquals(b.size(), a.size());
        for (int i = 0; i < a.size(); i += Math.max(1, a.size() / 500)) {
            assertEquals(b.name(i), a.name(i));
            assertEquals(b.start(i), a.start(i));
            assertEquals(b.end(i), a.end(i));
        }

        String other = "00".repeat(20);
        assertNull(new BuildIdCache(root, notes, ahead).kernel(other), "another kernel's symbols are not these");
        assertEquals(List.of(), notes);
    }
}
