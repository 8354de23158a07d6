package io.myflame.ingest.symbols;

import io.myflame.ingest.elf.SortedAddresses;
import java.nio.charset.StandardCharsets;

/** A table's symbols in arrays of their own, as a parse of an ELF file, kallsyms or a text archive built them. */
final class ParsedColumns implements SymbolColumns {
    static final ParsedColumns EMPTY = new ParsedColumns(new SymbolList(0), new int[0], 0);

    private final long[] start;
    private final long[] end;
    /** Prefix maximum of {@link #end}, so a lookup can find a symbol that encloses a later one. */
    private final long[] maxEnd;
    private final byte[] nameBytes;
    private final int[] nameAt;
    private final int[] nameLength;

    /** The symbols {@code idx[0..n)} of {@code syms}, in that order. */
    ParsedColumns(SymbolList syms, int[] idx, int n) {
        start = new long[n];
        end = new long[n];
        maxEnd = new long[n];
        nameAt = new int[n];
        nameLength = new int[n];
        nameBytes = syms.names;
        long max = 0;
        for (int i = 0; i < n; i++) {
            int s = idx[i];
            start[i] = syms.start[s];
            end[i] = syms.end[s];
            nameAt[i] = syms.nameAt[s];
            nameLength[i] = syms.nameLength[s];
            max = i == 0 || Long.compareUnsigned(end[i], max) > 0 ? end[i] : max;
            maxEnd[i] = max;
        }
    }

    @Override
    public int size() {
        return start.length;
    }

    @Override
    public long start(int i) {
        return start[i];
    }

    @Override
    public long end(int i) {
        return end[i];
    }

    @Override
    public int lastAtOrBefore(long address) {
        return SortedAddresses.lastAtOrBefore(start, start.length, address);
    }

    @Override
    public boolean mayHoldFrom(int i, long address) {
        return Long.compareUnsigned(maxEnd[i], address) > 0;
    }

    @Override
    public boolean named(int i) {
        return true;
    }

    @Override
    public String name(int i) {
        return new String(nameBytes, nameAt[i], nameLength[i], StandardCharsets.ISO_8859_1);
    }

    @Override
    public boolean mangled(int i) {
        return Demangler.mangled(nameBytes, nameAt[i], nameLength[i]);
    }
}
