package io.myflame.ingest.symbols;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The debuginfod servers {@code DEBUGINFOD_URLS} names ({@link DebuginfodClient}), asked last and
 * only for a file with a build id that nothing here had a {@code .symtab} for, as gdb and elfutils
 * ask them: their debuginfo of the build id, then their executable when the debuginfo gave no
 * {@code .symtab} or nothing local gave the runtime sections (a recording read on another machine).
 * Each is fetched only when the one before did not do. Never asked while unwinding: a sample does
 * not wait on a server.
 */
final class DebuginfodServers implements SymbolSource {
    private final DebuginfodClient client;

    DebuginfodServers(DebuginfodClient client) {
        this.client = client;
    }

    @Override
    public Iterable<Path> files(Dso dso, String buildId, Purpose purpose) {
        if (purpose != Purpose.SYMBOLS || dso.kind != Dso.Kind.FILE || buildId == null) {
            return List.of();
        }
        return () -> new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < DebuginfodClient.Artifact.values().length && client.enabled();
            }

            @Override
            public Path next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return client.find(buildId, DebuginfodClient.Artifact.values()[next++]);
            }
        };
    }

    @Override
    public boolean onlyWithoutSymtab() {
        return true;
    }
}
