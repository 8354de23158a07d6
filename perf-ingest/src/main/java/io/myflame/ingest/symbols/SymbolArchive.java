package io.myflame.ingest.symbols;

import io.myflame.ingest.unwind.CallFrameInfo;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The names a perf.data needs, kept beside it so it reads the same on a machine that has none of
 * the recording machine's files: the recording kernel's symbols, the symbol tables of every dso
 * whose frames were named and the call frame information of every file unwound, keyed by build
 * id. Tables are stored as the reader uses them (after perf's fix-ups), so a lookup gives the same
 * symbol as on the recording machine. Two versions: {@code perf.data.symbols}, indexed, of which a
 * read loads only the sections of the dsos its samples hit ({@link IndexedArchive}, what
 * {@code record} writes); and {@code perf.data.symbols.gz}, gzipped text read whole
 * ({@link TextArchive}, older captures). When both lie beside a perf.data the indexed one is read.
 */
public final class SymbolArchive {
    /** The archive's name beside a perf.data: {@code perf.data} → {@code perf.data.symbols}. */
    static final String SUFFIX = ".symbols";
    /** A version-1 archive's name: {@code perf.data} → {@code perf.data.symbols.gz}. */
    static final String TEXT_SUFFIX = ".symbols.gz";
    /*
     * What an archive may hold. The bundled captures' archives hold about 190,000 symbols
     * (121,822 of them the kernel's) and 36,000 search table entries and inflate to 8-11 MB; these
     * limits are ten times a large server's and keep a bomb (a few KB that inflate to gigabytes, a
     * line or directory entry declaring billions of entries) to a few hundred MB and one note.
     */
    /** The most bytes a text archive may inflate to, and an indexed archive's section may hold. */
    public static final int MAX_INFLATED = 128 << 20;
    /** The most symbols, all tables together. */
    public static final int MAX_SYMBOLS = 2_000_000;
    /** The most call frame search table entries, all files together; and load segments of one file. */
    static final int MAX_FDES = 2_000_000;
    static final int MAX_LOADS = 256;

    /** One dso's table as archived: its kind, build id and, for a kernel, where its {@code _text} was. */
    public record Section(String kind, String buildId, long text, String name, SymbolTable table) {
    }

    /** One file's call frame information as archived. */
    public record Cfi(String buildId, String name, CallFrameInfo info) {
    }

    /** What an archive holds, by {@link #key}: read whole (text) or section by section (indexed). */
    interface Contents {
        /** The dso's table, or null; a section found damaged adds a note to {@code notes} and gives null. */
        Section section(String key, List<String> notes);

        CallFrameInfo cfi(String key, List<String> notes);
    }

    private final Contents contents;
    /** Where a section found damaged on loading is noted: the reading's notes once {@link #near} hands them over. */
    private volatile List<String> notes = java.util.Collections.synchronizedList(new java.util.ArrayList<>());

    private SymbolArchive(Contents contents) {
        this.contents = contents;
    }

    /**
     * The archive beside {@code perfData} to read: the indexed one when it is there or no text one
     * is, else the text one.
     */
    public static Path besides(Path perfData) {
        Path indexed = perfData.resolveSibling(perfData.getFileName() + SUFFIX);
        Path text = perfData.resolveSibling(perfData.getFileName() + TEXT_SUFFIX);
        return Files.isRegularFile(indexed) || !Files.isRegularFile(text) ? indexed : text;
    }

    /** Where an archive of {@code perfData} is written: the indexed one's name. */
    public static Path writtenBeside(Path perfData) {
        return perfData.resolveSibling(perfData.getFileName() + SUFFIX);
    }

    /** Both names an archive may have beside {@code perfData}. */
    public static List<Path> namesBeside(Path perfData) {
        return List.of(writtenBeside(perfData), perfData.resolveSibling(perfData.getFileName() + TEXT_SUFFIX));
    }

    /**
     * Starts opening the archive beside {@code perfData} on a helper thread, from the moment its path
     * is on the command line: inflating and parsing a text archive's 11 MB of tables and call frame
     * information takes as long as the index pass over its perf.data, and the two need nothing from
     * each other (an indexed one's directory is read in a moment). Null when there is none; the run's
     * start-up hands it to the reader of that perf.data, which gives it to {@link #near}.
     */
    public static java.util.concurrent.CompletableFuture<SymbolArchive> openAhead(Path perfData) {
        Path file = besides(perfData);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        return java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return read(file);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, Demangler::daemon);
    }

    /** The archive beside {@code perfData}, or null when there is none or it cannot be read (the notes say why). */
    public static SymbolArchive near(Path perfData, List<String> notes) {
        return near(perfData, notes, null);
    }

    /**
     * As {@link #near(Path, List)}, waiting for {@code ahead} (the archive {@link #openAhead opened ahead}
     * beside this very perf.data, or null: open it now) instead of opening it; its failure is noted in
     * the same words.
     */
    public static SymbolArchive near(Path perfData, List<String> notes,
                                     java.util.concurrent.CompletableFuture<SymbolArchive> ahead) {
        Path file = besides(perfData);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            SymbolArchive archive = ahead != null ? ahead.join() : read(file);
            archive.notes = notes;
            return archive;
        } catch (java.util.concurrent.CompletionException e) {
            Throwable why = e.getCause() instanceof java.io.UncheckedIOException u ? u.getCause() : e.getCause();
            notes.add(file + ": not a symbol archive myflame can read (" + why.getMessage() + "); names come from this machine");
            return null;
        } catch (IOException | RuntimeException e) {
            notes.add(file + ": not a symbol archive myflame can read (" + e.getMessage() + "); names come from this machine");
            return null;
        }
    }

    /**
     * How a dso is keyed: its build id, or for a file built without one (MariaDB 10.2's
     * {@code mysqld}) its path, as {@code file:PATH} with spaces and newlines escaped so a key is
     * one word of a line.
     */
    static String key(String buildId, String name) {
        return buildId != null ? buildId
                : "file:" + name.replace("\\", "\\\\").replace(" ", "\\s").replace("\n", "\\n");
    }

    /** The archived table of the dso with {@code buildId} (null: the one named {@code name}), or null. */
    public Section section(String buildId, String name) {
        return contents.section(key(buildId, name), notes);
    }

    /** The archived call frame information of the file with {@code buildId} (null: named {@code name}), or null. */
    public CallFrameInfo cfi(String buildId, String name) {
        return contents.cfi(key(buildId, name), notes);
    }

    /**
     * Opens {@code file}, whichever version its first bytes say it is: an indexed archive's
     * directory is read now and its sections when asked for; a text archive is read whole.
     */
    public static SymbolArchive read(Path file) throws IOException {
        byte[] head = new byte[IndexedArchive.MAGIC.length];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        }
        if (IndexedArchive.starts(head, n)) {
            return new SymbolArchive(IndexedArchive.open(file));
        }
        if (n >= 2 && head[0] == 0x1f && head[1] == (byte) 0x8b) {
            return readText(file);
        }
        throw new IOException("neither an indexed archive nor a gzipped one");
    }

    /**
     * A version-1 archive: from its indexed conversion kept by an earlier run ({@link ParsedCache}) when the
     * file is unchanged, else inflated and parsed whole and its conversion kept for the next run. Its 8–11 MB
     * of text cost a small report's helper 70 ms of CPU each run, on the main thread's path (it waits for the
     * archive before decoding); the indexed conversion loads only the sections the samples hit (the bundled
     * fp capture: 0.263 → 0.227 s, 21 interleaved runs). The conversion is written before the archive is
     * handed over, once: written beside the run, a small report's end cut it short run after run.
     */
    private static SymbolArchive readText(Path file) throws IOException {
        return readText(file, ParsedCache.of("archive", file));
    }

    /** As {@link #readText(Path)}, with the entry {@code cache} (null: none). */
    static SymbolArchive readText(Path file, ParsedCache cache) throws IOException {
        IndexedArchive kept = cache == null ? null : cache.open();
        if (kept != null) {
            return new SymbolArchive(kept);
        }
        TextArchive text = TextArchive.read(file);
        if (cache != null && convertible(text)) {
            cache.keep(out -> write(out, text.sections(), text.cfis()));
        }
        return new SymbolArchive(text);
    }

    /**
     * Whether the indexed conversion holds every section and call frame information of {@code text}: it
     * leaves out empty tables and files without {@code .eh_frame}, which would then be looked for on this
     * machine instead of found empty.
     */
    private static boolean convertible(TextArchive text) {
        return text.sections().stream().allMatch(s -> s.table() != null && s.table().size() > 0)
                && text.cfis().stream().allMatch(c -> c.info().hasEhFrame());
    }

    /** Whether this archive was read from an indexed file (a capture's, or a kept conversion of a text one). */
    boolean indexed() {
        return contents instanceof IndexedArchive;
    }

    /** Writes the text archive {@code text} again as an indexed one, holding the same tables and call frame information. */
    static void rewrite(Path text, OutputStream indexed) throws IOException {
        TextArchive old = TextArchive.read(text);
        write(indexed, old.sections(), old.cfis());
    }

    /**
     * Writes an indexed archive ({@link IndexedArchive}) of the tables of {@code sections} (null
     * tables and empty ones are left out) and the call frame information of {@code cfis}.
     */
    public static void write(OutputStream out, List<Section> sections, List<Cfi> cfis) throws IOException {
        IndexedArchive.write(out, sections, cfis);
    }
}
