package io.myflame.ingest.perfdata;

/**
 * A mapped object as perf names it in {@code perf script}'s {@code (dso)} column: a file path,
 * {@code [kernel.kallsyms]}, {@code [vdso]} or a JIT map {@code /tmp/perf-PID.map}. Its
 * symbols are loaded once, on first use, by whichever decoding thread needs them first.
 */
final class Dso {
    enum Kind { FILE, KERNEL, VDSO, JIT_MAP, NONE }

    final int id;
    final String name;
    final Kind kind;
    String buildId;
    private volatile SymbolTable symbols;

    Dso(int id, String name, Kind kind) {
        this.id = id;
        this.name = name;
        this.kind = kind;
    }

    SymbolTable symbols(SymbolSources sources) {
        SymbolTable s = symbols;
        if (s == null) {
            synchronized (this) {
                s = symbols;
                if (s == null) {
                    s = sources.load(this);
                    symbols = s;
                }
            }
        }
        return s;
    }
}
