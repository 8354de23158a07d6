package io.myflame.ingest.symbols;

/**
 * Where a {@link SymbolTable}'s symbols lie, sorted by start and fixed up: in arrays a parse built
 * ({@link ParsedColumns}), or in an indexed archive's section, read where it lies in the file
 * ({@link ArchivedColumns}). Addresses as held: a table moved by KASLR adds its delta itself.
 */
interface SymbolColumns {
    int size();

    long start(int i);

    long end(int i);

    /** The index of the last symbol starting at or before {@code address} (unsigned), or -1. */
    int lastAtOrBefore(long address);

    /**
     * False when no symbol at or before {@code i} ends after {@code address}, so none further back can
     * hold it; true when that may be so (the caller looks back a little way, then stops).
     */
    boolean mayHoldFrom(int i, long address);

    /** Whether symbol {@code i}'s name is one the columns hold (an archive's damaged section may not). */
    boolean named(int i);

    /** Symbol {@code i}'s name as a string (ISO-8859-1, bytes as in the symbol table); "" when not {@link #named}. */
    String name(int i);

    /** Whether symbol {@code i}'s name is one perf demangles ({@link Demangler#mangled}). */
    boolean mangled(int i);
}
