package io.myflame.ingest.symbols;

import io.myflame.ingest.elf.BuildIds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The running kernel's {@code /proc/kallsyms}, for a kernel recorded with no build id or with this
 * one's: the last place kernel symbols are looked for, and the one that says why none were found.
 */
final class RunningKernel implements SymbolSource {
    /**
     * The running kernel's symbols, read once per run on another thread: producing and parsing
     * /proc/kallsyms (120,000 lines) takes longer than the index pass over a 30 MB perf.data, so
     * it starts as soon as a perf.data input is seen ({@link #prefetch}).
     */
    private static CompletableFuture<SymbolTable> symbols;

    private final List<String> notes;

    RunningKernel(List<String> notes) {
        this.notes = notes;
    }

    static synchronized CompletableFuture<SymbolTable> prefetch() {
        if (symbols == null) {
            symbols = CompletableFuture.supplyAsync(() -> {
                try {
                    return Kallsyms.read(Path.of("/proc/kallsyms"));
                } catch (IOException | RuntimeException e) {
                    return SymbolTable.EMPTY;
                }
            }, Demangler::daemon);
        }
        return symbols;
    }

    /**
     * Whether the build-id cache ({@code ~/.debug}, which {@code perf record} fills) holds the running
     * kernel's symbols: {@link BuildIdCache} is asked for them before this source, so producing and
     * parsing /proc/kallsyms ahead (120,000 lines, a tenth of a small report's CPU) would be for
     * nothing. A perf.data of another kernel cannot use /proc/kallsyms at all.
     */
    static boolean cached() {
        String running = BuildIds.runningKernel();
        return running != null && Files.isReadable(BuildIdCache.home().resolve("[kernel.kallsyms]").resolve(running)
                .resolve("kallsyms"));
    }

    @Override
    public KernelSymbols kernel(String buildId) {
        if (buildId == null || buildId.equals(BuildIds.runningKernel())) {
            SymbolTable t = prefetch().join();
            if (t.size() == 0) {
                notes.add("kernel symbols not found: /proc/kallsyms gave none (kernel.kptr_restrict hides them from "
                        + "non-root users: run as root), and no archive of them lies beside the perf.data");
            }
            return new KernelSymbols(t, buildId == null ? -1 : t.text);
        }
        notes.add("kernel symbols of build " + buildId + " not found: the perf.data was recorded on another kernel ("
                + "this one is " + BuildIds.runningKernel() + "); record with myflame record, which keeps them beside "
                + "perf.data, or put perf archive's perf.data.tar.bz2 beside it");
        return new KernelSymbols(SymbolTable.EMPTY, -1);
    }
}
