package io.myflame.ingest.symbols;

import static io.myflame.ingest.symbols.SymbolArchive.MAX_FDES;
import static io.myflame.ingest.symbols.SymbolArchive.MAX_INFLATED;
import static io.myflame.ingest.symbols.SymbolArchive.MAX_LOADS;
import static io.myflame.ingest.symbols.SymbolArchive.MAX_SYMBOLS;

import io.myflame.ingest.unwind.CallFrameInfo;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A version-2 symbol archive ({@code perf.data.symbols}): uncompressed and indexed, so a read
 * opens its directory only and loads a dso's section when a sample first needs that dso; a
 * capture's archive holds every dso its recording named (the kernel's 120,000 symbols, each
 * binary's table and {@code .eh_frame}), of which a report may need a few. Little-endian:
 *
 * <pre>
 * "MYFLSYM2"  u32 sections  u32 directory bytes                       header (16 bytes)
 * per section: u8 kind (0 kernel, 1 elf, 2 vdso, 3 cfi)  u8 0           directory
 *              u16 key bytes  u16 name bytes  u16 0  i64 kernel _text (-1)
 *              u64 offset  u32 length  u32 count  key  name (UTF-8)
 * symbols:     count × u64 start, count × u64 end, count × u32 name offset,
 *              count × u32 name length, then the names (bytes as in the symbol table)
 * cfi:         u64 .eh_frame address, u64 .eh_frame_hdr address, u32 load segments L, u32 0,
 *              L × (u64 file offset, u64 address, u64 size), count × u64 search table start,
 *              count × u32 FDE offset, then .eh_frame as it was in the file
 * </pre>
 *
 * A key is the build id, or {@code file:PATH} for a file built without one ({@link SymbolArchive#key}).
 * Sections are written sorted, fixed up and deduplicated, so loading one copies its arrays and
 * parses nothing; a name becomes a string only when a sample is named by it. Every count, offset
 * and length is checked against the file and the archive bounds before anything is allocated: the
 * directory when opened (a lie there refuses the archive with one note), a cfi section's tables when
 * it is loaded (a lie there drops that section with one note), a symbol's name when a lookup first
 * finds it (a lie there unnames that symbol, with one note per section: {@link ArchivedColumns}).
 */
final class IndexedArchive implements SymbolArchive.Contents {
    static final byte[] MAGIC = "MYFLSYM2".getBytes(StandardCharsets.ISO_8859_1);
    private static final int HEADER = 16;
    private static final int ENTRY = 32;
    /** The most sections: a server maps a few hundred files. (All sections together hold at most MAX_INFLATED bytes.) */
    static final int MAX_SECTIONS = 1 << 16;
    /** The most directory bytes: a real one is a few hundred bytes per section. */
    static final int MAX_DIRECTORY = 16 << 20;
    private static final String[] KINDS = {"kernel", "elf", "vdso", "cfi"};
    private static final int CFI = 3;

    /** Where a section lies and what it declares, from the directory. */
    private record Entry(int kind, String key, String name, long text, long offset, int length, int count) {
    }

    private final Path file;
    private final Map<String, Entry> symbols = new HashMap<>();
    private final Map<String, Entry> cfis = new HashMap<>();
    /** Sections loaded so far; {@link #DAMAGED} for one refused (noted once). */
    private final Map<String, Object> loaded = new ConcurrentHashMap<>();
    private static final Object DAMAGED = new Object();

    private IndexedArchive(Path file) {
        this.file = file;
    }

    /** Whether {@code head} (the file's first bytes) starts like an indexed archive. */
    static boolean starts(byte[] head, int n) {
        return n >= MAGIC.length && java.util.Arrays.equals(head, 0, MAGIC.length, MAGIC, 0, MAGIC.length);
    }

    /** Opens {@code file}: reads and checks its header and directory, no section. */
    static IndexedArchive open(Path file) throws IOException {
        IndexedArchive archive = new IndexedArchive(file);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteBuffer head = read(ch, 0, HEADER, size);
            head.position(MAGIC.length);
            int sections = head.getInt();
            int dirBytes = head.getInt();
            if (sections < 0 || sections > MAX_SECTIONS || dirBytes < 0 || dirBytes > MAX_DIRECTORY || dirBytes > size - HEADER
                    || (long) sections * ENTRY > dirBytes) {
                throw new IOException("a directory of " + Integer.toUnsignedString(sections) + " sections in "
                        + Integer.toUnsignedString(dirBytes) + " bytes, more than the archive's " + size + " bytes hold");
            }
            ByteBuffer dir = read(ch, HEADER, dirBytes, size);
            long symbolCount = 0;
            long fdeCount = 0;
            long bytes = 0;
            for (int i = 0; i < sections; i++) {
                Entry e = entry(dir, HEADER + dirBytes, size);
                bytes += e.length;
                if (e.kind == CFI) {
                    fdeCount += e.count;
                    archive.cfis.put(e.key, e);
                } else {
                    symbolCount += e.count;
                    archive.symbols.put(e.key, e);
                }
            }
            if (symbolCount > MAX_SYMBOLS || fdeCount > MAX_FDES || bytes > MAX_INFLATED) {
                throw new IOException("a directory declaring " + symbolCount + " symbols, " + fdeCount
                        + " search table entries and " + bytes + " bytes of sections, more than any real archive");
            }
        }
        return archive;
    }

    /** The directory entry at {@code dir}'s position; its section must lie between the directory's end and the file's. */
    private static Entry entry(ByteBuffer dir, long firstSection, long size) throws IOException {
        int at = dir.position();
        if (dir.remaining() < ENTRY) {
            throw new IOException("a directory entry cut short at byte " + (HEADER + at));
        }
        int kind = dir.get();
        dir.get();
        int keyBytes = Short.toUnsignedInt(dir.getShort());
        int nameBytes = Short.toUnsignedInt(dir.getShort());
        dir.getShort();
        long text = dir.getLong();
        long offset = dir.getLong();
        int length = dir.getInt();
        int count = dir.getInt();
        if (kind < 0 || kind >= KINDS.length || keyBytes + nameBytes > dir.remaining()) {
            throw new IOException("a directory entry of unknown kind or cut short at byte " + (HEADER + at));
        }
        if (offset < firstSection || length < 0 || length > MAX_INFLATED || offset > size - Integer.toUnsignedLong(length)) {
            throw new IOException("a section at " + offset + " of " + Integer.toUnsignedString(length)
                    + " bytes, outside the archive's " + size + " bytes (directory byte " + (HEADER + at) + ")");
        }
        long least = kind == CFI ? 24 + 12L * Integer.toUnsignedLong(count) : 24L * Integer.toUnsignedLong(count);
        if (count < 0 || least > length) {
            throw new IOException("a section declaring " + Integer.toUnsignedString(count) + " entries in " + length
                    + " bytes (directory byte " + (HEADER + at) + ")");
        }
        String key = string(dir, keyBytes);
        String name = string(dir, nameBytes);
        return new Entry(kind, key, name, text, offset, length, count);
    }

    private static String string(ByteBuffer b, int n) {
        byte[] bytes = new byte[n];
        b.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Override
    public SymbolArchive.Section section(String key, List<String> notes) {
        Entry e = symbols.get(key);
        if (e == null) {
            return null;
        }
        Object s = loaded.computeIfAbsent("s " + key, k -> orDamaged(() -> symbolSection(e, notes), e, notes));
        return s == DAMAGED ? null : (SymbolArchive.Section) s;
    }

    @Override
    public CallFrameInfo cfi(String key, List<String> notes) {
        Entry e = cfis.get(key);
        if (e == null) {
            return null;
        }
        Object c = loaded.computeIfAbsent("c " + key, k -> orDamaged(() -> cfiSection(e), e, notes));
        return c == DAMAGED ? null : (CallFrameInfo) c;
    }

    private interface Load {
        Object get() throws IOException;
    }

    private Object orDamaged(Load load, Entry e, List<String> notes) {
        try {
            return load.get();
        } catch (IOException | RuntimeException ex) {
            notes.add(file + ": the section of " + e.name + " is damaged (" + ex.getMessage()
                    + "); its names come from this machine");
            return DAMAGED;
        }
    }

    /**
     * Loads a symbol section: its arrays copied as they are ({@link ArchivedColumns}). Nothing is
     * parsed or checked over the whole table; a name found outside its section is one note, when first met.
     */
    private SymbolArchive.Section symbolSection(Entry e, List<String> notes) throws IOException {
        int n = e.count;
        long[] start = new long[n];
        long[] end = new long[n];
        int[] nameAt = new int[n];
        int[] nameLength = new int[n];
        byte[] names = new byte[e.length - 24 * n];
        try (SectionReader r = new SectionReader(file, e)) {
            r.longs(start);
            r.longs(end);
            r.ints(nameAt);
            r.ints(nameLength);
            r.bytes(names);
        }
        Runnable damaged = () -> notes.add(file + ": the section of " + e.name
                + " is damaged (a symbol names bytes outside its section); that symbol's addresses are unnamed");
        boolean kernel = e.kind == 0;
        SymbolTable table = SymbolTable.ofArchived(new ArchivedColumns(start, end, nameAt, nameLength, names, damaged),
                !kernel, kernel ? e.text : -1);
        return new SymbolArchive.Section(KINDS[e.kind], e.key, kernel ? e.text : -1, e.name, table);
    }

    /** Loads a cfi section: its load segments and search table copied, its {@code .eh_frame} bytes as written. */
    private CallFrameInfo cfiSection(Entry e) throws IOException {
        try (SectionReader r = new SectionReader(file, e)) {
            long ehVaddr = r.getLong();
            long hdrVaddr = r.getLong();
            int loads = r.getInt();
            r.getInt();
            int entries = e.count;
            if (loads < 0 || loads > MAX_LOADS || 24L + 24L * loads + 12L * entries > e.length) {
                throw new IOException(Integer.toUnsignedString(loads) + " load segments, more than it holds");
            }
            long[] offset = new long[loads];
            long[] vaddr = new long[loads];
            long[] filesz = new long[loads];
            for (int i = 0; i < loads; i++) {
                offset[i] = r.getLong();
                vaddr[i] = r.getLong();
                filesz[i] = r.getLong();
            }
            long[] pc = new long[entries];
            int[] fde = new int[entries];
            r.longs(pc);
            r.ints(fde);
            byte[] eh = new byte[(int) (e.length - 24L - 24L * loads - 12L * entries)];
            r.bytes(eh);
            return CallFrameInfo.archived(eh, ehVaddr, hdrVaddr, pc, fde, offset, vaddr, filesz);
        }
    }

    /**
     * A section's bytes, read from the file now (opened for the read: an archive outlives no run)
     * through one small buffer straight into the arrays they fill. Read whole into a heap buffer
     * first, a kernel section's 5.8 MB went through the JDK's temporary direct buffer, then that
     * heap buffer (whose new pages the VM faults in), then the arrays: a small report's decoder
     * spent 14 of its 20 ms loading the kernel's symbols on the copies.
     */
    private static final class SectionReader implements AutoCloseable {
        private static final int BUFFER = 1 << 18;
        /**
         * Buffers of {@link #BUFFER} bytes that loaded a section, for the next: a new direct buffer is
         * zeroed and its 64 pages faulted in, and a capture's report loads a dozen sections or more
         * (the kernel's, each binary's table and call frame information). At most one per section
         * being loaded at once, so a few.
         */
        private static final java.util.concurrent.ConcurrentLinkedQueue<ByteBuffer> SPARE =
                new java.util.concurrent.ConcurrentLinkedQueue<>();
        private final FileChannel ch;
        private final ByteBuffer buf;
        /** The file offset of the next byte to read into {@link #buf}, and where the section ends. */
        private long next;
        private final long stop;

        SectionReader(Path file, Entry e) throws IOException {
            ch = FileChannel.open(file, StandardOpenOption.READ);
            try {
                long size = ch.size();
                if (e.offset + e.length > size) {
                    throw new IOException("cut short: " + e.length + " bytes at " + e.offset + " of a file of " + size);
                }
            } catch (IOException ex) {
                ch.close();
                throw ex;
            }
            ByteBuffer spare = SPARE.poll();
            buf = spare != null ? spare
                    : ByteBuffer.allocateDirect((int) Math.min(BUFFER, Math.max(e.length, 8))).order(ByteOrder.LITTLE_ENDIAN);
            buf.clear();
            buf.limit(0);
            next = e.offset;
            stop = e.offset + e.length;
        }

        /** Makes at least {@code n} bytes (at most the buffer's capacity) readable, refilling from the file. */
        private void need(int n) throws IOException {
            if (buf.remaining() >= n) {
                return;
            }
            buf.compact();
            while (buf.position() < n) {
                buf.limit((int) Math.min(buf.capacity(), buf.position() + (stop - next)));
                int got = next == stop ? -1 : ch.read(buf, next);
                if (got <= 0) {
                    throw new IOException("cut short at byte " + next);
                }
                next += got;
            }
            buf.flip();
        }

        long getLong() throws IOException {
            need(8);
            return buf.getLong();
        }

        int getInt() throws IOException {
            need(4);
            return buf.getInt();
        }

        void longs(long[] into) throws IOException {
            for (int at = 0; at < into.length; ) {
                need(8);
                int k = Math.min(buf.remaining() / 8, into.length - at);
                buf.asLongBuffer().get(into, at, k);
                buf.position(buf.position() + 8 * k);
                at += k;
            }
        }

        void ints(int[] into) throws IOException {
            for (int at = 0; at < into.length; ) {
                need(4);
                int k = Math.min(buf.remaining() / 4, into.length - at);
                buf.asIntBuffer().get(into, at, k);
                buf.position(buf.position() + 4 * k);
                at += k;
            }
        }

        void bytes(byte[] into) throws IOException {
            for (int at = 0; at < into.length; ) {
                need(1);
                int k = Math.min(buf.remaining(), into.length - at);
                buf.get(into, at, k);
                at += k;
            }
        }

        @Override
        public void close() throws IOException {
            if (buf.capacity() == BUFFER) {
                SPARE.offer(buf);
            }
            ch.close();
        }
    }

    private static ByteBuffer read(FileChannel ch, long at, int length, long size) throws IOException {
        if (at + length > size) {
            throw new IOException("cut short: " + length + " bytes at " + at + " of a file of " + size);
        }
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (ch.read(b, at + b.position()) < 0) {
                throw new IOException("cut short at byte " + (at + b.position()));
            }
        }
        return b.flip();
    }

    /**
     * Writes the tables of {@code sections} (null tables and empty ones are left out) and the call
     * frame information of {@code cfis}: each section built whole, then the directory, then the sections.
     */
    static void write(OutputStream out, List<SymbolArchive.Section> sections, List<SymbolArchive.Cfi> cfis)
            throws IOException {
        List<byte[]> bodies = new ArrayList<>();
        List<Entry> entries = new ArrayList<>();
        for (SymbolArchive.Section s : sections) {
            SymbolTable t = s.table();
            if (t == null || t.size() == 0) {
                continue;
            }
            int kind = List.of(KINDS).indexOf(s.kind());
            if (kind < 0 || kind == CFI) {
                throw new IllegalArgumentException("no section kind " + s.kind());
            }
            bodies.add(symbols(t));
            entries.add(new Entry(kind, SymbolArchive.key(s.buildId(), s.name()), s.name(), s.text(), 0, 0, t.size()));
        }
        for (SymbolArchive.Cfi c : cfis) {
            if (!c.info().hasEhFrame()) {
                continue;
            }
            bodies.add(cfi(c.info()));
            entries.add(new Entry(CFI, SymbolArchive.key(c.buildId(), c.name()), c.name(), -1, 0, 0,
                    c.info().tablePc().length));
        }
        byte[] directory = directory(entries, bodies);
        DataOutputStream o = new DataOutputStream(new java.io.BufferedOutputStream(out, 1 << 16));
        o.write(MAGIC);
        o.write(le(8).putInt(entries.size()).putInt(directory.length).array());
        o.write(directory);
        for (byte[] body : bodies) {
            o.write(body);
        }
        o.flush();
    }

    /** The directory of {@code entries}, whose sections {@code bodies} follow it in that order. */
    private static byte[] directory(List<Entry> entries, List<byte[]> bodies) {
        ByteArrayOutputStream dir = new ByteArrayOutputStream();
        for (Entry e : entries) {
            byte[] key = utf8(e.key, 0xffff);
            byte[] name = utf8(e.name, 0xffff);
            dir.writeBytes(le(ENTRY).put((byte) e.kind).put((byte) 0).putShort((short) key.length)
                    .putShort((short) name.length).putShort((short) 0).putLong(e.text).putLong(0).putInt(0)
                    .putInt(e.count).array());
            dir.writeBytes(key);
            dir.writeBytes(name);
        }
        byte[] directory = dir.toByteArray();
        // Offsets are known once the directory's size is: patch each entry's offset and length in.
        ByteBuffer d = ByteBuffer.wrap(directory).order(ByteOrder.LITTLE_ENDIAN);
        long offset = HEADER + directory.length;
        int at = 0;
        for (int i = 0; i < entries.size(); i++) {
            d.putLong(at + 16, offset).putInt(at + 24, bodies.get(i).length);
            offset += bodies.get(i).length;
            at += ENTRY + Short.toUnsignedInt(d.getShort(at + 2)) + Short.toUnsignedInt(d.getShort(at + 4));
        }
        return directory;
    }

    private static byte[] symbols(SymbolTable t) {
        int n = t.size();
        ByteArrayOutputStream pool = new ByteArrayOutputStream(n * 24);
        ByteBuffer arrays = le(24 * n);
        for (int i = 0; i < n; i++) {
            byte[] name = t.name(i).getBytes(StandardCharsets.ISO_8859_1);
            arrays.putLong(8 * i, t.start(i)).putLong(8 * (n + i), t.end(i)).putInt(16 * n + 4 * i, pool.size())
                    .putInt(20 * n + 4 * i, name.length);
            pool.writeBytes(name);
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream(24 * n + pool.size());
        body.writeBytes(arrays.array());
        body.writeBytes(pool.toByteArray());
        return body.toByteArray();
    }

    private static byte[] cfi(CallFrameInfo i) {
        int loads = i.loadOffset().length;
        int entries = i.tablePc().length;
        ByteBuffer b = le(24 + 24 * loads + 12 * entries + i.ehFrame.length);
        b.putLong(i.ehFrameVaddr).putLong(i.hdrVaddr).putInt(loads).putInt(0);
        for (int k = 0; k < loads; k++) {
            b.putLong(i.loadOffset()[k]).putLong(i.loadVaddr()[k]).putLong(i.loadFilesz()[k]);
        }
        for (long pc : i.tablePc()) {
            b.putLong(pc);
        }
        for (int fde : i.tableFde()) {
            b.putInt(fde);
        }
        return b.put(i.ehFrame).array();
    }

    private static ByteBuffer le(int n) {
        return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** {@code s} in UTF-8, cut to at most {@code max} bytes (a path longer than Linux allows). */
    private static byte[] utf8(String s, int max) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return b.length <= max ? b : java.util.Arrays.copyOf(b, max);
    }
}
