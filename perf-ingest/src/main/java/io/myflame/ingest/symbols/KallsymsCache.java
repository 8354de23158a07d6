package io.myflame.ingest.symbols;

import java.nio.file.Path;

/**
 * Kernel symbol tables parsed from a kallsyms file, kept for the next run ({@link ParsedCache}). perf's
 * copy of a kernel's symbols in {@code ~/.debug} ({@code [kernel.kallsyms]/ID/kallsyms}) is read by every
 * report of a perf.data recorded on that kernel without an archive, and parsing, sorting and fixing up its
 * 120,000 lines took a small report 40 ms of CPU each time: on two cores, a sixth of the run. The table is
 * kept as an indexed archive of one kernel section, named by the entry's key. {@code /proc/kallsyms},
 * which changes with each boot and module, is never kept.
 */
final class KallsymsCache {
    private final ParsedCache entry;

    private KallsymsCache(ParsedCache entry) {
        this.entry = entry;
    }

    /** The cache entry of {@code kallsyms} in myflame's cache directory, or null when it is not kept. */
    static KallsymsCache of(Path kallsyms) {
        ParsedCache c = ParsedCache.of("kallsyms", kallsyms);
        return c == null ? null : new KallsymsCache(c);
    }

    /** The entry of {@code kallsyms} in {@code dir}, for a parser named by {@code code}; null when it is not kept. */
    static KallsymsCache of(Path kallsyms, Path dir, String code) {
        ParsedCache c = ParsedCache.of("kallsyms", kallsyms, dir, code);
        return c == null ? null : new KallsymsCache(c);
    }

    /** Where the table is kept. */
    Path file() {
        return entry.file();
    }

    /** The kept table, or null when there is none for the file as it is now. */
    SymbolTable table() {
        return entry.table();
    }

    /** Keeps {@code table}, parsed from the file as {@link #of} saw it (an empty one is not kept). */
    void keep(SymbolTable table) {
        if (table.size() > 0) {
            entry.keepTable("kernel", table.text, "[kernel.kallsyms]", table);
        }
    }
}
