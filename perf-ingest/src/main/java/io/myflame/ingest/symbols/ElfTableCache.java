package io.myflame.ingest.symbols;

import java.nio.file.Path;

/**
 * An ELF file's symbol table as the reader makes it ({@link SymbolTable#ofElf}: functions of its
 * {@code .symtab}, else {@code .dynsym}, ends fixed up, aliases resolved, with the PLT's entries), kept
 * for the next run ({@link ParsedCache}, kind {@code elf}). A perf.data without an archive is named from
 * the files on this machine, and every report read and sorted them again: a server's binary holds tens
 * of thousands of functions (MariaDB 11.4's mariadbd: 75 ms of a report, c++filt started to compare
 * aliases' names), python3 and its libraries 20 ms of a small report that the main thread waited for.
 * The key covers the file read and, when the PLT's entries come from another (a debug file beside its
 * stripped binary), that file too. The table is kept as an indexed archive of one ELF section, named by
 * the key; an empty one is not kept.
 */
final class ElfTableCache {
    private final ParsedCache entry;
    private final Path runtime;
    private final String runtimeIdentity;
    private final String name;

    private ElfTableCache(ParsedCache entry, Path runtime, String runtimeIdentity, String name) {
        this.entry = entry;
        this.runtime = runtime;
        this.runtimeIdentity = runtimeIdentity;
        this.name = name;
    }

    /**
     * The entry of the table read from {@code from} ({@code symtab}: its {@code .symtab}, else its
     * {@code .dynsym}) with the PLT of {@code runtime} (null: none), or null when it is not kept.
     */
    static ElfTableCache of(Path from, boolean symtab, Path runtime, String name) {
        String also = (symtab ? " symtab" : " dynsym") + (runtime == null ? " no plt" : runtime.equals(from) ? " plt" : "");
        String runtimeIdentity = null;
        if (runtime != null && !runtime.equals(from)) {
            runtimeIdentity = ParsedCache.identityOf(runtime);
            if (runtimeIdentity == null) {
                return null;
            }
            also += " plt of" + runtimeIdentity;
        }
        ParsedCache c = ParsedCache.of("elf", from, also);
        return c == null ? null : new ElfTableCache(c, runtime, runtimeIdentity, name);
    }

    /** The kept table, or null when there is none for the files as they are now. */
    SymbolTable table() {
        return entry.table();
    }

    /** Keeps {@code table}, made from the files as {@link #of} saw them (not when the PLT's file changed since). */
    void keep(SymbolTable table) {
        if (table.size() == 0 || runtimeIdentity != null && !runtimeIdentity.equals(ParsedCache.identityOf(runtime))) {
            return;
        }
        entry.keepTable("elf", -1, name, table);
    }
}
