package io.myflame.ingest.symbols;

import io.myflame.ingest.elf.ElfFile;
import io.myflame.ingest.unwind.CallFrameInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Finds the symbols and call frame information of a {@link Dso} by asking the {@link SymbolSource}s
 * of {@link #sources} in order (docs/perf-data.md, "Where names come from"). A source with a whole
 * table answers alone; otherwise the ELF files the sources offer are opened one after another: a
 * candidate whose build id differs from the recorded one is skipped; of the rest, the first with a
 * {@code .symtab} wins, else the {@code .dynsym} of the first that has one. Kernel symbols of
 * another boot are moved by the difference of their {@code _text} to the recorded one (KASLR).
 * What could not be found is summed up in one note with how to supply it.
 */
public final class SymbolSources {
    /**
     * Where this machine keeps what names need: its debug root (/usr/lib/debug) and the
     * environment that names debuginfod servers (tests: a temporary root, a server of their own).
     */
    public record Host(Path debugRoot, Map<String, String> environment) {
        public static Host current() {
            return new Host(Path.of("/usr/lib/debug"), System.getenv());
        }
    }

    public final DebuginfodClient debuginfod;
    private final Symfs symfs;
    /** Every place symbols are looked for, in the order they are asked. */
    private final List<SymbolSource> sources;
    public final List<String> notes = Collections.synchronizedList(new ArrayList<>());
    private final Set<String> missing = Collections.synchronizedSet(new TreeSet<>());
    /** Dsos whose symbol table was refused with a note of its own: not listed again as missing. */
    private final Set<String> refused = ConcurrentHashMap.newKeySet();
    /** The kernel's {@code _text} when recorded (the kernel map's offset, perf's ref_reloc_sym); -1 if unknown. */
    private volatile long kernelText = -1;
    /** Run once, when the first table with a name perf demangles is loaded ({@link #whenMangled}); then null. */
    private final AtomicReference<Runnable> onMangled = new AtomicReference<>();

    /**
     * What the run's start-up began for one perf.data before its reader was made: its symbol archive
     * being opened ({@link SymbolArchive#openAhead}), this machine's kernel symbols being read from
     * /proc/kallsyms ({@link #readRunningKernel}) or from the build-id cache's copy of them
     * ({@link #readCachedRunningKernel}); each null when not begun.
     */
    public record Ahead(CompletableFuture<SymbolArchive> archive, CompletableFuture<SymbolTable> runningKernel,
                        CompletableFuture<SymbolTable> cachedKernel) {
        /** Nothing begun: the sources open and read what they need themselves. */
        public static final Ahead NONE = new Ahead(null, null, null);
    }

    /** Starts reading this machine's kernel symbols (/proc/kallsyms) on a helper thread, for {@link Ahead}. */
    public static CompletableFuture<SymbolTable> readRunningKernel() {
        return RunningKernel.read();
    }

    /**
     * Starts reading the build-id cache's copy of the running kernel's symbols on a helper thread, for
     * {@link Ahead}: where {@link #runningKernelCached} holds, {@link BuildIdCache} answers for them.
     */
    public static CompletableFuture<SymbolTable> readCachedRunningKernel() {
        return BuildIdCache.readRunningKernel();
    }

    /** Symbols as this machine has them, with no perf.data beside which to look. */
    public SymbolSources() {
        this(null, Set.of(), null, Host.current());
    }

    /**
     * Symbols for {@code perfData}: its archive and perf archive tarball when they lie beside it
     * (only the files of {@code buildIds} are unpacked), then this machine's, file paths read
     * under {@code symfs} when not null (perf's --symfs).
     */
    public SymbolSources(Path perfData, Set<String> buildIds, Path symfs, Host host) {
        this(perfData, buildIds, symfs, host, Ahead.NONE);
    }

    /** As above, taking what the run began for {@code perfData} before its reader was made ({@code ahead}). */
    public SymbolSources(Path perfData, Set<String> buildIds, Path symfs, Host host, Ahead ahead) {
        this.debuginfod = new DebuginfodClient(host.environment());
        this.symfs = new Symfs(symfs);
        SymbolArchive archive = perfData == null ? null : SymbolArchive.near(perfData, notes, ahead.archive());
        RunningKernel runningKernel = new RunningKernel(notes, ahead.runningKernel());
        this.sources = List.of(
                new ArchivedSymbols(archive),
                new BuildIdCache(BuildIdCache.home(), notes, ahead.cachedKernel()),
                new RecordedPath(this.symfs),
                new DebugDirectories(host.debugRoot(), this.symfs),
                new PerfArchiveTarball(perfData, buildIds, notes),
                runningKernel,
                new JitMapFile(),
                new DebuginfodServers(debuginfod));
        if (archive == null && !runningKernelCached()) {
            runningKernel.start();
        }
    }

    /** Whether {@code ~/.debug} holds the running kernel's symbols ({@link RunningKernel#cached}). */
    public static boolean runningKernelCached() {
        return RunningKernel.cached();
    }

    /**
     * Whether reading {@code perfData} will likely want this machine's /proc/kallsyms: not when its
     * symbol archive lies beside it (a capture's holds the recording kernel's symbols), where
     * producing and parsing 120,000 lines on another thread would cost a small read a tenth of its
     * CPU time for nothing. Should the archive lack them after all, they are read when asked for.
     */
    public static boolean needsRunningKernel(Path perfData) {
        return !Files.isRegularFile(SymbolArchive.besides(perfData));
    }

    public void kernelText(long text) {
        kernelText = text;
    }

    /**
     * Runs {@code task} once, as soon as a table is loaded that holds a name perf demangles (a C++ or Rust
     * program's): the reader starts c++filt then, so a program without such names never starts it.
     */
    public void whenMangled(Runnable task) {
        onMangled.set(task);
    }

    private SymbolTable loaded(SymbolTable t) {
        if (onMangled.get() != null && t.hasMangledNames()) {
            Runnable task = onMangled.getAndSet(null);
            if (task != null) {
                task.run();
            }
        }
        return t;
    }

    public SymbolTable load(Dso dso) {
        try {
            SymbolTable t = switch (dso.kind) {
                case KERNEL -> kernel(dso.buildId);
                case JIT_MAP, VDSO, FILE -> {
                    SymbolTable whole = whole(dso, dso.buildId);
                    yield whole != null || dso.kind == Dso.Kind.JIT_MAP ? orEmpty(whole) : elf(dso, buildIdOf(dso));
                }
                case NONE -> SymbolTable.EMPTY;
            };
            if (t.size() == 0 && dso.kind == Dso.Kind.FILE && !refused.contains(dso.name)) {
                missing.add(dso.name + (dso.buildId == null ? "" : " (build id " + dso.buildId + ")"));
            }
            return loaded(t);
        } catch (IOException | RuntimeException e) {
            return SymbolTable.EMPTY;
        }
    }

    /** The symbols of an ELF dso as they are for {@code buildId} (read ahead, before the dso's own id is final). */
    SymbolTable loadElf(Dso dso, String buildId) {
        SymbolTable t;
        try {
            SymbolTable whole = whole(dso, buildId);
            t = whole != null ? whole : elf(dso, buildId);
        } catch (IOException | RuntimeException e) {
            t = SymbolTable.EMPTY;
        }
        if (t.size() == 0 && dso.kind == Dso.Kind.FILE && !refused.contains(dso.name)) {
            missing.add(dso.name + (buildId == null ? "" : " (build id " + buildId + ")"));
        }
        return loaded(t);
    }

    private static SymbolTable orEmpty(SymbolTable t) {
        return t == null ? SymbolTable.EMPTY : t;
    }

    /** The first whole table a source has for the dso; null when every one would look at files. */
    private SymbolTable whole(Dso dso, String buildId) throws IOException {
        for (SymbolSource source : sources) {
            SymbolTable t = source.table(dso, buildId);
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    /**
     * One line for what had no symbols at all, with where they could come from; null when every
     * dso that samples hit was found.
     */
    public String missingNote() {
        if (missing.isEmpty()) {
            return null;
        }
        List<String> all = new ArrayList<>(missing);
        String list = String.join(", ", all.subList(0, Math.min(5, all.size())))
                + (all.size() > 5 ? " and " + (all.size() - 5) + " more" : "");
        return "no symbols for " + list + ": their frames are unnamed. Supply them with myflame record (keeps "
                + "them beside perf.data), perf archive's perf.data.tar.bz2 beside the perf.data, --symfs DIR "
                + "holding the recording machine's files, the debug package (-dbgsym, -debuginfo) of that build "
                + "id, or DEBUGINFOD_URLS";
    }

    /** The recorded build id, else (as perf does for a file the header does not list) the file's own. */
    private String buildIdOf(Dso dso) {
        if (dso.buildId == null && dso.name.startsWith("/")) {
            ElfFile self = ElfFile.open(symfs.under(dso.name));
            if (self != null) {
                dso.buildId = self.buildId();
                self.close();
            }
        }
        return dso.buildId;
    }

    private SymbolTable elf(Dso dso, String buildId) throws IOException {
        ElfFile syms = null;
        ElfFile runtime = null;
        List<ElfFile> opened = new ArrayList<>();
        try {
            search:
            for (SymbolSource source : sources) {
                if (syms != null && source.onlyWithoutSymtab()) {
                    continue;
                }
                for (Path candidate : source.files(dso, buildId, SymbolSource.Purpose.SYMBOLS)) {
                    ElfFile f = ElfFile.open(candidate);
                    if (f == null) {
                        continue;
                    }
                    opened.add(f);
                    if (buildId != null && !buildId.equals(f.buildId())) {
                        continue;
                    }
                    if (syms == null && f.hasSymtab()) {
                        syms = f;
                    }
                    if (runtime == null && f.sectionOfType(ElfFile.SHT_DYNSYM) >= 0) {
                        runtime = f;
                    }
                    if (syms != null && runtime != null) {
                        break search;
                    }
                }
            }
            return table(dso, syms, runtime);
        } finally {
            for (ElfFile f : opened) {
                f.close();
            }
        }
    }

    /** The names of {@code syms}' {@code .symtab}, else of {@code runtime}'s {@code .dynsym}, with the PLT's. */
    private SymbolTable table(Dso dso, ElfFile syms, ElfFile runtime) {
        ElfFile from = syms != null ? syms : runtime;
        if (from == null) {
            return SymbolTable.EMPTY;
        }
        ElfTableCache kept = ElfTableCache.of(from.path(), from == syms, runtime == null ? null : runtime.path(), dso.name);
        SymbolTable earlier = kept == null ? null : kept.table();
        if (earlier != null) {
            return earlier;
        }
        int table = from == syms ? from.sectionOfType(ElfFile.SHT_SYMTAB) : from.sectionOfType(ElfFile.SHT_DYNSYM);
        SymbolList list;
        SymbolList plt;
        try {
            list = ElfSymbols.functions(from, table, runtime);
            // A stripped executable's .dynsym may define no function at all (/usr/bin/env): perf
            // still names its PLT entries (getopt_long@plt), so must we.
            plt = runtime == null ? new SymbolList(0) : ElfSymbols.pltSymbols(runtime);
        } catch (IOException e) {
            // A header that lies about a table's size or place (ElfFile checks): one note, no names.
            notes.add(e.getMessage() + "; its symbols are not read");
            refused.add(dso.name);
            return SymbolTable.EMPTY;
        }
        if (list.size == 0 && plt.size == 0) {
            return SymbolTable.EMPTY;
        }
        SymbolTable made = SymbolTable.ofElf(list, plt);
        if (kept != null) {
            kept.keep(made);
        }
        return made;
    }

    /**
     * The call frame information of an ELF dso: a source's whole (the archive's), else from the
     * first of the files its symbols are looked for in that has the recorded build id and a loaded
     * {@code .eh_frame} with its search table, else a {@code .debug_frame}; {@link CallFrameInfo#NONE}
     * for anything else (the kernel, JIT code, a file not found), where perf's unwinder stops too.
     */
    public CallFrameInfo callFrameInfo(Dso dso) {
        if (dso.kind != Dso.Kind.FILE && dso.kind != Dso.Kind.VDSO) {
            return CallFrameInfo.NONE;
        }
        for (SymbolSource source : sources) {
            CallFrameInfo whole = source.callFrameInfo(dso);
            if (whole != null) {
                return whole;
            }
        }
        try {
            String buildId = buildIdOf(dso);
            CallFrameInfo debugOnly = null;
            for (SymbolSource source : sources) {
                for (Path candidate : source.files(dso, buildId, SymbolSource.Purpose.UNWINDING)) {
                    ElfFile f = ElfFile.open(candidate);
                    if (f == null) {
                        continue;
                    }
                    try {
                        if (buildId != null && !buildId.equals(f.buildId())) {
                            continue;
                        }
                        CallFrameInfo cfi = CallFrameInfo.read(f);
                        if (cfi.hasEhFrame()) {
                            return cfi;
                        }
                        if (debugOnly == null && cfi != CallFrameInfo.NONE) {
                            debugOnly = cfi;
                        }
                    } finally {
                        f.close();
                    }
                }
            }
            return debugOnly == null ? CallFrameInfo.NONE : debugOnly;
        } catch (RuntimeException e) {
            return CallFrameInfo.NONE;
        }
    }

    /** The kernel's symbols from the first source that has them, moved to where the recording had them. */
    private SymbolTable kernel(String buildId) throws IOException {
        for (SymbolSource source : sources) {
            SymbolSource.KernelSymbols k = source.kernel(buildId);
            if (k != null) {
                return relocate(k.table(), k.text());
            }
        }
        return SymbolTable.EMPTY;
    }

    /** Kernel symbols whose {@code _text} was at {@code text}, moved to where the recording had it. */
    private SymbolTable relocate(SymbolTable t, long text) {
        long recorded = kernelText;
        // -1 is unknown; 0 is an address kernel.kptr_restrict hid.
        return recorded == -1 || recorded == 0 || text == -1 || text == 0 || recorded == text ? t
                : t.relocated(recorded - text);
    }
}
