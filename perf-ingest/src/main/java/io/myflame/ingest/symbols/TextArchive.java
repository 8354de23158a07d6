package io.myflame.ingest.symbols;

import static io.myflame.ingest.symbols.SymbolArchive.MAX_FDES;
import static io.myflame.ingest.symbols.SymbolArchive.MAX_INFLATED;
import static io.myflame.ingest.symbols.SymbolArchive.MAX_LOADS;
import static io.myflame.ingest.symbols.SymbolArchive.MAX_SYMBOLS;

import io.myflame.ingest.unwind.CallFrameInfo;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * A version-1 symbol archive ({@code perf.data.symbols.gz}, what {@code record} wrote before the
 * indexed {@link IndexedArchive}): gzipped text, inflated and parsed whole when opened, since
 * nothing in it says where a section starts. Still read, so older captures (the bundled ones)
 * keep their names. One section per dso:
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
 * …
 * 7d8000 18                                   search table: start address, FDE offset (hex)
 * …
 * FAAAAAAAAAABelIAAXgQARsMBwiQAQ…             .eh_frame, base64
 * </pre>
 */
final class TextArchive implements SymbolArchive.Contents {
    /** The first line of a version-1 archive. */
    static final String MAGIC = "myflame-symbols 1";

    private final Map<String, SymbolArchive.Section> byKey;
    private final Map<String, CallFrameInfo> cfiByKey;

    private TextArchive(Map<String, SymbolArchive.Section> byKey, Map<String, CallFrameInfo> cfiByKey) {
        this.byKey = byKey;
        this.cfiByKey = cfiByKey;
    }

    /** Every table it holds, in no particular order. */
    List<SymbolArchive.Section> sections() {
        return List.copyOf(byKey.values());
    }

    /** Every file's call frame information it holds, with its key as build id and name (the text keeps no name). */
    List<SymbolArchive.Cfi> cfis() {
        return cfiByKey.entrySet().stream().map(e -> new SymbolArchive.Cfi(e.getKey(), e.getKey(), e.getValue())).toList();
    }

    @Override
    public SymbolArchive.Section section(String key, List<String> notes) {
        return byKey.get(key);
    }

    @Override
    public CallFrameInfo cfi(String key, List<String> notes) {
        return cfiByKey.get(key);
    }

    /** Reads the whole archive {@code file}, gzipped text. */
    static TextArchive read(Path file) throws IOException {
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
        Map<String, SymbolArchive.Section> sections = new HashMap<>();
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
            sections.put(head[2], new SymbolArchive.Section(head[1], head[2], kernel ? text : -1, head[4], table));
        }
        return new TextArchive(sections, cfi);
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
            for (int d; at < eol && (d = HexDigits.VALUE[b[at] & 0xff]) >= 0; at++) {
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
        for (int d; i < n && (d = HexDigits.VALUE[b[i] & 0xff]) >= 0; i++) {
            start = start << 4 | d;
        }
        int startEnd = i;
        long size = 0;
        if (i < n && b[i] == ' ') {
            for (int d; ++i < n && (d = HexDigits.VALUE[b[i] & 0xff]) >= 0; ) {
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
