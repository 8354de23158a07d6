package io.myflame.ingest.symbols;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A build-id cache as {@code perf record} fills {@code ~/.debug}: {@code .build-id/xx/rest/elf}
 * (or {@code vdso}) and {@code debug} for a file, {@code [kernel.kallsyms]/ID/kallsyms} for the
 * kernel. perf archive's tarball unpacks to the same layout ({@link PerfArchiveTarball}).
 */
final class BuildIdCache implements SymbolSource {
    private final Path root;
    private final List<String> notes;

    BuildIdCache(Path root, List<String> notes) {
        this.root = root;
        this.notes = notes;
    }

    /** perf's own cache, {@code ~/.debug}. */
    static Path home() {
        return Path.of(System.getProperty("user.home"), ".debug");
    }

    @Override
    public KernelSymbols kernel(String buildId) {
        if (buildId == null) {
            return null;
        }
        Path kallsyms = root.resolve("[kernel.kallsyms]").resolve(buildId).resolve("kallsyms");
        if (Files.isReadable(kallsyms)) {
            try {
                SymbolTable t = Kallsyms.read(kallsyms);
                return new KernelSymbols(t, t.text);
            } catch (IOException e) {
                notes.add(e.getMessage() + "; kernel symbols come from elsewhere");
            }
        }
        return null;
    }

    @Override
    public Iterable<Path> files(Dso dso, String buildId, Purpose purpose) {
        if (buildId == null || buildId.length() <= 2) {
            return List.of();
        }
        Path link = root.resolve(".build-id").resolve(buildId.substring(0, 2)).resolve(buildId.substring(2));
        return List.of(link.resolve(dso.kind == Dso.Kind.VDSO ? "vdso" : "elf"), link.resolve("debug"));
    }
}
