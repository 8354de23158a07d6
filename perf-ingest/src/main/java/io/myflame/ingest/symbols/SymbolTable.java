package io.myflame.ingest.symbols;

import java.nio.charset.StandardCharsets;

/**
 * The symbols of one dso, sorted by start, with perf's fix-ups applied so a lookup gives the
 * symbol {@code perf script} prints: a symbol without a size ends where the next one starts
 * (the last one at the next page boundary), and of several symbols at one address only the one
 * perf prefers survives (sized, then non-weak, then global, then fewer leading underscores, then
 * longer name, then the first). Immutable once built; shared by the decoding threads.
 */
public final class SymbolTable {
    static final SymbolTable EMPTY = new SymbolTable(ParsedColumns.EMPTY, false, -1, 0);

    private final SymbolColumns columns;
    /**
     * Added to every address the columns hold: a kernel table taken in another boot of the same
     * kernel, moved where KASLR placed this one ({@link #relocated}) without copying it.
     */
    private final long delta;
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
        this(new ParsedColumns(syms, idx, n), demangle, text, 0);
    }

    private SymbolTable(SymbolColumns columns, boolean demangle, long text, long delta) {
        this.columns = columns;
        this.names = new String[columns.size()];
        this.demangle = demangle;
        this.text = text;
        this.delta = delta;
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
     * A table read in place from an indexed archive's section ({@link ArchivedColumns}): its symbols
     * sorted by start and fixed up when written, so nothing is done to them here.
     */
    static SymbolTable ofArchived(ArchivedColumns columns, boolean demangle, long text) {
        return new SymbolTable(columns, demangle, text, 0);
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
        return new SymbolTable(columns, demangle, text == -1 ? -1 : text + delta, this.delta + delta);
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
        for (int i = 0; i < columns.size(); i++) {
            if (columns.mangled(i)) {
                return true;
            }
        }
        return false;
    }

    public int size() {
        return columns.size();
    }

    public String name(int i) {
        String n = names[i];
        if (n == null) {
            n = columns.name(i);
            names[i] = n;
        }
        return n;
    }

    public long start(int i) {
        return columns.start(i) + delta;
    }

    public long end(int i) {
        return columns.end(i) + delta;
    }

    /**
     * Whether {@code addr} lies between the first symbol's start and the last one's end: perf
     * stretches the kernel map to its kallsyms symbols once they are loaded (map__fixup_start/end),
     * so init text beyond {@code _etext} still resolves.
     */
    public boolean covers(long addr) {
        int n = columns.size();
        long a = addr - delta;
        return n > 0 && Long.compareUnsigned(a, columns.start(0)) >= 0 && Long.compareUnsigned(a, columns.end(n - 1)) < 0;
    }

    /** The index of the symbol containing {@code addr}, or -1 (also when the archive holding it lost its name). */
    public int find(long addr) {
        long a = addr - delta;
        int at = columns.lastAtOrBefore(a);
        // An enclosing symbol further back (nested sizes) is rare; look a little way, not through the table.
        int stop = Math.max(-1, at - 16);
        for (int i = at; i > stop && columns.mayHoldFrom(i, a); i--) {
            if (Long.compareUnsigned(a, columns.end(i)) < 0) {
                return columns.named(i) ? i : -1;
            }
        }
        return -1;
    }
}
