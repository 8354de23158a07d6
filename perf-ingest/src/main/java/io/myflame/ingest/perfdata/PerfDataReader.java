package io.myflame.ingest.perfdata;

import io.myflame.core.task.Concurrency;
import io.myflame.ingest.error.InputException;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;
import io.myflame.ingest.script.FrameNames;
import io.myflame.ingest.symbols.Demangler;
import io.myflame.ingest.symbols.Dso;
import io.myflame.ingest.symbols.PerfArchive;
import io.myflame.ingest.symbols.SymbolArchive;
import io.myflame.ingest.symbols.SymbolSources;
import io.myflame.ingest.symbols.SymbolTable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads a perf.data without perf: an index pass over the records ({@link RecordIndex}), then
 * the samples decoded in stretches ({@link SampleDecoder}; shared among threads when long enough:
 * {@link DecodePace}), then one merge that names each distinct frame once (symbols from the ELF
 * files, kallsyms, JIT maps; C++ names through one batched c++filt) and folds the stacks exactly as
 * the {@code perf script} text path does.
 * A file this reader would not read as perf does raises {@link Unsupported}, and the caller runs
 * perf script instead.
 */
public final class PerfDataReader {
    private final FoldOptions options;
    private final Concurrency concurrency;
    private final String cxxfilt;
    private final SymbolSources.Host host;
    private Path symfs;
    private Path archiveTo;
    private PerfDataAhead ahead = PerfDataAhead.NONE;
    private long shareFromNanos = DecodePace.SHARE_FROM_NANOS;

    /** As {@link #PerfDataReader(FoldOptions, Concurrency)} with {@link Concurrency#of}{@code (threads)}. */
    public PerfDataReader(FoldOptions options, int threads) {
        this(options, threads, "c++filt");
    }

    /**
     * Decodes the samples on up to as many threads as {@code concurrency} allows, when the work is long
     * enough to share ({@link DecodePace}).
     */
    public PerfDataReader(FoldOptions options, Concurrency concurrency) {
        this(options, concurrency, "c++filt", SymbolSources.Host.current());
    }

    PerfDataReader(FoldOptions options, int threads, String cxxfilt) {
        this(options, threads, cxxfilt, SymbolSources.Host.current());
    }

    /** Symbols looked up where {@code host} keeps them (tests: a debug root or debuginfod environment of their own). */
    PerfDataReader(FoldOptions options, int threads, String cxxfilt, SymbolSources.Host host) {
        this(options, Concurrency.of(threads), cxxfilt, host);
    }

    private PerfDataReader(FoldOptions options, Concurrency concurrency, String cxxfilt, SymbolSources.Host host) {
        this.options = options;
        this.concurrency = concurrency;
        this.cxxfilt = cxxfilt;
        this.host = host;
    }

    /**
     * The files read beside a perf.data, each with what it is: its symbol archive
     * ({@code perf.data.symbols}, or an older capture's {@code perf.data.symbols.gz}) and
     * {@code perf archive}'s tarball ({@code perf.data.tar.bz2}).
     */
    public static java.util.Map<Path, String> filesBeside(Path perfData) {
        java.util.Map<Path, String> files = new java.util.LinkedHashMap<>();
        SymbolArchive.namesBeside(perfData).forEach(f -> files.put(f, "the symbol archive"));
        files.put(perfData.resolveSibling(perfData.getFileName() + PerfArchive.SUFFIX), "perf archive's tarball");
        return files;
    }

    /** Reads the recorded files under {@code dir} (perf's --symfs): the recording machine's files copied here. */
    public PerfDataReader symfs(Path dir) {
        this.symfs = dir;
        return this;
    }

    /**
     * Shares the decoding among the threads allowed once one decoder would still need {@code nanos}
     * (0: as soon as its pace is measured; tests read through the shared path so).
     */
    PerfDataReader shareFrom(long nanos) {
        this.shareFromNanos = nanos;
        return this;
    }

    /** Takes what the run started for the perf.data before its command line was parsed. */
    public PerfDataReader ahead(PerfDataAhead started) {
        this.ahead = started;
        return this;
    }

    /**
     * Also writes, after reading, the symbols every named frame came from into {@code archive}
     * ({@link SymbolArchive}), so the perf.data reads the same on another machine.
     */
    public PerfDataReader archiveTo(Path archive) {
        this.archiveTo = archive;
        return this;
    }

    /** Where {@link #archiveTo} should write for {@code perfData} to find its archive by itself. */
    public static Path archiveBeside(Path perfData) {
        return SymbolArchive.writtenBeside(perfData);
    }

    /** Whether a symbol archive lies beside {@code perfData}, of either version. */
    public static boolean hasArchive(Path perfData) {
        return java.nio.file.Files.isRegularFile(SymbolArchive.besides(perfData));
    }

    /** A perf.data that only perf can read as perf does; the message says what it uses. */
    public static final class Unsupported extends Exception {
        public Unsupported(String why) {
            super(why);
        }
    }

    public FoldedStacks read(Path path) throws IOException, InputException, Unsupported {
        IndexAhead.Indexed indexed = ahead.index(path);
        try (PerfDataFile file = indexed != null ? indexed.file() : PerfDataFile.open(path);
                Demangler demangler = new Demangler(cxxfilt, path)) {
            if (file.unsupported != null) {
                throw new Unsupported(file.unsupported);
            }
            // c++filt is started at once for a perf.data with an archive ('record' captures: servers in C++);
            // for any other, when a table of C++ names is loaded. Starting it costs a run 25-35 ms of CPU
            // (the JDK looks for a logger in the jar when a process starts), for nothing in a C program's.
            boolean archived = hasArchive(path);
            if (archived) {
                demangler.start();
            }
            SymbolSources sources = new SymbolSources(path, new java.util.HashSet<>(file.buildIds.values()), symfs, host,
                    ahead.symbols(path));
            if (!archived) {
                sources.whenMangled(demangler::start);
            }
            RecordIndex index = indexed != null ? indexed.index() : new RecordIndex(file);
            ExecutorService dsoAhead = Executors.newSingleThreadExecutor(Concurrency.helpers("myflame-perfdata"));
            try {
                if (indexed == null) {
                    index.readAhead = (dso, id) -> dsoAhead.execute(() -> dso.readAhead(sources, id));
                    index.scan();
                }
                if (index.unsupported != null) {
                    throw new Unsupported(index.unsupported);
                }
                if (file.attrs.isEmpty()) {
                    throw new InputException(path + ": perf.data has no events");
                }
                String arch = file.arch == null ? System.getProperty("os.arch").replace("amd64", "x86_64") : file.arch;
                if (!arch.equals("x86_64") && file.attrs.stream().anyMatch(a -> a.has(EventAttr.REGS_USER))) {
                    throw new Unsupported("DWARF call graphs (--call-graph dwarf) recorded on " + arch
                            + " (the native unwinder knows x86_64 only)");
                }
                for (Dso d : index.tasks.dsoList) {
                    if (d.buildId == null) {
                        d.buildId = file.buildIds.get(d.name);
                    }
                    d.confirmReadAhead();
                }
                index.tasks.freeze();
                sources.kernelText(index.tasks.kernelText);
                FoldedStacks stacks = fold(path, file, index, sources, demangler);
                if (archiveTo != null) {
                    archive(index.tasks);
                }
                return stacks;
            } finally {
                dsoAhead.shutdownNow();
            }
        }
    }

    /** The tables the reading used, by build id: every dso a sample was named from. */
    private void archive(Tasks tasks) throws IOException {
        List<SymbolArchive.Section> sections = new ArrayList<>();
        List<SymbolArchive.Cfi> cfis = new ArrayList<>();
        for (Dso d : tasks.dsoList) {
            if (d.loadedCfi() != null && d.loadedCfi().hasEhFrame()) {
                cfis.add(new SymbolArchive.Cfi(d.buildId, d.name, d.loadedCfi()));
            }
            SymbolTable t = d.loaded();
            if (t == null || d.kind == Dso.Kind.JIT_MAP || d.kind == Dso.Kind.NONE) {
                continue;
            }
            String kind = switch (d.kind) {
                case KERNEL -> "kernel";
                case VDSO -> "vdso";
                default -> "elf";
            };
            long text = d.kind == Dso.Kind.KERNEL ? tasks.kernelText : -1;
            sections.add(new SymbolArchive.Section(kind, d.buildId, text, d.name, t));
        }
        try {
            io.myflame.core.output.AtomicFile.write(archiveTo, out -> SymbolArchive.write(out, sections, cfis));
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private FoldedStacks fold(Path path, PerfDataFile file, RecordIndex index, SymbolSources sources, Demangler demangler)
            throws IOException, InputException, Unsupported {
        String event = keptEvent(file, index);
        if (event == null) {
            // A file cut before its first sample (copied while perf wrote it) says so, not only "no samples".
            throw new InputException("no samples in " + path + (index.damagedAt >= 0
                    ? " (damaged or cut short at byte " + index.damagedAt + ", before any sample)" : ""));
        }
        List<SampleDecoder> decoders = decode(file, index, sources);
        List<String> warnings = new ArrayList<>();
        long other = 0;
        long unknownThread = 0;
        for (SampleDecoder d : decoders) {
            other += d.otherEvents;
            unknownThread += d.unknownThread;
        }
        if (other > 0) {
            warnings.add("kept only events of type " + event + " (others were in the input; --event-filter picks one)");
        }
        if (unknownThread > 0) {
            warnings.add("left out " + unknownThread + " sample" + (unknownThread == 1 ? "" : "s")
                    + " of no known thread (tid -1, perf script's ':-1 -1'), as perf script text is read");
        }
        if (index.damagedAt >= 0) {
            warnings.add(path + " is damaged at byte " + index.damagedAt + "; read the samples before it");
        }
        FrameNames names = new FrameNames(options);
        new StackMerge(index.tasks, names, demangler).merge(decoders, sources);
        // Only now is every file's symbol table loaded, and every note about one written.
        warnings.addAll(sources.notes);
        warnings.addAll(sources.debuginfod.notes());
        if (sources.missingNote() != null) {
            warnings.add(sources.missingNote());
        }
        return names.finish(path.toString(), event, warnings);
    }

    /**
     * The event the text path keeps, marking its attributes: the filter, else the first sample's
     * event without modifiers; "cpu-clock" keeps "cpu-clock:ppp" too.
     */
    private String keptEvent(PerfDataFile file, RecordIndex index) {
        String event = options.eventFilter();
        if (event == null) {
            if (index.firstEvent == null) {
                return null;
            }
            event = baseName(index.firstEvent.name);
        }
        for (EventAttr a : file.attrs) {
            a.kept = a.name.equals(event) || baseName(a.name).equals(event);
        }
        return event;
    }

    private static String baseName(String event) {
        int colon = event.indexOf(':');
        return colon < 0 ? event : event.substring(0, colon);
    }

    /**
     * Decodes the samples on this thread, from the first chunk on; when its pace says the rest would
     * still take long ({@link DecodePace}), the chunks left are cut into consecutive shares, this
     * thread keeping the first and workers taking the others. The decoders come back in file order.
     */
    private List<SampleDecoder> decode(PerfDataFile file, RecordIndex index, SymbolSources sources)
            throws IOException {
        List<RecordIndex.Chunk> chunks = index.chunks;
        int n = concurrency.workers(chunks.size());
        int maxStack = maxStack();
        java.util.function.Supplier<SampleDecoder> decoder = () -> new SampleDecoder(file, index.tasks, sources,
                options.includeAddrs(), maxStack, options.process());
        List<SampleDecoder> decoders = new ArrayList<>(List.of(decoder.get()));
        DecodePace pace = n > 1 ? new DecodePace(chunks, shareFromNanos) : null;
        ExecutorService pool = null;
        List<Future<?>> shares = new ArrayList<>();
        try {
            ByteBuffer buffer = null;
            int end = chunks.size();
            for (int i = 0; i < end; i++) {
                buffer = decodeChunk(index, decoders.get(0), chunks.get(i), buffer);
                if (pool == null && pace != null && end - (i + 1) >= n && pace.shareAfter(i, System.nanoTime())) {
                    int[] firsts = contiguousShares(chunks.subList(i + 1, end), n);
                    pool = Executors.newFixedThreadPool(n - 1, concurrency.workers("myflame-perfdata"));
                    for (int k = 1; k < n; k++) {
                        int from = i + 1 + firsts[k];
                        int to = i + 1 + firsts[k + 1];
                        if (from < to) {
                            SampleDecoder d = decoder.get();
                            decoders.add(d);
                            shares.add(pool.submit(() -> {
                                ByteBuffer b = null;
                                for (int c = from; c < to; c++) {
                                    b = decodeChunk(index, d, chunks.get(c), b);
                                }
                                return null;
                            }));
                        }
                    }
                    end = i + 1 + firsts[1];
                }
            }
            for (Future<?> f : shares) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IOException(e.getCause());
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
        return decoders;
    }

    /**
     * Splits the chunks into {@code n} runs of consecutive chunks of about equal bytes: decoder k takes chunks
     * {@code [firsts[k], firsts[k + 1])}. Consecutive runs, not chunks handed to whichever decoder is free: the
     * stacks are merged decoder by decoder, so each decoder must hold a stretch of the file for the merged order
     * (first seen first, which a flame chart draws) to be the file's order, the same with any thread count and
     * on every run. Handing out chunks as decoders came free made {@code flamegraph --flamechart} differ from
     * run to run.
     */
    static int[] contiguousShares(List<RecordIndex.Chunk> chunks, int n) {
        long total = 0;
        for (RecordIndex.Chunk c : chunks) {
            total += c.length();
        }
        int[] firsts = new int[n + 1];
        long done = 0;
        int k = 1;
        for (int i = 0; i < chunks.size() && k < n; i++) {
            done += chunks.get(i).length();
            while (k < n && done * n >= total * k) {
                firsts[k++] = i + 1;
            }
        }
        while (k <= n) {
            firsts[k++] = chunks.size();
        }
        return firsts;
    }

    /** Decodes chunk {@code c} read into {@code buffer} (or a larger one); returns the buffer, for the next chunk. */
    private static ByteBuffer decodeChunk(RecordIndex index, SampleDecoder d, RecordIndex.Chunk c, ByteBuffer buffer)
            throws IOException {
        ByteBuffer b = index.bytes(c, buffer);
        d.decode(b, b.limit(), c.seq());
        return b;
    }

    /** perf script keeps at most kernel.perf_event_max_stack real callchain entries (127 by default). */
    static int maxStack() {
        try {
            // Not Files.readString: /proc files report size 0 and it reads one byte of them.
            try (var r = Files.newBufferedReader(Path.of("/proc/sys/kernel/perf_event_max_stack"))) {
                return Integer.parseInt(r.readLine().strip());
            }
        } catch (IOException | RuntimeException e) {
            return 127;
        }
    }
}
