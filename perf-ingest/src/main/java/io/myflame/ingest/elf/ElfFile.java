package io.myflame.ingest.elf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The parts of an ELF64 little-endian file that symbolisation and unwinding need: section
 * headers, load segments, the build id, and sections' bytes, each checked against the file before
 * it is read ({@code symbols.ElfSymbols} reads the symbol tables of it).
 */
public final class ElfFile {
    public static final int SHT_SYMTAB = 2;
    static final int SHT_NOTE = 7;
    public static final int SHT_NOBITS = 8;
    public static final int SHT_RELA = 4;
    public static final int SHT_DYNSYM = 11;
    public static final long SHF_ALLOC = 2;
    /**
     * The largest section read into memory: ten times the largest symbol, string or frame table
     * of a MySQL-family server with full symbols (tens of MB). A header may claim anything, and a
     * sparse file may even hold it; more than this is a lie, not a binary.
     */
    static final long MAX_SECTION = 256L << 20;
    /** The largest section or program header entry believed (both are 64 and 56 bytes in every ELF64 file). */
    private static final int MAX_HEADER_ENTRY = 1024;
    /** A symbol table's largest entry (24 bytes in ELF64). */
    public static final long MAX_SYMBOL_ENTRY = 4096;

    final Path path;
    private final FileChannel ch;
    private final long fileSize;
    private final int shnum;
    private final long[] shOffsetOfHeader;
    public final int[] shType;
    public final long[] shFlags;
    public final long[] shAddr;
    public final long[] shOffset;
    public final long[] shSize;
    public final int[] shLink;
    public final long[] shEntsize;
    public final String[] shName;
    /** PT_LOAD segments: file offset, virtual address and size in the file, to turn offsets into addresses. */
    public final long[] loadOffset;
    public final long[] loadVaddr;
    public final long[] loadFilesz;

    private ElfFile(Path path, FileChannel ch, ByteBuffer eh) throws IOException {
        this.path = path;
        this.ch = ch;
        this.fileSize = ch.size();
        long shoff = eh.getLong(0x28);
        int shentsize = Short.toUnsignedInt(eh.getShort(0x3a));
        shnum = Short.toUnsignedInt(eh.getShort(0x3c));
        int shstrndx = Short.toUnsignedInt(eh.getShort(0x3e));
        if (shentsize < 64 || shentsize > MAX_HEADER_ENTRY || shnum == 0 || shstrndx >= shnum) {
            throw new IOException("no section headers");
        }
        checkInFile(shoff, (long) shentsize * shnum, "the section headers");
        shOffsetOfHeader = new long[shnum];
        shType = new int[shnum];
        shFlags = new long[shnum];
        shAddr = new long[shnum];
        shOffset = new long[shnum];
        shSize = new long[shnum];
        shLink = new int[shnum];
        shEntsize = new long[shnum];
        shName = new String[shnum];
        ByteBuffer all = read(shoff, shentsize * shnum);
        int[] nameOff = new int[shnum];
        for (int i = 0; i < shnum; i++) {
            int b = i * shentsize;
            nameOff[i] = all.getInt(b);
            shType[i] = all.getInt(b + 4);
            shFlags[i] = all.getLong(b + 8);
            shAddr[i] = all.getLong(b + 16);
            shOffset[i] = all.getLong(b + 24);
            shSize[i] = all.getLong(b + 32);
            shLink[i] = all.getInt(b + 40);
            shEntsize[i] = all.getLong(b + 56);
        }
        long phoff = eh.getLong(0x20);
        int phentsize = Short.toUnsignedInt(eh.getShort(0x36));
        int phnum = Short.toUnsignedInt(eh.getShort(0x38));
        int loads = 0;
        boolean hasPh = phentsize >= 56 && phentsize <= MAX_HEADER_ENTRY && phnum > 0;
        if (hasPh) {
            checkInFile(phoff, (long) phentsize * phnum, "the program headers");
        }
        ByteBuffer ph = hasPh ? read(phoff, phentsize * phnum) : null;
        for (int i = 0; ph != null && i < phnum; i++) {
            loads += ph.getInt(i * phentsize) == 1 ? 1 : 0;
        }
        loadOffset = new long[loads];
        loadVaddr = new long[loads];
        loadFilesz = new long[loads];
        for (int i = 0, k = 0; ph != null && i < phnum; i++) {
            int b = i * phentsize;
            if (ph.getInt(b) == 1) {
                loadOffset[k] = ph.getLong(b + 8);
                loadVaddr[k] = ph.getLong(b + 16);
                loadFilesz[k++] = ph.getLong(b + 32);
            }
        }
        byte[] names = bytes(shstrndx);
        for (int i = 0; i < shnum; i++) {
            shName[i] = cString(names, nameOff[i]);
        }
    }

    /** Opens an ELF64 little-endian file; null when the file is missing or is no such ELF. */
    public static ElfFile open(Path path) {
        if (path == null || !Files.isRegularFile(path)) {
            return null;
        }
        FileChannel ch = null;
        try {
            ch = FileChannel.open(path, StandardOpenOption.READ);
            ByteBuffer eh = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
            ch.read(eh, 0);
            if (eh.position() < 64 || eh.getInt(0) != 0x464c457f || eh.get(4) != 2 || eh.get(5) != 1) {
                ch.close();
                return null;
            }
            return new ElfFile(path, ch, eh);
        } catch (IOException | RuntimeException e) {
            try {
                if (ch != null) {
                    ch.close();
                }
            } catch (IOException ignored) {
                // nothing more to do with a file we cannot read
            }
            return null;
        }
    }

    public void close() {
        try {
            ch.close();
        } catch (IOException ignored) {
            // read-only; nothing to flush
        }
    }

    public int section(String name) {
        for (int i = 0; i < shnum; i++) {
            if (shName[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    public int sectionOfType(int type) {
        for (int i = 0; i < shnum; i++) {
            if (shType[i] == type) {
                return i;
            }
        }
        return -1;
    }

    public int sectionCount() {
        return shnum;
    }

    /** The GNU build id in hex from the note sections, or null. */
    /** The file this was opened from. */
    public Path path() {
        return path;
    }

    public String buildId() {
        try {
            for (int i = 0; i < shnum; i++) {
                if (shType[i] == SHT_NOTE && shSize[i] < (1 << 20)) {
                    String id = BuildIds.inNotes(ByteBuffer.wrap(bytes(i)).order(ByteOrder.LITTLE_ENDIAN));
                    if (id != null) {
                        return id;
                    }
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    public boolean hasSymtab() {
        return sectionOfType(SHT_SYMTAB) >= 0;
    }

    /**
     * A section's bytes, read into memory once its offset and size are checked against the file
     * and {@link #MAX_SECTION}: a header that claims more is an IOException naming the file.
     */
    public byte[] bytes(int section) throws IOException {
        if (shType[section] == SHT_NOBITS) {
            return new byte[0];
        }
        checkSection(section);
        byte[] out = new byte[(int) shSize[section]];
        fill(ByteBuffer.wrap(out), shOffset[section]);
        return out;
    }

    /** A section mapped, not copied (a symbol table is read once, entry by entry), once checked as {@link #bytes}. */
    public ByteBuffer mapped(int section) throws IOException {
        if (shType[section] == SHT_NOBITS) {
            return ByteBuffer.allocate(0).order(ByteOrder.LITTLE_ENDIAN);
        }
        checkSection(section);
        return ch.map(FileChannel.MapMode.READ_ONLY, shOffset[section], shSize[section]).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** The string table a symbol table links to, which must be a section of this file. */
    public int stringTable(int symtab) throws IOException {
        int link = shLink[symtab];
        if (link <= 0 || link >= shnum) {
            throw new IOException(path + ": symbol table " + shName[symtab] + " links to no section (" + link + ")");
        }
        return link;
    }

    private void checkSection(int section) throws IOException {
        if (shSize[section] > MAX_SECTION) {
            throw new IOException(path + ": section " + (shName[section] == null ? "#" + section : shName[section])
                    + " claims " + Long.toUnsignedString(shSize[section]) + " bytes, more than the "
                    + (MAX_SECTION >> 20) + " MB any real one holds");
        }
        checkInFile(shOffset[section], shSize[section],
                "section " + (shName[section] == null ? "#" + section : shName[section]));
    }

    /** Whether {@code [at, at + len)} lies inside the file; an IOException naming the file and {@code what} if not. */
    private void checkInFile(long at, long len, String what) throws IOException {
        if (at < 0 || len < 0 || at > fileSize || len > fileSize - at) {
            throw new IOException(path + ": " + what + " (" + Long.toUnsignedString(len) + " bytes at "
                    + Long.toUnsignedString(at) + ") run past the end of the file (" + fileSize + " bytes)");
        }
    }

    private ByteBuffer read(long at, int len) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(len).order(ByteOrder.LITTLE_ENDIAN);
        fill(b, at);
        b.flip();
        return b;
    }

    private void fill(ByteBuffer b, long at) throws IOException {
        while (b.hasRemaining()) {
            int n = ch.read(b, at + b.position());
            if (n < 0) {
                throw new IOException(path + ": short read");
            }
        }
    }

    public static String cString(byte[] b, int from) {
        if (from < 0 || from >= b.length) {
            return "";
        }
        return new String(b, from, cStringLength(b, from), StandardCharsets.ISO_8859_1);
    }

    public static int cStringLength(byte[] b, int from) {
        int end = from;
        while (end < b.length && b[end] != 0) {
            end++;
        }
        return end - from;
    }
}
