package io.myflame.ingest.symbols;

import io.myflame.ingest.unwind.CallFrameInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One place a mapped file's symbols or call frame information may be found: the symbol archive
 * beside the perf.data, perf's build-id cache, a debug directory, a debuginfod server...
 * {@link SymbolSources} asks the sources of its one list in order; each answers what it has and
 * "nothing here" (null, no files) to the rest, so a new place is one class and one line there.
 */
interface SymbolSource {
    /** What files are wanted for: debuginfod servers are asked for names only, never while unwinding. */
    enum Purpose { SYMBOLS, UNWINDING }

    /** Kernel symbols and the {@code _text} address they were read with (-1: leave them where they are). */
    record KernelSymbols(SymbolTable table, long text) {
    }

    /** The kernel's symbols for {@code buildId} (null when not recorded); null when this source has none. */
    default KernelSymbols kernel(String buildId) throws IOException {
        return null;
    }

    /** A whole table for a dso other than the kernel (an archive's section, a JIT map), or null. */
    default SymbolTable table(Dso dso, String buildId) throws IOException {
        return null;
    }

    /** The dso's call frame information as this source keeps it whole, or null. */
    default CallFrameInfo callFrameInfo(Dso dso) {
        return null;
    }

    /**
     * ELF files that may be the dso or its debug file, in the order to open them: the first with the
     * recorded build id and a {@code .symtab} gives the names. Iterated lazily, so a file a server
     * would send is fetched only when the ones before it did not do.
     */
    default Iterable<Path> files(Dso dso, String buildId, Purpose purpose) {
        return List.of();
    }

    /**
     * Whether its files are wanted only while no source before it gave a {@code .symtab}: a source
     * that costs (a tarball decompressed from its start, a server asked) is not opened for nothing.
     */
    default boolean onlyWithoutSymtab() {
        return false;
    }
}
