package io.myflame.ingest.symbols;

import io.myflame.ingest.elf.SortedAddresses;
import java.nio.charset.StandardCharsets;

/**
 * The symbols of one dso, sorted by start, with perf's fix-ups applied so a lookup gives the
 * symbol {@code perf script} prints: a symbol without a size ends where the next one starts
 * (the last one at the next page boundary), and of several symbols at one address only the one
 * perf prefers survives (sized, then non-weak, then global, then fewer leading underscores, then
 * longer name, then the first). Immutable once built; shared by the decoding threads.
 */
public final class SymbolTable {
    static final SymbolTable EMPTY = new SymbolTable(new SymbolList(0), new int[0], 0, false, -1);

    private final long[] start;
    private final long[] end;
    /** Prefix maximum of {@link #end}, so a lookup can find a symbol that encloses a later one. */
    private final long[] maxEnd;
    private final byte[] nameBytes;
    private final int[] nameAt;
    private final int[] nameLength;
    /**
     * Names made on first use: a run names a few thousand of a table's symbols. Filled racily by
     * design; a String is immutable, so a thread sees either null (and decodes again) or the string.
     */
    private final String[] names;
    /** Whether names are C++ mangled candidates (user-space ELF) rather than kernel or JIT names. */
    public final boolean demangle;
    /**
     * A kernel table's {@code _text} address (perf's ref_reloc_sym), kept apart: the symbol itself
     * may lose to another at its address ({@code startup_64}); -1 when unknown.
     */
    public final long text;

    private SymbolTable(SymbolList syms, int[] idx, int n, boolean demangle) {
        this(syms, idx, n, demangle, -1);
    }

    private SymbolTable(SymbolList syms, int[] idx, int n, boolean demangle, long text) {
        this.text = text;
        start = new long[n];
        end = new long[n];
        maxEnd = new long[n];
        nameAt = new int[n];
        nameLength = new int[n];
        names = new String[n];
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
        this.demangle = demangle;
    }

    /** ELF symbols: sorted (stable, so equal starts keep file order), ends fixed, duplicates dropped. */
    public static SymbolTable ofElf(SymbolList syms, SymbolList plt) {
        int[] sorted = syms.order();
        fixupEnd(syms, sorted, false);
        int kept = dropDuplicates(syms, sorted, AliasNames.compared(syms, sorted));
        if (plt.size > 0) {
            int first = syms.size;
            syms.addAll(plt);
            sorted = java.util.Arrays.copyOf(sorted, kept + plt.size);
            for (int i = 0; i < plt.size; i++) {
                sorted[kept + i] = first + i;
            }
            kept += plt.size;
            syms.sort(sorted, kept);
        }
        return new SymbolTable(syms, sorted, kept, true);
    }

    /** Kernel symbols from kallsyms, which have no sizes. Module symbols ("name\t[mod]") shape the ends, then go. */
    static SymbolTable ofKallsyms(SymbolList syms) {
        long text = -1;
        for (int i = 0; i < syms.size && text == -1; i++) {
            if (syms.nameLength[i] == 5 && syms.nameContains(i, (byte) 't') && syms.leadingUnderscores(i) == 1
                    && new String(syms.names, syms.nameAt[i], 5, StandardCharsets.ISO_8859_1).equals("_text")) {
                text = syms.start[i];
            }
        }
        int[] sorted = syms.order();
        fixupEnd(syms, sorted, true);
        int kept = dropDuplicates(syms, sorted, null);
        int out = 0;
        for (int i = 0; i < kept; i++) {
            if (!syms.nameContains(sorted[i], (byte) '\t')) {
                sorted[out++] = sorted[i];
            }
        }
        return new SymbolTable(syms, sorted, out, false, text);
    }

    /**
     * A table read back from an indexed archive's section ({@link IndexedArchive}): its symbols
     * sorted by start and fixed up when written, so the arrays are taken as they are.
     */
    private SymbolTable(long[] start, long[] end, byte[] nameBytes, int[] nameAt, int[] nameLength, boolean demangle,
            long text) {
        this.start = start;
        this.end = end;
        this.nameBytes = nameBytes;
        this.nameAt = nameAt;
        this.nameLength = nameLength;
        this.names = new String[start.length];
        this.demangle = demangle;
        this.text = text;
        maxEnd = new long[start.length];
        long max = 0;
        for (int i = 0; i < start.length; i++) {
            max = i == 0 || Long.compareUnsigned(end[i], max) > 0 ? end[i] : max;
            maxEnd[i] = max;
        }
    }

    /** A table of symbols already sorted by start and fixed up (an indexed archive's section). */
    static SymbolTable ofSorted(long[] start, long[] end, byte[] names, int[] nameAt, int[] nameLength, boolean demangle,
            long text) {
        return new SymbolTable(start, end, names, nameAt, nameLength, demangle, text);
    }

    /** A table read back from a {@link SymbolArchive}: written after the fix-ups, so none again. */
    static SymbolTable ofArchive(SymbolList syms, boolean demangle, long text) {
        return new SymbolTable(syms, syms.order(), syms.size, demangle, text);
    }

    /**
     * This table with every address moved by {@code delta}: kernel symbols taken in another boot
     * of the same kernel, which KASLR placed elsewhere (perf's ref_reloc_sym adjustment).
     */
    public SymbolTable relocated(long delta) {
        if (delta == 0) {
            return this;
        }
        SymbolList moved = new SymbolList(size());
        for (int i = 0; i < size(); i++) {
            moved.add(start[i] + delta, end[i] - start[i], SymbolList.GLOBAL, nameBytes, nameAt[i], nameLength[i]);
        }
        return new SymbolTable(moved, moved.order(), moved.size, demangle, text == -1 ? -1 : text + delta);
    }

    /** A JIT map's entries, as perf keeps them: no fix-ups. */
    static SymbolTable ofJitMap(SymbolList syms) {
        return new SymbolTable(syms, syms.order(), syms.size, false);
    }

    private static void fixupEnd(SymbolList s, int[] sorted, boolean kallsyms) {
        int n = s.size;
        // whether the previous symbol's name holds a '[' (a module's), carried over: each name is looked at once
        boolean prevInModule = kallsyms && n > 0 && s.nameContains(sorted[0], (byte) '[');
        for (int k = 1; k < n; k++) {
            int prev = sorted[k - 1];
            int curr = sorted[k];
            boolean currInModule = kallsyms && s.nameContains(curr, (byte) '[');
            boolean moduleChanges = prevInModule != currInModule;
            prevInModule = currInModule;
            if (s.end[prev] == s.start[prev]) {
                if (kallsyms && moduleChanges) {
                    s.end[prev] = roundUp(s.end[prev] + 4096);
                } else {
                    s.end[prev] = s.start[curr];
                }
            }
        }
        if (n > 0) {
            int last = sorted[n - 1];
            if (s.end[last] == s.start[last]) {
                s.end[last] = roundUp(s.start[last]) + 4096;
            }
        }
    }

    private static long roundUp(long v) {
        return (v + 4095) & ~4095L;
    }

    /**
     * Keeps, of each run of equal starts, the symbol perf prefers; returns how many of {@code sorted}
     * remain. {@code compared}: the demangled names perf compares ({@link AliasNames}), or null.
     */
    private static int dropDuplicates(SymbolList s, int[] sorted, String[] compared) {
        int out = 0;
        int curr = -1;
        for (int k = 0; k < s.size; k++) {
            int next = sorted[k];
            if (curr < 0 || s.start[curr] != s.start[next]) {
                if (curr >= 0) {
                    sorted[out++] = curr;
                }
                curr = next;
            } else if (!preferFirst(s, compared, curr, next)) {
                curr = next;
            }
        }
        if (curr >= 0) {
            sorted[out++] = curr;
        }
        return out;
    }

    /** perf's choose_best_symbol; {@code compared} holds the demangled names perf compares, where they matter. */
    private static boolean preferFirst(SymbolList s, String[] compared, int a, int b) {
        long la = s.end[a] - s.start[a];
        long lb = s.end[b] - s.start[b];
        if (lb == 0 && la > 0) {
            return true;
        } else if (la == 0 && lb > 0) {
            return false;
        }
        boolean wa = s.bind[a] == SymbolList.WEAK;
        boolean wb = s.bind[b] == SymbolList.WEAK;
        if (wa != wb) {
            return wb;
        }
        boolean ga = s.bind[a] == SymbolList.GLOBAL;
        boolean gb = s.bind[b] == SymbolList.GLOBAL;
        if (ga != gb) {
            return ga;
        }
        String ca = compared == null ? null : compared[a];
        String cb = compared == null ? null : compared[b];
        int ua = ca == null ? s.leadingUnderscores(a) : underscores(ca);
        int ub = cb == null ? s.leadingUnderscores(b) : underscores(cb);
        if (ua != ub) {
            return ub > ua;
        }
        return (ca == null ? s.nameLength[a] : ca.length()) >= (cb == null ? s.nameLength[b] : cb.length());
    }

    private static int underscores(String name) {
        int n = 0;
        while (n < name.length() && name.charAt(n) == '_') {
            n++;
        }
        return n;
    }

    /**
     * Whether a name of this table is one perf would demangle ({@link Demangler#mangled}: {@code _Z},
     * {@code _R}); false for a table whose names perf keeps as they are.
     */
    boolean hasMangledNames() {
        if (!demangle) {
            return false;
        }
        for (int i = 0; i < start.length; i++) {
            if (Demangler.mangled(nameBytes, nameAt[i], nameLength[i])) {
                return true;
            }
        }
        return false;
    }

    public int size() {
        return start.length;
    }

    public String name(int i) {
        String n = names[i];
        if (n == null) {
            n = new String(nameBytes, nameAt[i], nameLength[i], StandardCharsets.ISO_8859_1);
            names[i] = n;
        }
        return n;
    }

    public long start(int i) {
        return start[i];
    }

    public long end(int i) {
        return end[i];
    }

    /**
     * Whether {@code addr} lies between the first symbol's start and the last one's end: perf
     * stretches the kernel map to its kallsyms symbols once they are loaded (map__fixup_start/end),
     * so init text beyond {@code _etext} still resolves.
     */
    public boolean covers(long addr) {
        int n = start.length;
        return n > 0 && Long.compareUnsigned(addr, start[0]) >= 0 && Long.compareUnsigned(addr, end[n - 1]) < 0;
    }

    /** The index of the symbol containing {@code addr}, or -1. */
    public int find(long addr) {
        int at = SortedAddresses.lastAtOrBefore(start, start.length, addr);
        // An enclosing symbol further back (nested sizes) is rare; look a little way, not through the table.
        int stop = Math.max(-1, at - 16);
        for (int i = at; i > stop && Long.compareUnsigned(maxEnd[i], addr) > 0; i--) {
            if (Long.compareUnsigned(addr, end[i]) < 0) {
                return i;
            }
        }
        return -1;
    }
}
