package io.myflame.ingest.perfdata;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The parts of an ELF64 little-endian file that symbolisation needs: section headers, the
 * build id, and the function symbols of {@code .symtab} or {@code .dynsym} (with {@code @plt}
 * entries synthesised as perf does). Symbol values are turned into file offsets, the address
 * space perf resolves user-space samples in ({@code ip - map start + pgoff}).
 */
final class ElfFile {
    private static final byte[] PLT = "@plt".getBytes(StandardCharsets.ISO_8859_1);
    static final int SHT_SYMTAB = 2;
    static final int SHT_NOTE = 7;
    static final int SHT_NOBITS = 8;
    static final int SHT_RELA = 4;
    static final int SHT_DYNSYM = 11;
    private static final long SHF_ALLOC = 2;
    /**
     * The largest section read into memory: ten times the largest symbol, string or frame table
     * of a MySQL-family server with full symbols (tens of MB). A header may claim anything, and a
     * sparse file may even hold it; more than this is a lie, not a binary.
     */
    static final long MAX_SECTION = 256L << 20;
    /** The largest section or program header entry believed (both are 64 and 56 bytes in every ELF64 file). */
    private static final int MAX_HEADER_ENTRY = 1024;
    /** A symbol table's largest entry (24 bytes in ELF64). */
    private static final long MAX_SYMBOL_ENTRY = 4096;

    final Path path;
    private final FileChannel ch;
    private final long fileSize;
    private final int shnum;
    private final long[] shOffsetOfHeader;
    final int[] shType;
    final long[] shFlags;
    final long[] shAddr;
    final long[] shOffset;
    final long[] shSize;
    final int[] shLink;
    final long[] shEntsize;
    final String[] shName;
    /** PT_LOAD segments: file offset, virtual address and size in the file, to turn offsets into addresses. */
    final long[] loadOffset;
    final long[] loadVaddr;
    final long[] loadFilesz;

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
    static ElfFile open(Path path) {
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

    void close() {
        try {
            ch.close();
        } catch (IOException ignored) {
            // read-only; nothing to flush
        }
    }

    int section(String name) {
        for (int i = 0; i < shnum; i++) {
            if (shName[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    int sectionOfType(int type) {
        for (int i = 0; i < shnum; i++) {
            if (shType[i] == type) {
                return i;
            }
        }
        return -1;
    }

    int sectionCount() {
        return shnum;
    }

    /** The GNU build id in hex from the note sections, or null. */
    String buildId() {
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

    boolean hasSymtab() {
        return sectionOfType(SHT_SYMTAB) >= 0;
    }

    /**
     * The symbols perf keeps from one symbol table: functions (and text labels) that are
     * defined in an allocated section, their values made file offsets with the section headers
     * of {@code runtime} (the binary itself) where this file has no bits for the section.
     */
    SymbolList functions(int symtab, ElfFile runtime) throws IOException {
        if (symtab < 0 || shEntsize[symtab] < 24 || shEntsize[symtab] > MAX_SYMBOL_ENTRY) {
            return new SymbolList(0);
        }
        ByteBuffer syms = mapped(symtab);
        byte[] strs = bytes(stringTable(symtab));
        int n = (int) (shSize[symtab] / shEntsize[symtab]);
        int ent = (int) shEntsize[symtab];
        // Sized for a real table (about half its entries are functions), never for what a header claims.
        SymbolList out = SymbolList.over(strs, Math.min(n / 2, 1 << 16));
        for (int i = 1; i < n; i++) {
            int b = i * ent;
            int name = syms.getInt(b);
            int info = syms.get(b + 4) & 0xff;
            int shndx = Short.toUnsignedInt(syms.getShort(b + 6));
            long value = syms.getLong(b + 8);
            long size = syms.getLong(b + 16);
            int type = info & 0xf;
            int bind = info >> 4;
            boolean function = (type == 2 || type == 10) && name != 0;
            boolean label = type == 0 && name != 0 && shndx != 0xfff1;
            if ((!function && !label) || shndx == 0 || shndx >= shnum) {
                continue;
            }
            ElfFile secFile = this;
            if (shType[shndx] == SHT_NOBITS && runtime != null && shndx < runtime.shnum) {
                secFile = runtime;
            }
            if ((secFile.shFlags[shndx] & SHF_ALLOC) == 0) {
                continue;
            }
            if (label && !secFile.shName[shndx].contains("text")) {
                continue;
            }
            long offset = value - (secFile.shAddr[shndx] - secFile.shOffset[shndx]);
            boolean named = name >= 0 && name < strs.length;
            out.addNamedAt(offset, size, bind, named ? name : 0, named ? cStringLength(strs, name) : 0);
        }
        return out;
    }

    /**
     * perf's {@code @plt} symbols: one per {@code .rela.plt} entry, {@code sh_entsize} bytes each,
     * after the PLT header, named after the dynamic symbol the entry jumps to.
     */
    SymbolList pltSymbols() throws IOException {
        SymbolList out = new SymbolList(0);
        int dynsym = sectionOfType(SHT_DYNSYM);
        int rela = section(".rela.plt");
        int plt = section(".plt");
        if (dynsym < 0 || rela < 0 || plt < 0 || shLink[rela] != dynsym || shType[rela] != SHT_RELA
                || shEntsize[rela] < 16 || shEntsize[rela] > MAX_SYMBOL_ENTRY || shEntsize[dynsym] < 24
                || shEntsize[dynsym] > MAX_SYMBOL_ENTRY) {
            return out;
        }
        ByteBuffer rel = mapped(rela);
        ByteBuffer syms = mapped(dynsym);
        byte[] strs = bytes(stringTable(dynsym));
        long entry = shEntsize[plt];
        long at = shOffset[plt] + entry;
        int n = (int) (shSize[rela] / shEntsize[rela]);
        long dynsymCount = syms.capacity() / shEntsize[dynsym];
        for (int i = 0; i < n; i++) {
            long info = rel.getLong(i * (int) shEntsize[rela] + 8);
            long symIdx = info >>> 32;
            if (symIdx >= dynsymCount) {
                continue;
            }
            int nameOff = syms.getInt((int) (symIdx * shEntsize[dynsym]));
            int len = nameOff >= 0 && nameOff < strs.length ? cStringLength(strs, nameOff) : 0;
            out.add(at, entry, SymbolList.GLOBAL, strs, len == 0 ? 0 : nameOff, len, PLT);
            at += entry;
        }
        return out;
    }

    /**
     * A section's bytes, read into memory once its offset and size are checked against the file
     * and {@link #MAX_SECTION}: a header that claims more is an IOException naming the file.
     */
    byte[] bytes(int section) throws IOException {
        if (shType[section] == SHT_NOBITS) {
            return new byte[0];
        }
        checkSection(section);
        byte[] out = new byte[(int) shSize[section]];
        fill(ByteBuffer.wrap(out), shOffset[section]);
        return out;
    }

    /** A section mapped, not copied (a symbol table is read once, entry by entry), once checked as {@link #bytes}. */
    private ByteBuffer mapped(int section) throws IOException {
        if (shType[section] == SHT_NOBITS) {
            return ByteBuffer.allocate(0).order(ByteOrder.LITTLE_ENDIAN);
        }
        checkSection(section);
        return ch.map(FileChannel.MapMode.READ_ONLY, shOffset[section], shSize[section]).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** The string table a symbol table links to, which must be a section of this file. */
    private int stringTable(int symtab) throws IOException {
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

    static String cString(byte[] b, int from) {
        if (from < 0 || from >= b.length) {
            return "";
        }
        return new String(b, from, cStringLength(b, from), StandardCharsets.ISO_8859_1);
    }

    private static int cStringLength(byte[] b, int from) {
        int end = from;
        while (end < b.length && b[end] != 0) {
            end++;
        }
        return end - from;
    }
}
