package io.myflame.ingest.perfdata;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds the symbols of a {@link Dso} where perf finds them, in perf's order: the file's
 * {@code .gnu_debuglink} target, perf's build-id cache under {@code ~/.debug}, the debug-info
 * directories under {@code /usr/lib/debug}, then the path itself. A candidate whose build id
 * differs from the recorded one is skipped; the first with a {@code .symtab} wins, else the
 * {@code .dynsym} of the first that has one. When no local file has a {@code .symtab}, the
 * debuginfod servers are asked last ({@link DebuginfodSymbols}). The kernel comes from
 * {@code /proc/kallsyms} when the recording is of the running kernel, else from the build-id
 * cache's copy.
 */
final class SymbolSources {
    private final Path debugDir;
    private final Path debugRoot;
    final DebuginfodClient debuginfod;
    final List<String> notes = java.util.Collections.synchronizedList(new ArrayList<>());

    /**
     * The running kernel's symbols, read once per run on another thread: producing and parsing
     * /proc/kallsyms (120,000 lines) takes longer than the index pass over a 30 MB perf.data, so
     * it starts as soon as a perf.data input is seen ({@link #prefetchRunningKernel}).
     */
    private static java.util.concurrent.CompletableFuture<SymbolTable> runningKernel;

    static synchronized java.util.concurrent.CompletableFuture<SymbolTable> prefetchRunningKernel() {
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

    SymbolSources() {
        this(Path.of("/usr/lib/debug"), System.getenv());
    }

    /**
     * Looks in {@code debugRoot} where perf looks in /usr/lib/debug, and asks the debuginfod
     * servers {@code environment} names (tests: a temporary root, a server of their own).
     */
    SymbolSources(Path debugRoot, Map<String, String> environment) {
        this.debugDir = Path.of(System.getProperty("user.home"), ".debug");
        this.debugRoot = debugRoot;
        this.debuginfod = new DebuginfodClient(environment);
        prefetchRunningKernel();
    }

    SymbolTable load(Dso dso) {
        try {
            return switch (dso.kind) {
                case KERNEL -> kernel(dso.buildId);
                case JIT_MAP -> JitMap.read(Path.of(dso.name));
                case VDSO, FILE -> elf(dso, buildIdOf(dso));
                case NONE -> SymbolTable.EMPTY;
            };
        } catch (IOException | RuntimeException e) {
            return SymbolTable.EMPTY;
        }
    }

    /** The symbols of an ELF dso as they are for {@code buildId} (read ahead, before the dso's own id is final). */
    SymbolTable loadElf(Dso dso, String buildId) {
        try {
            return elf(dso, buildId);
        } catch (IOException | RuntimeException e) {
            return SymbolTable.EMPTY;
        }
    }

    /** The recorded build id, else (as perf does for a file the header does not list) the file's own. */
    private static String buildIdOf(Dso dso) {
        if (dso.buildId == null && dso.name.startsWith("/")) {
            ElfFile self = ElfFile.open(Path.of(dso.name));
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
            for (Path candidate : candidates(dso, buildId)) {
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
            SymbolList list = from.functions(table, runtime);
            // A stripped executable's .dynsym may define no function at all (/usr/bin/env): perf
            // still names its PLT entries (getopt_long@plt), so must we.
            SymbolList plt = runtime == null ? new SymbolList(0) : runtime.pltSymbols();
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

    private List<Path> candidates(Dso dso, String buildId) {
        List<Path> out = new ArrayList<>();
        String name = dso.name;
        boolean isFile = name.startsWith("/");
        if (isFile) {
            out.addAll(debugLinkTargets(Path.of(name)));
        }
        if (buildId != null && buildId.length() > 2) {
            Path link = debugDir.resolve(".build-id").resolve(buildId.substring(0, 2)).resolve(buildId.substring(2));
            out.add(link.resolve(dso.kind == Dso.Kind.VDSO ? "vdso" : "elf"));
            out.add(link.resolve("debug"));
        }
        if (isFile) {
            out.add(Path.of(debugRoot + name + ".debug"));
            out.add(Path.of(debugRoot + name));
        }
        if (buildId != null && buildId.length() > 2) {
            out.add(debugRoot.resolve(".build-id").resolve(buildId.substring(0, 2)).resolve(buildId.substring(2) + ".debug"));
        }
        if (isFile) {
            out.add(Path.of(name));
        }
        return out;
    }

    /** perf's debuglink_paths: the name alone, beside the file, in .debug/ beside it, under /usr/lib/debug. */
    private List<Path> debugLinkTargets(Path file) {
        ElfFile f = ElfFile.open(file);
        if (f == null) {
            return List.of();
        }
        try {
            int s = f.section(".gnu_debuglink");
            if (s < 0) {
                return List.of();
            }
            String link = ElfFile.cString(f.bytes(s), 0);
            if (link.isEmpty()) {
                return List.of();
            }
            String dir = file.getParent() == null ? "" : file.getParent().toString();
            return List.of(Path.of(link), Path.of(dir, link), Path.of(dir, ".debug", link),
                    Path.of(debugRoot + dir, link));
        } catch (IOException | RuntimeException e) {
            return List.of();
        } finally {
            f.close();
        }
    }

    private SymbolTable kernel(String buildId) throws IOException {
        Path kallsyms;
        if (buildId == null || buildId.equals(BuildIds.runningKernel())) {
            return prefetchRunningKernel().join();
        } else {
            kallsyms = debugDir.resolve("[kernel.kallsyms]").resolve(buildId).resolve("kallsyms");
            if (!Files.isReadable(kallsyms)) {
                notes.add("kernel symbols of build " + buildId + " not found (not the running kernel, none in ~/.debug)");
                return SymbolTable.EMPTY;
            }
        }
        return kallsyms(kallsyms);
    }

    /** "ffffffff8225fd19 T pvm_irq_enable" — text, weak, data and bss symbols, as perf keeps them. */
    static SymbolTable kallsyms(Path file) throws IOException {
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
    private static byte[] readAll(Path file) throws IOException {
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file)) {
            byte[] out = new byte[8 << 20];
            int used = 0;
            java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(out);
            while (true) {
                if (used == out.length) {
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
