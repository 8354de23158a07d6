package io.myflame.ingest.perfdata;

import io.myflame.ingest.symbols.SymbolArchive;
import io.myflame.ingest.symbols.SymbolSources;
import io.myflame.ingest.symbols.SymbolTable;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * What a run starts for one perf.data before its command line is parsed, whatever the flags say, and
 * hands to its reader ({@link PerfDataReader#ahead}): with its symbol archive beside it, the archive
 * opened and the index pass ({@link IndexAhead}); without, the running kernel's symbols, which the
 * run shares among its perf.data inputs. Each part is taken once, and only for the path it was
 * started for; a reader given {@link #NONE} does it all itself.
 */
public final class PerfDataAhead {
    /** Nothing started: the reader reads everything when it needs it. */
    public static final PerfDataAhead NONE = new PerfDataAhead(null, null, SymbolSources.Ahead.NONE);

    private final Path path;
    private final CompletableFuture<IndexAhead.Indexed> index;
    private final SymbolSources.Ahead symbols;

    private PerfDataAhead(Path path, CompletableFuture<IndexAhead.Indexed> index, SymbolSources.Ahead symbols) {
        this.path = path;
        this.index = index;
        this.symbols = symbols;
    }

    /**
     * Starts what every native read of {@code perfData} needs and no flag changes. {@code kernel} gives the
     * run's one read of /proc/kallsyms (made on first ask), wanted only without an archive.
     */
    public static PerfDataAhead start(Path perfData, Supplier<CompletableFuture<SymbolTable>> kernel) {
        if (SymbolSources.needsRunningKernel(perfData)) {
            return kernelOnly(perfData, kernel);
        }
        // the archive first: opening a text one is the longer of the two
        CompletableFuture<SymbolArchive> archive = SymbolArchive.openAhead(perfData);
        return new PerfDataAhead(perfData, IndexAhead.start(perfData), new SymbolSources.Ahead(archive, null, null));
    }

    /**
     * For a perf.data of the run after the first: only the kernel's symbols it shares with the others
     * (the index pass and archive of one at a time; a second pass would take the cores the first needs).
     */
    public static PerfDataAhead sharing(Path perfData, Supplier<CompletableFuture<SymbolTable>> kernel) {
        return SymbolSources.needsRunningKernel(perfData) ? kernelOnly(perfData, kernel) : NONE;
    }

    private static PerfDataAhead kernelOnly(Path perfData, Supplier<CompletableFuture<SymbolTable>> kernel) {
        if (SymbolSources.runningKernelCached()) {
            // ~/.debug's copy answers before /proc/kallsyms: that is the one to read now
            return new PerfDataAhead(perfData, null, new SymbolSources.Ahead(null, null,
                    SymbolSources.readCachedRunningKernel()));
        }
        return new PerfDataAhead(perfData, null, new SymbolSources.Ahead(null, kernel.get(), null));
    }

    /** The run's one read of this machine's kernel symbols, started now, for {@link #start}'s {@code kernel}. */
    public static CompletableFuture<SymbolTable> readRunningKernel() {
        return SymbolSources.readRunningKernel();
    }

    /** The index pass started for exactly {@code perfData}, waited for; null when none was, or it failed. */
    IndexAhead.Indexed index(Path perfData) {
        if (index == null || !perfData.equals(path)) {
            return null;
        }
        try {
            return index.join();
        } catch (RuntimeException e) {
            // the reader opens the file itself and says what is wrong in its own words
            return null;
        }
    }

    /** The archive opened and the kernel's symbols read ahead for exactly {@code perfData}; {@link SymbolSources.Ahead#NONE} else. */
    SymbolSources.Ahead symbols(Path perfData) {
        return perfData != null && perfData.equals(path) ? symbols : SymbolSources.Ahead.NONE;
    }
}
