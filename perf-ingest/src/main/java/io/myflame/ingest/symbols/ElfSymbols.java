package io.myflame.ingest.symbols;

import io.myflame.ingest.elf.ElfFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The function symbols of an ELF file as perf keeps them: those of {@code .symtab} or
 * {@code .dynsym}, and the {@code @plt} entries perf synthesises. Symbol values are turned into
 * file offsets, the address space perf resolves user-space samples in
 * ({@code ip - map start + pgoff}).
 */
public final class ElfSymbols {
    private static final byte[] PLT = "@plt".getBytes(StandardCharsets.ISO_8859_1);

    private ElfSymbols() {
    }

    /**
     * The symbols perf keeps from one symbol table: functions (and text labels) that are
     * defined in an allocated section, their values made file offsets with the section headers
     * of {@code runtime} (the binary itself) where this file has no bits for the section.
     */
    public static SymbolList functions(ElfFile elf, int symtab, ElfFile runtime) throws IOException {
        if (symtab < 0 || elf.shEntsize[symtab] < 24 || elf.shEntsize[symtab] > ElfFile.MAX_SYMBOL_ENTRY) {
            return new SymbolList(0);
        }
        ByteBuffer syms = elf.mapped(symtab);
        byte[] strs = elf.bytes(elf.stringTable(symtab));
        int n = (int) (elf.shSize[symtab] / elf.shEntsize[symtab]);
        int ent = (int) elf.shEntsize[symtab];
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
            if ((!function && !label) || shndx == 0 || shndx >= elf.sectionCount()) {
                continue;
            }
            ElfFile secFile = elf;
            if (elf.shType[shndx] == ElfFile.SHT_NOBITS && runtime != null && shndx < runtime.sectionCount()) {
                secFile = runtime;
            }
            if ((secFile.shFlags[shndx] & ElfFile.SHF_ALLOC) == 0) {
                continue;
            }
            if (label && !secFile.shName[shndx].contains("text")) {
                continue;
            }
            long offset = value - (secFile.shAddr[shndx] - secFile.shOffset[shndx]);
            boolean named = name >= 0 && name < strs.length;
            out.addNamedAt(offset, size, bind, named ? name : 0, named ? ElfFile.cStringLength(strs, name) : 0);
        }
        return out;
    }

    /**
     * perf's {@code @plt} symbols: one per {@code .rela.plt} entry, {@code sh_entsize} bytes each,
     * after the PLT header, named after the dynamic symbol the entry jumps to.
     */
    public static SymbolList pltSymbols(ElfFile elf) throws IOException {
        SymbolList out = new SymbolList(0);
        int dynsym = elf.sectionOfType(ElfFile.SHT_DYNSYM);
        int rela = elf.section(".rela.plt");
        int plt = elf.section(".plt");
        if (dynsym < 0 || rela < 0 || plt < 0 || elf.shLink[rela] != dynsym || elf.shType[rela] != ElfFile.SHT_RELA
                || elf.shEntsize[rela] < 16 || elf.shEntsize[rela] > ElfFile.MAX_SYMBOL_ENTRY || elf.shEntsize[dynsym] < 24
                || elf.shEntsize[dynsym] > ElfFile.MAX_SYMBOL_ENTRY) {
            return out;
        }
        ByteBuffer rel = elf.mapped(rela);
        ByteBuffer syms = elf.mapped(dynsym);
        byte[] strs = elf.bytes(elf.stringTable(dynsym));
        long entry = elf.shEntsize[plt];
        long at = elf.shOffset[plt] + entry;
        int n = (int) (elf.shSize[rela] / elf.shEntsize[rela]);
        long dynsymCount = syms.capacity() / elf.shEntsize[dynsym];
        for (int i = 0; i < n; i++) {
            long info = rel.getLong(i * (int) elf.shEntsize[rela] + 8);
            long symIdx = info >>> 32;
            if (symIdx >= dynsymCount) {
                continue;
            }
            int nameOff = syms.getInt((int) (symIdx * elf.shEntsize[dynsym]));
            int len = nameOff >= 0 && nameOff < strs.length ? ElfFile.cStringLength(strs, nameOff) : 0;
            out.add(at, entry, SymbolList.GLOBAL, strs, len == 0 ? 0 : nameOff, len, PLT);
            at += entry;
        }
        return out;
    }
}
