package io.myflame.ingest.symbols;

import java.nio.file.Path;
import java.util.List;

/** The file at the path the recording names, under {@code --symfs} when given. */
final class RecordedPath implements SymbolSource {
    private final Symfs symfs;

    RecordedPath(Symfs symfs) {
        this.symfs = symfs;
    }

    @Override
    public Iterable<Path> files(Dso dso, String buildId, Purpose purpose) {
        return dso.name.startsWith("/") ? List.of(symfs.under(dso.name)) : List.of();
    }
}
