package io.myflame.ingest.symbols;

import io.myflame.ingest.unwind.CallFrameInfo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The names a perf.data needs, kept beside it ({@code perf.data.symbols.gz}) so it reads the same
 * on a machine that has none of the recording machine's files: the recording kernel's symbols and
 * the symbol tables of every dso whose frames were named, keyed by build id. Tables are stored as
 * the reader uses them (after perf's fix-ups), so a lookup gives the same symbol as on the
 * recording machine. Gzipped text, one section per dso:
 *
 * <pre>
 * myflame-symbols 1
 * dso kernel 7e3b...c1 ffffffff81000000 [kernel.kallsyms]     kind, build id, the kernel's _text, name
 * ffffffff81000000 1a0 _stext                                 start, size (hex), name
 * dso elf 93ac...40 - /usr/lib/x86_64-linux-gnu/libc.so.6
 * 28700 2b1 __libc_start_main
 * </pre>
 *
 * Names are bytes as read from the symbol table (mangled C++ names stay mangled); a backslash and
 * a newline in a name are written {@code \\} and {@code \n}. A dwarf recording also needs each
 * unwound file's call frame information: its {@code .eh_frame} (base64), search table and load
 * segments, in a {@code cfi} section:
 *
 * <pre>
 * cfi df9e…2c 181f4d8 17d9254 4 35937        build id, .eh_frame and .eh_frame_hdr addresses, counts
 * 0 0 7d5c30                                  load segments: file offset, address, size (hex)
 * 7d7000 7d8000 1a4f2e8
 * 13a2000 13a3000 3f1c5e4
 * …
 * 7d8000 18                                   search table: start address, FDE offset (hex)
 * …
 * FAAAAAAAAAABelIAAXgQARsMBwiQAQ…             .eh_frame, base64
 * </pre>
 */
public final class SymbolArchive {
    /** The archive's name beside a perf.data: {@code perf.data} → {@code perf.data.symbols.gz}. */
    static final String SUFFIX = ".symbols.gz";
    private static final String MAGIC = "myflame-symbols 1";
    /*
     * What an archive may hold. The bundled captures' archives inflate to 8-11 MB and hold about
     * 190,000 symbols (121,822 of them the kernel's) and 36,000 search table entries; these limits
     * are ten times a large server's and keep a bomb (a few KB that inflate to gigabytes, or a
     * line declaring billions of entries) to a few hundred MB and one note.
     */
    /** The most bytes an archive may inflate to. */
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

    private final Map<String, Section> byBuildId;
    private final Map<String, CallFrameInfo> cfiByBuildId;

    private SymbolArchive(Map<String, Section> byBuildId, Map<String, CallFrameInfo> cfiByBuildId) {
        this.byBuildId = byBuildId;
        this.cfiByBuildId = cfiByBuildId;
    }

    public static Path besides(Path perfData) {
        return perfData.resolveSibling(perfData.getFileName() + SUFFIX);
    }

    /**
     * The archive beside the perf.data being read, parsed on another thread from the moment its
     * path is on the command line ({@link #prefetch}): inflating and parsing a capture's 11 MB of
     * tables and call frame information takes as long as the index pass over its perf.data, and
     * the two need nothing from each other. Keyed by the archive's path; one entry per run.
     */
    private static final Map<Path, java.util.concurrent.CompletableFuture<SymbolArchive>> PREFETCHED =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** Starts parsing the archive beside {@code perfData} on a daemon thread (nothing if there is none). */
    public static void prefetch(Path perfData) {
        Path file = besides(perfData).toAbsolutePath();
        if (Files.isRegularFile(file)) {
            PREFETCHED.computeIfAbsent(file, f -> java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return read(f);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }, Demangler::daemon));
        }
    }

    /** The archive beside {@code perfData}, or null when there is none or it cannot be read (the notes say why). */
    public static SymbolArchive near(Path perfData, List<String> notes) {
        Path file = besides(perfData);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            java.util.concurrent.CompletableFuture<SymbolArchive> ahead = PREFETCHED.remove(file.toAbsolutePath());
            return ahead != null ? ahead.join() : read(file);
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
        return byBuildId.get(key(buildId, name));
    }

    /** The archived call frame information of the file with {@code buildId} (null: named {@code name}), or null. */
    public CallFrameInfo cfi(String buildId, String name) {
        return cfiByBuildId.get(key(buildId, name));
    }

    public static SymbolArchive read(Path file) throws IOException {
        byte[] b;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file), 1 << 16)) {
            b = in.readNBytes(MAX_INFLATED);
            if (in.read() >= 0) {
                throw new IOException("inflates to more than " + (MAX_INFLATED >> 20) + " MB, more than any real archive");
            }
        }
        int eol = lineEnd(b, 0);
        if (!new String(b, 0, eol, StandardCharsets.ISO_8859_1).equals(MAGIC)) {
            throw new IOException("no '" + MAGIC + "' header");
        }
        Map<String, Section> sections = new HashMap<>();
        Map<String, CallFrameInfo> cfi = new HashMap<>();
        int symbols = 0;
        int p = eol + 1;
        while (p < b.length) {
            eol = lineEnd(b, p);
            String line = new String(b, p, eol - p, StandardCharsets.ISO_8859_1);
            p = eol + 1;
            if (line.startsWith("cfi ")) {
                p = cfi(b, p, line.split(" "), cfi);
                continue;
            }
            String[] head = line.split(" ", 5);
            if (head.length != 5 || !head[0].equals("dso")) {
                throw new IOException("a table without its 'dso' line at byte " + p);
            }
            SymbolList syms = new SymbolList(1024);
            while (p < b.length && !startsWith(b, p, "dso ") && !startsWith(b, p, "cfi ")) {
                if (++symbols > MAX_SYMBOLS) {
                    throw new IOException("more than " + MAX_SYMBOLS + " symbols, more than any real archive");
                }
                p = entry(b, p, syms);
            }
            boolean kernel = head[1].equals("kernel");
            long text = head[3].equals("-") || !kernel ? -1 : Long.parseUnsignedLong(head[3], 16);
            SymbolTable table = SymbolTable.ofArchive(syms, !kernel, text);
            sections.put(head[2], new Section(head[1], head[2], kernel ? text : -1, head[4], table));
        }
        return new SymbolArchive(sections, cfi);
    }

    /** A {@code cfi} section after its header line at {@code p}; returns where the next section starts. */
    private static int cfi(byte[] b, int p, String[] head, Map<String, CallFrameInfo> out) throws IOException {
        if (head.length != 6) {
            throw new IOException("a 'cfi' line without build id, addresses and counts before byte " + p);
        }
        int loads = Integer.parseInt(head[4]);
        int entries = Integer.parseInt(head[5]);
        // Counts are believed only as far as the lines left can hold them ("0 0 0\n", "0 0\n").
        int fdes = out.values().stream().mapToInt(c -> c.tablePc().length).sum();
        if (loads < 0 || entries < 0 || loads > MAX_LOADS || entries > MAX_FDES - fdes
                || loads > (b.length - p) / 6 || entries > (b.length - p - 6L * loads) / 4) {
            throw new IOException("a 'cfi' line declaring " + loads + " load segments and " + entries
                    + " search table entries, more than the archive holds, before byte " + p);
        }
        long[] offset = new long[loads];
        long[] vaddr = new long[loads];
        long[] filesz = new long[loads];
        long[] pc = new long[entries];
        int[] fde = new int[entries];
        long[] three = new long[3];
        for (int i = 0; i < loads; i++) {
            p = hexFields(b, p, three, 3);
            offset[i] = three[0];
            vaddr[i] = three[1];
            filesz[i] = three[2];
        }
        for (int i = 0; i < entries; i++) {
            p = hexFields(b, p, three, 2);
            pc[i] = three[0];
            fde[i] = (int) three[1];
        }
        int eol = lineEnd(b, p);
        byte[] eh = java.util.Base64.getDecoder().decode(java.util.Arrays.copyOfRange(b, p, eol));
        out.put(head[1], CallFrameInfo.archived(eh, Long.parseUnsignedLong(head[2], 16),
                Long.parseUnsignedLong(head[3], 16), pc, fde, offset, vaddr, filesz));
        return eol + 1;
    }

    /** Reads {@code n} space-separated hex numbers of the line at {@code p}; returns the next line's start. */
    private static int hexFields(byte[] b, int p, long[] into, int n) throws IOException {
        int eol = lineEnd(b, p);
        int at = p;
        for (int k = 0; k < n; k++) {
            long v = 0;
            int start = at;
            for (int d; at < eol && (d = HEX[b[at] & 0xff]) >= 0; at++) {
                v = (v << 4) | d;
            }
            if (at == start) {
                throw new IOException("a cfi line without " + n + " hex numbers at byte " + p);
            }
            into[k] = v;
            at++;
        }
        return eol + 1;
    }

    /** The value of each hexadecimal digit's byte; -1 for every other byte. */
    private static final byte[] HEX = new byte[256];

    static {
        java.util.Arrays.fill(HEX, (byte) -1);
        for (int i = 0; i < 16; i++) {
            HEX["0123456789abcdef".charAt(i)] = (byte) i;
            HEX["0123456789ABCDEF".charAt(i)] = (byte) i;
        }
    }

    /**
     * The symbol line at {@code p}, "ffffffff81000000 1a0 _stext", into {@code syms}; returns where the
     * next line starts. Read on every run of a capture (a small one's archive took as long to parse as its
     * perf.data to read): each byte is looked at once, numbers come straight off the bytes, and a name
     * without escapes is copied once.
     */
    private static int entry(byte[] b, int p, SymbolList syms) throws IOException {
        int n = b.length;
        int i = p;
        long start = 0;
        for (int d; i < n && (d = HEX[b[i] & 0xff]) >= 0; i++) {
            start = start << 4 | d;
        }
        int startEnd = i;
        long size = 0;
        if (i < n && b[i] == ' ') {
            for (int d; ++i < n && (d = HEX[b[i] & 0xff]) >= 0; ) {
                size = size << 4 | d;
            }
        }
        int sizeEnd = i;
        if (startEnd - p < 1 || startEnd - p > 16 || sizeEnd - startEnd < 2 || sizeEnd - startEnd > 17
                || i >= n || b[i] != ' ') {
            throw new IOException("a symbol line without start, size and name at byte " + p);
        }
        int from = i + 1;
        boolean escaped = false;
        int eol = from;
        for (; eol < n; eol++) {
            byte c = b[eol];
            if (c == '\n') {
                break;
            }
            escaped |= c == '\\';
        }
        if (!escaped) {
            syms.add(start, size, SymbolList.GLOBAL, b, from, eol - from);
        } else {
            byte[] name = unescape(b, from, eol);
            syms.add(start, size, SymbolList.GLOBAL, name, 0, name.length);
        }
        return eol + 1;
    }

    /**
     * Writes the tables of {@code sections} (null tables and empty ones are left out) and the call
     * frame information of {@code cfis}.
     */
    public static void write(OutputStream out, List<Section> sections, List<Cfi> cfis) throws IOException {
        GZIPOutputStream gz = new GZIPOutputStream(out, 1 << 16);
        ByteArrayOutputStream line = new ByteArrayOutputStream(256);
        gz.write((MAGIC + "\n").getBytes(StandardCharsets.ISO_8859_1));
        for (Section s : sections) {
            if (s.table() == null || s.table().size() == 0) {
                continue;
            }
            String text = s.text() == -1 ? "-" : Long.toHexString(s.text());
            gz.write(("dso " + s.kind() + " " + key(s.buildId(), s.name()) + " " + text + " " + s.name().replace('\n', ' ') + "\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            SymbolTable t = s.table();
            for (int i = 0; i < t.size(); i++) {
                line.reset();
                line.write((Long.toHexString(t.start(i)) + " " + Long.toHexString(t.end(i) - t.start(i)) + " ")
                        .getBytes(StandardCharsets.ISO_8859_1));
                escape(t.name(i), line);
                line.write('\n');
                line.writeTo(gz);
            }
        }
        for (Cfi c : cfis) {
            CallFrameInfo i = c.info();
            if (!i.hasEhFrame()) {
                continue;
            }
            StringBuilder sb = new StringBuilder(64 + i.tablePc().length * 16);
            sb.append("cfi ").append(key(c.buildId(), c.name())).append(' ').append(Long.toHexString(i.ehFrameVaddr)).append(' ')
                    .append(Long.toHexString(i.hdrVaddr)).append(' ').append(i.loadOffset().length).append(' ')
                    .append(i.tablePc().length).append('\n');
            for (int k = 0; k < i.loadOffset().length; k++) {
                sb.append(Long.toHexString(i.loadOffset()[k])).append(' ').append(Long.toHexString(i.loadVaddr()[k]))
                        .append(' ').append(Long.toHexString(i.loadFilesz()[k])).append('\n');
            }
            for (int k = 0; k < i.tablePc().length; k++) {
                sb.append(Long.toHexString(i.tablePc()[k])).append(' ').append(Integer.toHexString(i.tableFde()[k]))
                        .append('\n');
            }
            gz.write(sb.toString().getBytes(StandardCharsets.ISO_8859_1));
            gz.write(java.util.Base64.getEncoder().encode(i.ehFrame));
            gz.write('\n');
        }
        gz.finish();
    }

    private static void escape(String name, ByteArrayOutputStream out) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '\\') {
                out.write('\\');
                out.write('\\');
            } else if (c == '\n') {
                out.write('\\');
                out.write('n');
            } else {
                out.write(c);
            }
        }
    }

    private static byte[] unescape(byte[] b, int from, int to) {
        byte[] out = new byte[to - from];
        int n = 0;
        for (int i = from; i < to; i++) {
            if (b[i] == '\\' && i + 1 < to) {
                i++;
                out[n++] = b[i] == 'n' ? (byte) '\n' : b[i];
            } else {
                out[n++] = b[i];
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    private static int lineEnd(byte[] b, int p) {
        int e = indexOf(b, p, b.length, (byte) '\n');
        return e < 0 ? b.length : e;
    }

    private static int indexOf(byte[] b, int from, int to, byte c) {
        for (int i = from; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    private static boolean startsWith(byte[] b, int p, String s) {
        if (p + s.length() > b.length) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (b[p + i] != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
