package io.myflame.ingest.symbols;

import java.io.IOException;
import java.nio.file.Path;

/** A JIT's {@code /tmp/perf-PID.map}, read where the recording names it ({@link JitMap}). */
final class JitMapFile implements SymbolSource {
    @Override
    public SymbolTable table(Dso dso, String buildId) throws IOException {
        return dso.kind == Dso.Kind.JIT_MAP ? JitMap.read(Path.of(dso.name)) : null;
    }
}
