package io.myflame.ingest.symbols;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * {@code perf archive}'s {@code perf.data.tar.bz2} beside the perf.data ({@link PerfArchive}): a
 * build-id cache, unpacked the first time a lookup needs it. A tarball is decompressed from its
 * start to reach any entry, so it is asked only when nothing before it had a {@code .symtab} (for
 * the kernel, before the running kernel), and one that every name can do without is never opened.
 */
final class PerfArchiveTarball implements SymbolSource {
    /** Where the tarball lies (beside this perf.data; null: no perf.data) and the build ids to unpack from it. */
    private final Path perfData;
    private final Set<String> buildIds;
    private final List<String> notes;
    /** The tarball unpacked as a cache, once {@link #unpacked} was first asked (null: none, or unreadable). */
    private BuildIdCache cache;
    private boolean opened;

    PerfArchiveTarball(Path perfData, Set<String> buildIds, List<String> notes) {
        this.perfData = perfData;
        this.buildIds = buildIds;
        this.notes = notes;
    }

    private synchronized BuildIdCache unpacked() {
        if (!opened) {
            opened = true;
            Path root = perfData == null ? null : PerfArchive.unpackNear(perfData, buildIds, notes);
            cache = root == null ? null : new BuildIdCache(root, notes);
        }
        return cache;
    }

    @Override
    public KernelSymbols kernel(String buildId) {
        BuildIdCache c = buildId == null ? null : unpacked();
        return c == null ? null : c.kernel(buildId);
    }

    @Override
    public Iterable<Path> files(Dso dso, String buildId, Purpose purpose) {
        BuildIdCache c = buildId == null || buildId.length() <= 2 ? null : unpacked();
        return c == null ? List.of() : c.files(dso, buildId, purpose);
    }

    @Override
    public boolean onlyWithoutSymtab() {
        return true;
    }
}
