package io.myflame.ingest.symbols;

import io.myflame.ingest.elf.BuildIds;
import io.myflame.ingest.elf.ElfFile;
import io.myflame.ingest.unwind.CallFrameInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the symbols of a {@link Dso}, in this order (docs/perf-data.md, "Where names come from"):
 * <ol>
 * <li>the symbol archive beside the perf.data ({@link SymbolArchive}: what {@code myflame record}
 *     kept of the recording machine), by build id;</li>
 * <li>perf's build-id cache {@code ~/.debug};</li>
 * <li>for the kernel, the running kernel's {@code /proc/kallsyms} when its build id is the recorded
 *     one; for a file, the file at its recorded path (under {@code --symfs}), then
 *     {@code /usr/lib/debug/.build-id/xx/rest.debug} (Debian's -dbgsym, Fedora's -debuginfo), then
 *     its {@code .gnu_debuglink} target beside it and under {@code /usr/lib/debug};</li>
 * <li>{@code perf archive}'s tarball beside the perf.data ({@link PerfArchive}), a build-id cache
 *     opened only once a lookup found nothing above (for the kernel, before the running kernel):
 *     every entry before the one wanted is decompressed to reach it;</li>
 * <li>for a file with a build id that nothing here had a {@code .symtab} for, the debuginfod servers
 *     {@code DEBUGINFOD_URLS} names ({@link DebuginfodSymbols}), as gdb and elfutils ask them.</li>
 * </ol>
 * A candidate whose build id differs from the recorded one is skipped; of the rest, the first with
 * a {@code .symtab} wins, else the {@code .dynsym} of the first that has one. Kernel symbols of
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

    private final Path debugRoot;
    public final DebuginfodClient debuginfod;
    private final Path symfs;
    private final SymbolArchive archive;
    private final List<Path> caches = new ArrayList<>();
    /** Where perf archive's tarball lies (beside this perf.data) and the build ids to unpack from it. */
    private final Path perfData;
    private final Set<String> buildIds;
    /** The tarball unpacked, once {@link #tarball} was first asked (null: none, or unreadable). */
    private Path unpacked;
    private boolean tarballOpened;
    public final List<String> notes = java.util.Collections.synchronizedList(new ArrayList<>());
    private final Set<String> missing = java.util.Collections.synchronizedSet(new java.util.TreeSet<>());
    /** Dsos whose symbol table was refused with a note of its own: not listed again as missing. */
    private final Set<String> refused = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** The kernel's {@code _text} when recorded (the kernel map's offset, perf's ref_reloc_sym); -1 if unknown. */
    private volatile long kernelText = -1;

    /**
     * The running kernel's symbols, read once per run on another thread: producing and parsing
     * /proc/kallsyms (120,000 lines) takes longer than the index pass over a 30 MB perf.data, so
     * it starts as soon as a perf.data input is seen ({@link #prefetchRunningKernel}).
     */
    private static java.util.concurrent.CompletableFuture<SymbolTable> runningKernel;

    public static synchronized java.util.concurrent.CompletableFuture<SymbolTable> prefetchRunningKernel() {
        if (runningKernel == null) {
            runningKernel = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return kallsyms(Path.of("/proc/kallsyms"));
                } catch (IOException | RuntimeException e) {
                    return SymbolTable.EMPTY;
                }
            }, Demangler::daemon);
        }
        return runningKernel;
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
        this.debugRoot = host.debugRoot();
        this.debuginfod = new DebuginfodClient(host.environment());
        this.symfs = symfs;
        this.archive = perfData == null ? null : SymbolArchive.near(perfData, notes);
        this.perfData = perfData;
        this.buildIds = buildIds;
        caches.add(Path.of(System.getProperty("user.home"), ".debug"));
        if (archive == null && !runningKernelCached()) {
            prefetchRunningKernel();
        }
    }

    /**
     * Whether the build-id cache ({@code ~/.debug}, which {@code perf record} fills) holds the running
     * kernel's symbols: {@link #kernel} reads them there before /proc/kallsyms, so producing and parsing
     * /proc/kallsyms ahead (120,000 lines, a tenth of a small report's CPU) would be for nothing. A
     * perf.data of another kernel cannot use /proc/kallsyms at all.
     */
    public static boolean runningKernelCached() {
        String running = BuildIds.runningKernel();
        return running != null && Files.isReadable(Path.of(System.getProperty("user.home"), ".debug", "[kernel.kallsyms]",
                running, "kallsyms"));
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

    public SymbolTable load(Dso dso) {
        try {
            SymbolTable t = switch (dso.kind) {
                case KERNEL -> kernel(dso.buildId);
                case JIT_MAP -> JitMap.read(Path.of(dso.name));
                case VDSO, FILE -> archived(dso.buildId, dso.name, () -> elf(dso, buildIdOf(dso)));
                case NONE -> SymbolTable.EMPTY;
            };
            if (t.size() == 0 && dso.kind == Dso.Kind.FILE && !refused.contains(dso.name)) {
                missing.add(dso.name + (dso.buildId == null ? "" : " (build id " + dso.buildId + ")"));
            }
            return t;
        } catch (IOException | RuntimeException e) {
            return SymbolTable.EMPTY;
        }
    }

    /** The symbols of an ELF dso as they are for {@code buildId} (read ahead, before the dso's own id is final). */
    SymbolTable loadElf(Dso dso, String buildId) {
        SymbolTable t;
        try {
            t = archived(buildId, dso.name, () -> elf(dso, buildId));
        } catch (IOException | RuntimeException e) {
            t = SymbolTable.EMPTY;
        }
        if (t.size() == 0 && dso.kind == Dso.Kind.FILE && !refused.contains(dso.name)) {
            missing.add(dso.name + (buildId == null ? "" : " (build id " + buildId + ")"));
        }
        return t;
    }

    /** Where a table comes from when the archive has none for its build id. */
    private interface Lookup {
        SymbolTable get() throws IOException;
    }

    private SymbolTable archived(String buildId, String name, Lookup otherwise) throws IOException {
        SymbolArchive.Section s = archive == null ? null : archive.section(buildId, name);
        return s != null ? s.table() : otherwise.get();
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
            ElfFile self = ElfFile.open(underSymfs(dso.name));
            if (self != null) {
                dso.buildId = self.buildId();
                self.close();
            }
        }
        return dso.buildId;
    }

    private Path underSymfs(String path) {
        return symfs == null ? Path.of(path) : Path.of(symfs.toString(), path);
    }

    private SymbolTable elf(Dso dso, String buildId) throws IOException {
        ElfFile syms = null;
        ElfFile runtime = null;
        List<ElfFile> opened = new ArrayList<>();
        try {
            List<Path> candidates = candidates(dso, buildId);
            int here = candidates.size();
            for (int i = 0; ; i++) {
                if (i == here && syms == null) {
                    candidates.addAll(inTarball(dso, buildId));
                }
                if (i >= candidates.size()) {
                    break;
                }
                ElfFile f = ElfFile.open(candidates.get(i));
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
                if (runtime == null && f.sectionOfType(ElfFile.SHT_DYNSYM) >= 0
                        && f.shType[f.sectionOfType(ElfFile.SHT_DYNSYM)] == ElfFile.SHT_DYNSYM) {
                    runtime = f;
                }
                if (syms != null && runtime != null) {
                    break;
                }
            }
            if (syms == null && dso.kind == Dso.Kind.FILE && buildId != null) {
                // Nothing here has the symbols: debuginfod servers are asked last, as by gdb.
                DebuginfodSymbols.Found remote = DebuginfodSymbols.lookUp(debuginfod, buildId, runtime, opened);
                syms = remote.symtab();
                runtime = remote.runtime();
            }
            ElfFile from = syms != null ? syms : runtime;
            if (from == null) {
                return SymbolTable.EMPTY;
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
            return SymbolTable.ofElf(list, plt);
        } finally {
            for (ElfFile f : opened) {
                f.close();
            }
        }
    }

    /**
     * The call frame information of an ELF dso: from the first of the files its symbols are looked
     * for in ({@link #candidates}) that has the recorded build id and a loaded {@code .eh_frame}
     * with its search table, else a {@code .debug_frame}; {@link CallFrameInfo#NONE} for anything
     * else (the kernel, JIT code, a file not found), where perf's unwinder stops too.
     */
    CallFrameInfo callFrameInfo(Dso dso) {
        if (dso.kind != Dso.Kind.FILE && dso.kind != Dso.Kind.VDSO) {
            return CallFrameInfo.NONE;
        }
        CallFrameInfo archived = archive == null ? null : archive.cfi(dso.buildId, dso.name);
        if (archived != null) {
            return archived;
        }
        try {
            String buildId = buildIdOf(dso);
            CallFrameInfo debugOnly = null;
            List<Path> candidates = candidates(dso, buildId);
            int here = candidates.size();
            for (int i = 0; ; i++) {
                if (i == here) {
                    candidates.addAll(inTarball(dso, buildId));
                }
                if (i >= candidates.size()) {
                    break;
                }
                ElfFile f = ElfFile.open(candidates.get(i));
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
            return debugOnly == null ? CallFrameInfo.NONE : debugOnly;
        } catch (RuntimeException e) {
            return CallFrameInfo.NONE;
        }
    }

    /**
     * perf archive's tarball unpacked, the first time a lookup needs it: a tarball is decompressed
     * from its start to reach any entry, so one that every name can do without is never opened.
     */
    private synchronized Path tarball() {
        if (!tarballOpened) {
            tarballOpened = true;
            unpacked = perfData == null ? null : PerfArchive.unpackNear(perfData, buildIds, notes);
        }
        return unpacked;
    }

    /** The tarball's files for {@code buildId}, as {@link #candidates} lists a build-id cache's. */
    private List<Path> inTarball(Dso dso, String buildId) {
        Path root = buildId == null || buildId.length() <= 2 ? null : tarball();
        if (root == null) {
            return List.of();
        }
        Path link = root.resolve(".build-id").resolve(buildId.substring(0, 2)).resolve(buildId.substring(2));
        return List.of(link.resolve(dso.kind == Dso.Kind.VDSO ? "vdso" : "elf"), link.resolve("debug"));
    }

    private List<Path> candidates(Dso dso, String buildId) {
        List<Path> out = new ArrayList<>();
        String name = dso.name;
        boolean isFile = name.startsWith("/");
        boolean hasId = buildId != null && buildId.length() > 2;
        if (hasId) {
            for (Path cache : caches) {
                Path link = cache.resolve(".build-id").resolve(buildId.substring(0, 2)).resolve(buildId.substring(2));
                out.add(link.resolve(dso.kind == Dso.Kind.VDSO ? "vdso" : "elf"));
                out.add(link.resolve("debug"));
            }
        }
        if (isFile) {
            out.add(underSymfs(name));
        }
        if (hasId) {
            out.add(underSymfs(debugRoot + "/.build-id/" + buildId.substring(0, 2) + "/" + buildId.substring(2) + ".debug"));
        }
        if (isFile) {
            out.addAll(debugLinkTargets(name));
            out.add(underSymfs(debugRoot + name + ".debug"));
            out.add(underSymfs(debugRoot + name));
        }
        return out;
    }

    /** perf's debuglink_paths: beside the file, in .debug/ beside it, under /usr/lib/debug, and the name alone. */
    private List<Path> debugLinkTargets(String name) {
        Path file = Path.of(name);
        ElfFile f = ElfFile.open(underSymfs(name));
        if (f == null) {
            return List.of();
        }
        try {
            int s = f.section(".gnu_debuglink");
            if (s < 0) {
                return List.of();
            }
            String link = ElfFile.cString(f.bytes(s), 0);
            if (link.isEmpty() || link.contains("/")) {
                return List.of();
            }
            String dir = file.getParent() == null ? "" : file.getParent().toString();
            return List.of(underSymfs(dir + "/" + link), underSymfs(dir + "/.debug/" + link),
                    underSymfs(debugRoot + dir + "/" + link));
        } catch (IOException | RuntimeException e) {
            return List.of();
        } finally {
            f.close();
        }
    }

    /** The kernel's symbols: archived, from a build-id cache, or the running kernel's when it is the recorded one. */
    private SymbolTable kernel(String buildId) throws IOException {
        SymbolArchive.Section s = archive == null ? null : archive.section(buildId, "[kernel.kallsyms]");
        if (s != null) {
            return relocate(s.table(), s.text());
        }
        if (buildId != null) {
            List<Path> where = new ArrayList<>(caches);
            for (int i = 0; ; i++) {
                if (i == caches.size() && tarball() != null) {
                    where.add(tarball());
                }
                if (i >= where.size()) {
                    break;
                }
                Path kallsyms = where.get(i).resolve("[kernel.kallsyms]").resolve(buildId).resolve("kallsyms");
                if (Files.isReadable(kallsyms)) {
                    try {
                        SymbolTable t = kallsyms(kallsyms);
                        return relocate(t, t.text);
                    } catch (IOException e) {
                        notes.add(e.getMessage() + "; kernel symbols come from elsewhere");
                    }
                }
            }
        }
        if (buildId == null || buildId.equals(BuildIds.runningKernel())) {
            SymbolTable t = prefetchRunningKernel().join();
            if (t.size() == 0) {
                notes.add("kernel symbols not found: /proc/kallsyms gave none (kernel.kptr_restrict hides them from "
                        + "non-root users: run as root), and no archive of them lies beside the perf.data");
            }
            return buildId == null ? t : relocate(t, t.text);
        }
        notes.add("kernel symbols of build " + buildId + " not found: the perf.data was recorded on another kernel ("
                + "this one is " + BuildIds.runningKernel() + "); record with myflame record, which keeps them beside "
                + "perf.data, or put perf archive's perf.data.tar.bz2 beside it");
        return SymbolTable.EMPTY;
    }

    /** Kernel symbols whose {@code _text} was at {@code text}, moved to where the recording had it. */
    private SymbolTable relocate(SymbolTable t, long text) {
        long recorded = kernelText;
        // -1 is unknown; 0 is an address kernel.kptr_restrict hid.
        return recorded == -1 || recorded == 0 || text == -1 || text == 0 || recorded == text ? t
                : t.relocated(recorded - text);
    }

    /** "ffffffff8225fd19 T pvm_irq_enable" — text, weak, data and bss symbols, as perf keeps them. */
    public static SymbolTable kallsyms(Path file) throws IOException {
        byte[] b = readAll(file);
        SymbolList syms = SymbolList.over(b, b.length / 40);
        // One short method per line, not one loop over 5 MB: the JIT compiles a method after a
        // few hundred calls, while a long loop runs interpreted until its on-stack replacement.
        for (int p = 0; p < b.length; ) {
            p = kallsymsLine(b, p, syms);
        }
        return SymbolTable.ofKallsyms(syms);
    }

    /** Adds the symbol of the line at {@code p} when perf keeps it; returns the next line's start. */
    private static int kallsymsLine(byte[] b, int p, SymbolList syms) {
        int eol = p;
        while (eol < b.length && b[eol] != '\n') {
            eol++;
        }
        long addr = 0;
        int i = p;
        for (int d; i < eol && (d = Character.digit(b[i], 16)) >= 0; i++) {
            addr = (addr << 4) | d;
        }
        if (i + 3 < eol && b[i] == ' ' && b[i + 2] == ' ' && b[i + 3] != '$') {
            char t = (char) b[i + 1];
            char type = Character.toUpperCase(t);
            if (type == 'T' || type == 'W' || type == 'D' || type == 'B') {
                int bind = type == 'W' ? SymbolList.WEAK : Character.isUpperCase(t) ? SymbolList.GLOBAL
                        : SymbolList.LOCAL;
                syms.addNamedAt(addr, 0, bind, i + 3, eol - i - 3);
            }
        }
        return eol + 1;
    }

    /**
     * A whole file, /proc files included (they say they are empty, so no size hint), in 1 MB
     * reads: /proc/kallsyms makes its 5 MB of text a read at a time, and small reads cost a
     * hundred milliseconds more.
     */
    /** The largest kallsyms read: a kernel's is about 10 MB (121,822 lines), with modules' symbols a little more. */
    static final int MAX_KALLSYMS = 64 << 20;

    private static byte[] readAll(Path file) throws IOException {
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file)) {
            byte[] out = new byte[8 << 20];
            int used = 0;
            java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(out);
            while (true) {
                if (used == out.length) {
                    if (used >= MAX_KALLSYMS) {
                        throw new IOException(file + ": " + (MAX_KALLSYMS >> 20) + " MB and more, larger than any kallsyms");
                    }
                    out = java.util.Arrays.copyOf(out, out.length * 2);
                    buf = java.nio.ByteBuffer.wrap(out);
                }
                buf.limit(Math.min(out.length, used + (1 << 20))).position(used);
                int n = ch.read(buf);
                if (n < 0) {
                    return out.length == used ? out : java.util.Arrays.copyOf(out, used);
                }
                used += n;
            }
        }
    }
}
