package io.myflame.ingest.symbols;

import io.myflame.ingest.unwind.CallFrameInfo;

/**
 * A mapped object as perf names it in {@code perf script}'s {@code (dso)} column: a file path,
 * {@code [kernel.kallsyms]}, {@code [vdso]} or a JIT map {@code /tmp/perf-PID.map}. Its
 * symbols are loaded once: read ahead during the index pass when the file header names its build
 * id, else on first use by whichever decoding thread needs them first.
 */
public final class Dso {
    public enum Kind { FILE, KERNEL, VDSO, JIT_MAP, NONE }

    public final int id;
    public final String name;
    public final Kind kind;
    public String buildId;
    private volatile SymbolTable symbols;
    private volatile CallFrameInfo cfi;
    private volatile FunctionBounds functions;
    /** The build id symbols were read ahead for ({@link #readAhead}); null when they were loaded on first use. */
    private String readAheadFor;
    private boolean settled;

    public Dso(int id, String name, Kind kind) {
        this.id = id;
        this.name = name;
        this.kind = kind;
    }

    public SymbolTable symbols(SymbolSources sources) {
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

    /** Its call frame information for unwinding, read once from the file its symbols would come from. */
    public CallFrameInfo callFrameInfo(SymbolSources sources) {
        CallFrameInfo c = cfi;
        if (c == null) {
            synchronized (this) {
                c = cfi;
                if (c == null) {
                    c = sources.callFrameInfo(this);
                    cfi = c;
                }
            }
        }
        return c;
    }

    /** Its functions' bounds from its call frame information, for naming what its symbols do not ({@link FunctionBounds}). */
    public FunctionBounds functionBounds(SymbolSources sources) {
        FunctionBounds f = functions;
        if (f == null) {
            synchronized (this) {
                f = functions;
                if (f == null) {
                    f = kind == Kind.FILE ? FunctionBounds.of(callFrameInfo(sources)) : FunctionBounds.NONE;
                    functions = f;
                }
            }
        }
        return f;
    }

    /** The call frame information loaded so far, without loading it: null when no unwind needed it. */
    public CallFrameInfo loadedCfi() {
        return cfi;
    }

    /** The symbols loaded so far, without loading them: null when no sample needed them. */
    public SymbolTable loaded() {
        return symbols;
    }

    /**
     * Loads an ELF dso's symbols ahead of the samples, for the build id the file header lists,
     * on a thread that would otherwise wait for the index pass to finish.
     */
    public void readAhead(SymbolSources sources, String headerBuildId) {
        synchronized (this) {
            if (symbols == null && !settled) {
                symbols = sources.loadElf(this, headerBuildId);
                readAheadFor = headerBuildId;
            }
        }
    }

    /**
     * Once the index pass has settled {@link #buildId}: symbols read ahead for another build id
     * (a later MMAP2 record named its own) are dropped, to be loaded again on first use.
     */
    public synchronized void confirmReadAhead() {
        if (readAheadFor != null && !readAheadFor.equals(buildId)) {
            symbols = null;
        }
        readAheadFor = null;
        settled = true;
    }
}
