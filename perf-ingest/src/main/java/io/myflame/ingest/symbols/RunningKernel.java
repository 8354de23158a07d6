package io.myflame.ingest.symbols;

import io.myflame.ingest.elf.BuildIds;
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
     * The running kernel's symbols, read on another thread: producing and parsing /proc/kallsyms
     * (120,000 lines) takes longer than the index pass over a 30 MB perf.data, so the run's start-up
     * begins it as soon as a perf.data input is seen and hands it here; a reader given none begins it
     * as it is made when it has no archive ({@link #start}). Null until begun.
     */
    private CompletableFuture<SymbolTable> symbols;

    private final List<String> notes;

    /** Kernel symbols from {@code ahead} (the run's read of /proc/kallsyms, or null: read it here when asked). */
    RunningKernel(List<String> notes, CompletableFuture<SymbolTable> ahead) {
        this.notes = notes;
        this.symbols = ahead;
    }

    /** Starts reading this machine's /proc/kallsyms on a helper thread; an unreadable one is no symbols. */
    static CompletableFuture<SymbolTable> read() {
        return Kallsyms.readAhead(Path.of("/proc/kallsyms"));
    }

    /** This reader's read of /proc/kallsyms, begun now unless it was. */
    synchronized CompletableFuture<SymbolTable> start() {
        if (symbols == null) {
            symbols = read();
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
            SymbolTable t = start().join();
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
