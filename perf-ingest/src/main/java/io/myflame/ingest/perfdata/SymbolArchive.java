package io.myflame.ingest.perfdata;

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
 * a newline in a name are written {@code \\} and {@code \n}.
 */
final class SymbolArchive {
    /** The archive's name beside a perf.data: {@code perf.data} → {@code perf.data.symbols.gz}. */
    static final String SUFFIX = ".symbols.gz";
    private static final String MAGIC = "myflame-symbols 1";

    /** One dso's table as archived: its kind, build id and, for a kernel, where its {@code _text} was. */
    record Section(String kind, String buildId, long text, String name, SymbolTable table) {
    }

    private final Map<String, Section> byBuildId;

    private SymbolArchive(Map<String, Section> byBuildId) {
        this.byBuildId = byBuildId;
    }

    static Path besides(Path perfData) {
        return perfData.resolveSibling(perfData.getFileName() + SUFFIX);
    }

    /** The archive beside {@code perfData}, or null when there is none or it cannot be read (the notes say why). */
    static SymbolArchive near(Path perfData, List<String> notes) {
        Path file = besides(perfData);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return read(file);
        } catch (IOException | RuntimeException e) {
            notes.add(file + ": not a symbol archive myflame can read (" + e.getMessage() + "); names come from this machine");
            return null;
        }
    }

    /** The archived table of the dso with {@code buildId}, or null. */
    Section section(String buildId) {
        return buildId == null ? null : byBuildId.get(buildId);
    }

    static SymbolArchive read(Path file) throws IOException {
        byte[] b;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file), 1 << 16)) {
            b = in.readAllBytes();
        }
        int eol = lineEnd(b, 0);
        if (!new String(b, 0, eol, StandardCharsets.ISO_8859_1).equals(MAGIC)) {
            throw new IOException("no '" + MAGIC + "' header");
        }
        Map<String, Section> sections = new HashMap<>();
        int p = eol + 1;
        while (p < b.length) {
            eol = lineEnd(b, p);
            String[] head = new String(b, p, eol - p, StandardCharsets.ISO_8859_1).split(" ", 5);
            if (head.length != 5 || !head[0].equals("dso")) {
                throw new IOException("a table without its 'dso' line at byte " + p);
            }
            SymbolList syms = new SymbolList(1024);
            p = eol + 1;
            while (p < b.length && !startsWith(b, p, "dso ")) {
                eol = lineEnd(b, p);
                entry(b, p, eol, syms);
                p = eol + 1;
            }
            boolean kernel = head[1].equals("kernel");
            long text = head[3].equals("-") || !kernel ? -1 : Long.parseUnsignedLong(head[3], 16);
            SymbolTable table = SymbolTable.ofArchive(syms, !kernel, text);
            sections.put(head[2], new Section(head[1], head[2], kernel ? text : -1, head[4], table));
        }
        return new SymbolArchive(sections);
    }

    /** "ffffffff81000000 1a0 _stext" */
    private static void entry(byte[] b, int p, int eol, SymbolList syms) throws IOException {
        int s1 = indexOf(b, p, eol, (byte) ' ');
        int s2 = s1 < 0 ? -1 : indexOf(b, s1 + 1, eol, (byte) ' ');
        if (s2 < 0) {
            throw new IOException("a symbol line without start, size and name at byte " + p);
        }
        long start = Long.parseUnsignedLong(new String(b, p, s1 - p, StandardCharsets.ISO_8859_1), 16);
        long size = Long.parseUnsignedLong(new String(b, s1 + 1, s2 - s1 - 1, StandardCharsets.ISO_8859_1), 16);
        byte[] name = unescape(b, s2 + 1, eol);
        syms.add(start, size, SymbolList.GLOBAL, name, 0, name.length);
    }

    /** Writes the tables of {@code sections} (null tables and empty ones are left out). */
    static void write(OutputStream out, List<Section> sections) throws IOException {
        GZIPOutputStream gz = new GZIPOutputStream(out, 1 << 16);
        ByteArrayOutputStream line = new ByteArrayOutputStream(256);
        gz.write((MAGIC + "\n").getBytes(StandardCharsets.ISO_8859_1));
        for (Section s : sections) {
            if (s.table() == null || s.table().size() == 0 || s.buildId() == null) {
                continue;
            }
            String text = s.text() == -1 ? "-" : Long.toHexString(s.text());
            gz.write(("dso " + s.kind() + " " + s.buildId() + " " + text + " " + s.name().replace('\n', ' ') + "\n")
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
        ByteArrayOutputStream out = new ByteArrayOutputStream(to - from);
        for (int i = from; i < to; i++) {
            if (b[i] == '\\' && i + 1 < to) {
                i++;
                out.write(b[i] == 'n' ? '\n' : b[i]);
            } else {
                out.write(b[i]);
            }
        }
        return out.toByteArray();
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
