package io.myflame.ingest.symbols;

import io.myflame.ingest.unwind.CallFrameInfo;

/**
 * The symbol archive {@code myflame record} keeps beside the perf.data ({@link SymbolArchive}): the
 * recording machine's symbols and call frame information, by build id. Asked first, since nothing
 * on this machine can be more right about a recording made on another.
 */
final class ArchivedSymbols implements SymbolSource {
    /** Null when no archive lies beside the perf.data (or it was unreadable). */
    private final SymbolArchive archive;

    ArchivedSymbols(SymbolArchive archive) {
        this.archive = archive;
    }

    @Override
    public KernelSymbols kernel(String buildId) {
        SymbolArchive.Section s = archive == null ? null : archive.section(buildId, "[kernel.kallsyms]");
        return s == null ? null : new KernelSymbols(s.table(), s.text());
    }

    @Override
    public SymbolTable table(Dso dso, String buildId) {
        if (archive == null || (dso.kind != Dso.Kind.FILE && dso.kind != Dso.Kind.VDSO)) {
            return null;
        }
        SymbolArchive.Section s = archive.section(buildId, dso.name);
        return s == null ? null : s.table();
    }

    @Override
    public CallFrameInfo callFrameInfo(Dso dso) {
        return archive == null ? null : archive.cfi(dso.buildId, dso.name);
    }
}
