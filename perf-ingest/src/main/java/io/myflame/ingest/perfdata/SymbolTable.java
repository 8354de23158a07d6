package io.myflame.ingest.perfdata;

import java.util.ArrayList;
import java.util.List;

/**
 * The symbols of one dso, sorted by start, with perf's fix-ups applied so a lookup gives the
 * symbol {@code perf script} prints: a symbol without a size ends where the next one starts
 * (the last one at the next page boundary), and of several symbols at one address only the one
 * perf prefers survives (sized, then non-weak, then global, then fewer leading underscores, then
 * longer name, then the first). Immutable once built; shared by the decoding threads.
 */
final class SymbolTable {
    static final SymbolTable EMPTY = new SymbolTable(List.of(), false);

    private final long[] start;
    private final long[] end;
    /** Prefix maximum of {@link #end}, so a lookup can find a symbol that encloses a later one. */
    private final long[] maxEnd;
    private final String[] names;
    /** Whether names are C++ mangled candidates (user-space ELF) rather than kernel or JIT names. */
    final boolean demangle;

    private SymbolTable(List<Sym> syms, boolean demangle) {
        int n = syms.size();
        start = new long[n];
        end = new long[n];
        maxEnd = new long[n];
        names = new String[n];
        long max = 0;
        for (int i = 0; i < n; i++) {
            Sym s = syms.get(i);
            start[i] = s.start;
            end[i] = s.end;
            names[i] = s.name;
            max = i == 0 || Long.compareUnsigned(s.end, max) > 0 ? s.end : max;
            maxEnd[i] = max;
        }
        this.demangle = demangle;
    }

    /** A symbol being fixed up: {@code end == start} means "no size yet". */
    static final class Sym {
        long start;
        long end;
        final int bind;
        final String name;

        Sym(long start, long size, int bind, String name) {
            this.start = start;
            this.end = start + size;
            this.bind = bind;
            this.name = name;
        }
    }

    /** ELF symbols: sorted (stable, so equal starts keep file order), ends fixed, duplicates dropped. */
    static SymbolTable ofElf(List<Sym> syms, List<Sym> plt) {
        List<Sym> sorted = sort(syms);
        fixupEnd(sorted, false);
        List<Sym> kept = dropDuplicates(sorted);
        if (!plt.isEmpty()) {
            kept.addAll(plt);
            kept = sort(kept);
        }
        return new SymbolTable(kept, true);
    }

    /** Kernel symbols from kallsyms, which have no sizes. Module symbols ("name\t[mod]") shape the ends, then go. */
    static SymbolTable ofKallsyms(List<Sym> syms) {
        List<Sym> sorted = sort(syms);
        fixupEnd(sorted, true);
        List<Sym> kept = new ArrayList<>();
        for (Sym s : dropDuplicates(sorted)) {
            if (s.name.indexOf('\t') < 0) {
                kept.add(s);
            }
        }
        return new SymbolTable(kept, false);
    }

    /** A JIT map's entries, as perf keeps them: no fix-ups. */
    static SymbolTable ofJitMap(List<Sym> syms) {
        return new SymbolTable(sort(syms), false);
    }

    private static List<Sym> sort(List<Sym> syms) {
        List<Sym> sorted = new ArrayList<>(syms);
        sorted.sort((a, b) -> Long.compareUnsigned(a.start, b.start));
        return sorted;
    }

    private static void fixupEnd(List<Sym> s, boolean kallsyms) {
        for (int i = 1; i < s.size(); i++) {
            Sym prev = s.get(i - 1);
            Sym curr = s.get(i);
            if (prev.end == prev.start) {
                if (kallsyms && (prev.name.indexOf('[') < 0) != (curr.name.indexOf('[') < 0)) {
                    prev.end = roundUp(prev.end + 4096);
                } else {
                    prev.end = curr.start;
                }
            }
        }
        if (!s.isEmpty()) {
            Sym last = s.get(s.size() - 1);
            if (last.end == last.start) {
                last.end = roundUp(last.start) + 4096;
            }
        }
    }

    private static long roundUp(long v) {
        return (v + 4095) & ~4095L;
    }

    private static List<Sym> dropDuplicates(List<Sym> s) {
        List<Sym> out = new ArrayList<>(s.size());
        Sym curr = null;
        for (Sym next : s) {
            if (curr == null || curr.start != next.start) {
                if (curr != null) {
                    out.add(curr);
                }
                curr = next;
            } else if (!preferFirst(curr, next)) {
                curr = next;
            }
        }
        if (curr != null) {
            out.add(curr);
        }
        return out;
    }

    /** perf's choose_best_symbol. */
    private static boolean preferFirst(Sym a, Sym b) {
        long la = a.end - a.start;
        long lb = b.end - b.start;
        if (lb == 0 && la > 0) {
            return true;
        } else if (la == 0 && lb > 0) {
            return false;
        }
        boolean wa = a.bind == 2;
        boolean wb = b.bind == 2;
        if (wa != wb) {
            return wb;
        }
        boolean ga = a.bind == 1;
        boolean gb = b.bind == 1;
        if (ga != gb) {
            return ga;
        }
        int ua = underscores(a.name);
        int ub = underscores(b.name);
        if (ua != ub) {
            return ub > ua;
        }
        return a.name.length() >= b.name.length();
    }

    private static int underscores(String name) {
        int i = 0;
        while (i < name.length() && name.charAt(i) == '_') {
            i++;
        }
        return i;
    }

    int size() {
        return names.length;
    }

    String name(int i) {
        return names[i];
    }

    long start(int i) {
        return start[i];
    }

    /**
     * Whether {@code addr} lies between the first symbol's start and the last one's end: perf
     * stretches the kernel map to its kallsyms symbols once they are loaded (map__fixup_start/end),
     * so init text beyond {@code _etext} still resolves.
     */
    boolean covers(long addr) {
        int n = start.length;
        return n > 0 && Long.compareUnsigned(addr, start[0]) >= 0 && Long.compareUnsigned(addr, end[n - 1]) < 0;
    }

    /** The index of the symbol containing {@code addr}, or -1. */
    int find(long addr) {
        int lo = 0;
        int hi = start.length - 1;
        int at = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(start[mid], addr) <= 0) {
                at = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
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
