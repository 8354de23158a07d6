package io.myflame.ingest.perfdata;

import io.myflame.core.analysis.UnnamedCode;
import io.myflame.ingest.fold.SymbolTidy;
import io.myflame.ingest.script.FrameNames;
import io.myflame.ingest.symbols.Demangler;
import io.myflame.ingest.symbols.Dso;
import io.myflame.ingest.symbols.SymbolSources;
import io.myflame.ingest.symbols.SymbolTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Joins the decoders' stacks (one decoder's, or one a share's: {@link DecodePace}): each distinct
 * frame key is named once (demangled in one c++filt batch), expanded to the frames the text path
 * would make of its perf script line, and every local stack is re-keyed onto those names.
 */
final class StackMerge {
    private static final long DSO_MASK = (1L << 40) - 1;

    private final Tasks tasks;
    private final FrameNames names;
    private final Demangler demangler;
    private final LongPairIndex globalKeys = new LongPairIndex();
    private final List<int[]> globalFrames = new ArrayList<>();
    private final LongPairIndex rootKeys = new LongPairIndex();
    private final List<Integer> rootIds = new ArrayList<>();
    private Map<String, String> demangled = Map.of();
    private SymbolSources sources;

    StackMerge(Tasks tasks, FrameNames names, Demangler demangler) {
        this.tasks = tasks;
        this.names = names;
        this.demangler = demangler;
    }

    void merge(List<SampleDecoder> decoders, SymbolSources sources) throws PerfDataReader.Unsupported {
        this.sources = sources;
        demangleAll(decoders);
        int[] buf = new int[256];
        for (SampleDecoder d : decoders) {
            int[][] local = new int[d.frames.size()][];
            for (int i = 0; i < local.length; i++) {
                local[i] = frames(d.frames.hi[i], d.frames.lo[i]);
            }
            int[] roots = new int[d.roots.size()];
            for (int i = 0; i < roots.length; i++) {
                roots[i] = root((int) d.roots.hi[i], (int) d.roots.lo[i]);
            }
            int[][] ref = {buf};
            d.stacks.drain((i, root, stack, from, len, weight, count) -> {
                int n = 0;
                for (int k = from; k < from + len; k++) {
                    int[] parts = local[stack[k]];
                    if (ref[0].length < n + parts.length) {
                        ref[0] = java.util.Arrays.copyOf(ref[0], (n + parts.length) * 2);
                    }
                    System.arraycopy(parts, 0, ref[0], n, parts.length);
                    n += parts.length;
                }
                names.add(roots[root], ref[0], n, weight, count);
            });
            buf = ref[0];
        }
    }

    private void demangleAll(List<SampleDecoder> decoders) throws PerfDataReader.Unsupported {
        Set<String> wanted = new LinkedHashSet<>();
        for (SampleDecoder d : decoders) {
            for (int i = 0; i < d.frames.size(); i++) {
                String raw = rawSymbol(d.frames.hi[i], d.frames.lo[i]);
                if (raw != null && Demangler.mangled(raw)) {
                    wanted.add(raw);
                }
            }
        }
        try {
            demangled = demangler.demangle(new ArrayList<>(wanted));
        } catch (IOException e) {
            throw new PerfDataReader.Unsupported("C++ names need c++filt (binutils) to be demangled as perf does: "
                    + e.getMessage());
        }
    }

    /** The symbol's name as read from a file that perf demangles; null for kernel, JIT and unresolved frames. */
    private String rawSymbol(long hi, long lo) {
        long dsoId = (hi & DSO_MASK) - 1;
        if (dsoId < 0 || (hi & SampleDecoder.UNRESOLVED) != 0) {
            return null;
        }
        SymbolTable t = tasks.dsoList.get((int) dsoId).symbols(sources);
        return t.demangle ? t.name((int) lo) : null;
    }

    private int[] frames(long hi, long lo) {
        int g = globalKeys.indexOf(hi, lo);
        if (g < globalFrames.size()) {
            return globalFrames.get(g);
        }
        boolean java = (hi & SampleDecoder.JAVA) != 0;
        long dsoId = (hi & DSO_MASK) - 1;
        int[] out;
        if (dsoId < 0) {
            // "               0 [unknown] ([unknown])"
            out = names.frames(Long.toHexString(lo), "[unknown]", "[unknown]", java);
        } else {
            Dso dso = tasks.dsoList.get((int) dsoId);
            if ((hi & SampleDecoder.FUNCTION) != 0) {
                // A function without a symbol, by its file and start: "mariadbd+0x7e3a80" (docs/perf-data.md),
                // given an offset of its own so that tidying keeps the name whole.
                out = names.frames("0", unnamedFunction(dso.name, lo) + "+0x0", dso.name, java);
            } else if ((hi & SampleDecoder.UNRESOLVED) != 0) {
                // "          ee550a [unknown] (/usr/sbin/mariadbd)"
                out = names.frames(Long.toHexString(lo), "[unknown]", dso.name, java);
            } else {
                // "          b7a6e5 MYSQL_BIN_LOG::flush_and_sync+0x35 (/usr/sbin/mariadbd)"
                String sym = dso.symbols(sources).name((int) lo);
                sym = demangled.getOrDefault(sym, sym);
                if (sym.indexOf('\n') >= 0) {
                    // A line break in an ELF symbol (objcopy --redefine-sym allows one) would end the folded line.
                    sym = sym.replace("\n", "\\n");
                }
                out = names.frames("0", sym + "+0x0", dso.name, java);
            }
        }
        globalFrames.add(out);
        return out;
    }

    /** The name of a function without symbol: the file's base name (as in {@code [mariadbd]}) and its start. */
    private static String unnamedFunction(String dso, long start) {
        String file = SymbolTidy.baseName(dso);
        if (file.endsWith(" (deleted)")) {
            file = file.substring(0, file.length() - " (deleted)".length());
        }
        return UnnamedCode.name(file, start);
    }

    private int root(int tid, int commId) {
        int g = rootKeys.indexOf(tid, commId);
        if (g < rootIds.size()) {
            return rootIds.get(g);
        }
        String comm = commId >= 0 ? tasks.commNames.get(commId) : tid == 0 ? "swapper" : ":" + tid;
        int id = names.root(comm, tid);
        rootIds.add(id);
        return id;
    }
}
