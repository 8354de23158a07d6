package io.myflame.ingest.symbols;

import io.myflame.ingest.elf.BuildIds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A build-id cache as {@code perf record} fills {@code ~/.debug}: {@code .build-id/xx/rest/elf}
 * (or {@code vdso}) and {@code debug} for a file, {@code [kernel.kallsyms]/ID/kallsyms} for the
 * kernel. perf archive's tarball unpacks to the same layout ({@link PerfArchiveTarball}).
 */
final class BuildIdCache implements SymbolSource {
    private final Path root;
    private final List<String> notes;
    /** The running kernel's symbols from this cache, read ahead ({@link #readRunningKernel}); null when not. */
    private final CompletableFuture<SymbolTable> runningAhead;

    BuildIdCache(Path root, List<String> notes) {
        this(root, notes, null);
    }

    BuildIdCache(Path root, List<String> notes, CompletableFuture<SymbolTable> runningAhead) {
        this.root = root;
        this.notes = notes;
        this.runningAhead = runningAhead;
    }

    /**
     * Starts reading {@code ~/.debug}'s copy of the running kernel's symbols on a helper thread: a
     * perf.data recorded here without an archive asks for them as its first kernel sample is named, and
     * reading and sorting 120,000 lines then was a fifth of a small report's main thread. Empty when
     * unreadable: the read when asked says why.
     */
    static CompletableFuture<SymbolTable> readRunningKernel() {
        return readRunningKernel(home());
    }

    /** As {@link #readRunningKernel()}, from the cache at {@code root}. */
    static CompletableFuture<SymbolTable> readRunningKernel(Path root) {
        String running = BuildIds.runningKernel();
        return running == null ? CompletableFuture.completedFuture(SymbolTable.EMPTY)
                : Kallsyms.readAhead(kallsyms(root, running));
    }

    private static Path kallsyms(Path root, String buildId) {
        return root.resolve("[kernel.kallsyms]").resolve(buildId).resolve("kallsyms");
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
        if (runningAhead != null && buildId.equals(BuildIds.runningKernel())) {
            SymbolTable t = runningAhead.join();
            if (t.size() > 0) {
                return new KernelSymbols(t, t.text);
            }
        }
        Path kallsyms = kallsyms(root, buildId);
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
