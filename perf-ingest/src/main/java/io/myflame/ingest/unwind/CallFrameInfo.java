package io.myflame.ingest.unwind;

import io.myflame.ingest.elf.ElfFile;
import io.myflame.ingest.elf.SortedAddresses;
import java.io.IOException;
import java.util.Arrays;

/**
 * The call frame information of one ELF file, as perf's libunwind unwinder finds it: FDEs located
 * through the {@code .eh_frame_hdr} search table, else in {@code .debug_frame}. A file with
 * neither gives {@link #NONE}, and an unwind that reaches it stops there (perf's find_proc_info
 * fails). Addresses are the file's virtual addresses; {@link #vaddr} turns a file offset (where
 * symbolisation works) into one. Immutable once read; rows are computed on demand by
 * {@link CfiProgram} and cached per decoding thread.
 */
public final class CallFrameInfo {
    // The DW_EH_PE pointer encodings of .eh_frame and .eh_frame_hdr (LSB, "DWARF Extensions"): the
    // low four bits the format, the next three how it applies.
    static final int DW_EH_PE_OMIT = 0xff;
    public static final int DW_EH_PE_FORMAT = 0x0f;
    static final int DW_EH_PE_ABSPTR = 0x00;
    static final int DW_EH_PE_ULEB128 = 0x01;
    static final int DW_EH_PE_UDATA2 = 0x02;
    static final int DW_EH_PE_UDATA4 = 0x03;
    static final int DW_EH_PE_UDATA8 = 0x04;
    static final int DW_EH_PE_SLEB128 = 0x09;
    static final int DW_EH_PE_SDATA2 = 0x0a;
    static final int DW_EH_PE_SDATA4 = 0x0b;
    static final int DW_EH_PE_SDATA8 = 0x0c;
    static final int DW_EH_PE_APPLICATION = 0x70;
    static final int DW_EH_PE_PCREL = 0x10;
    static final int DW_EH_PE_DATAREL = 0x30;

    public static final CallFrameInfo NONE = new CallFrameInfo(null, 0, 0, new long[0], new int[0], null,
            new long[0], new long[0], new int[0], new long[0], new long[0], new long[0]);

    /** {@code .eh_frame} bytes and the address they load at; null when the file has none usable. */
    public final byte[] ehFrame;
    public final long ehFrameVaddr;
    /** Where {@code .eh_frame_hdr} loads: the base of datarel pointers. */
    public final long hdrVaddr;
    private final long[] tablePc;
    private final int[] tableFde;
    final byte[] debugFrame;
    private final long[] debugStart;
    private final long[] debugEnd;
    private final int[] debugFde;
    private final long[] loadOffset;
    private final long[] loadVaddr;
    private final long[] loadFilesz;

    private CallFrameInfo(byte[] ehFrame, long ehFrameVaddr, long hdrVaddr, long[] tablePc, int[] tableFde,
            byte[] debugFrame, long[] debugStart, long[] debugEnd, int[] debugFde,
            long[] loadOffset, long[] loadVaddr, long[] loadFilesz) {
        this.ehFrame = ehFrame;
        this.ehFrameVaddr = ehFrameVaddr;
        this.hdrVaddr = hdrVaddr;
        this.tablePc = tablePc;
        this.tableFde = tableFde;
        this.debugFrame = debugFrame;
        this.debugStart = debugStart;
        this.debugEnd = debugEnd;
        this.debugFde = debugFde;
        this.loadOffset = loadOffset;
        this.loadVaddr = loadVaddr;
        this.loadFilesz = loadFilesz;
    }

    /** Reads the CFI of {@code elf}; {@link #NONE} when it has neither an {@code .eh_frame_hdr} nor a {@code .debug_frame}. */
    public static CallFrameInfo read(ElfFile elf) {
        try {
            byte[] eh = null;
            long ehVaddr = 0;
            long hdrVaddr = 0;
            long[] pcs = new long[0];
            int[] fdes = new int[0];
            int hdr = elf.section(".eh_frame_hdr");
            int frame = elf.section(".eh_frame");
            if (hdr >= 0 && frame >= 0 && elf.shType[hdr] != ElfFile.SHT_NOBITS && elf.shType[frame] != ElfFile.SHT_NOBITS) {
                eh = elf.bytes(frame);
                ehVaddr = elf.shAddr[frame];
                hdrVaddr = elf.shAddr[hdr];
                byte[] h = elf.bytes(hdr);
                // version 1, eh_frame_ptr encoding, fde_count encoding, table encoding (datarel sdata4:
                // the only one libunwind's remote table search reads), then the pointer, count and table.
                if (h.length >= 12 && h[0] == 1 && (h[3] & 0xff) == (DW_EH_PE_DATAREL | DW_EH_PE_SDATA4)) {
                    Cursor c = new Cursor(h, 4, hdrVaddr, hdrVaddr);
                    c.pointer(h[1] & 0xff);
                    long n = c.pointer(h[2] & 0xff);
                    int count = (int) Math.max(0, Math.min(n, (h.length - c.at) / 8));
                    pcs = new long[count];
                    fdes = new int[count];
                    for (int i = 0; i < count; i++) {
                        pcs[i] = hdrVaddr + c.s32();
                        fdes[i] = (int) (hdrVaddr + c.s32() - ehVaddr);
                    }
                } else {
                    eh = null;
                }
            }
            DebugFrame debug = DebugFrame.read(elf);
            if (eh == null && debug == null) {
                return NONE;
            }
            return new CallFrameInfo(eh, ehVaddr, hdrVaddr, pcs, fdes, debug == null ? null : debug.bytes,
                    debug == null ? new long[0] : debug.start, debug == null ? new long[0] : debug.end,
                    debug == null ? new int[0] : debug.fde, elf.loadOffset, elf.loadVaddr, elf.loadFilesz);
        } catch (IOException | RuntimeException e) {
            return NONE;
        }
    }

    /**
     * CFI read back from a {@link SymbolArchive}: the {@code .eh_frame} bytes, their search table
     * and the load segments, as {@link #read} found them on the recording machine.
     */
    public static CallFrameInfo archived(byte[] ehFrame, long ehFrameVaddr, long hdrVaddr, long[] tablePc, int[] tableFde,
            long[] loadOffset, long[] loadVaddr, long[] loadFilesz) {
        return new CallFrameInfo(ehFrame, ehFrameVaddr, hdrVaddr, tablePc, tableFde, null, new long[0], new long[0],
                new int[0], loadOffset, loadVaddr, loadFilesz);
    }

    /** What {@link SymbolArchive} keeps: the search table's start addresses, FDE offsets and the load segments. */
    public long[] tablePc() {
        return tablePc;
    }

    public int[] tableFde() {
        return tableFde;
    }

    public long[] loadOffset() {
        return loadOffset;
    }

    public long[] loadVaddr() {
        return loadVaddr;
    }

    public long[] loadFilesz() {
        return loadFilesz;
    }

    /** The address a file offset loads at, by the PT_LOAD segment that holds it. */
    public long vaddr(long offset) {
        for (int i = 0; i < loadOffset.length; i++) {
            if (offset >= loadOffset[i] && offset - loadOffset[i] < loadFilesz[i]) {
                return offset - loadOffset[i] + loadVaddr[i];
            }
        }
        return loadOffset.length == 0 ? offset : offset - loadOffset[0] + loadVaddr[0];
    }

    /**
     * The offset in {@link #ehFrame} of the FDE the search table names for {@code pc} (the last
     * entry starting at or before it), or -1: libunwind's dwarf_search_unwind_table.
     */
    public int ehFde(long pc) {
        int i = SortedAddresses.lastAtOrBefore(tablePc, tablePc.length, pc);
        return i < 0 ? -1 : tableFde[i];
    }

    /** The offset in {@link #debugFrame} of an FDE covering {@code pc}, or -1. */
    int debugFde(long pc) {
        int i = SortedAddresses.lastAtOrBefore(debugStart, debugStart.length, pc);
        for (int k = i; k >= 0 && k > i - 8; k--) {
            if (Long.compareUnsigned(pc, debugEnd[k]) < 0 && Long.compareUnsigned(pc, debugStart[k]) >= 0) {
                return debugFde[k];
            }
        }
        return -1;
    }

    public boolean hasEhFrame() {
        return ehFrame != null;
    }

    /** {@code .debug_frame}'s FDEs, sorted by start (it has no search table). */
    private record DebugFrame(byte[] bytes, long[] start, long[] end, int[] fde) {
        static DebugFrame read(ElfFile elf) throws IOException {
            int s = elf.section(".debug_frame");
            if (s < 0 || elf.shType[s] == ElfFile.SHT_NOBITS) {
                return null;
            }
            byte[] b = elf.bytes(s);
            int n = 0;
            long[] start = new long[64];
            long[] end = new long[64];
            int[] fde = new int[64];
            int p = 0;
            while (p + 12 <= b.length) {
                Cursor c = new Cursor(b, p, 0, 0);
                long len = c.u32();
                if (len == 0 || len >= 0xfffffff0L) {
                    break;
                }
                int next = (int) Math.min(b.length, p + 4 + len);
                long cie = c.u32();
                if (cie != 0xffffffffL && next - c.at >= 16) {
                    if (n == start.length) {
                        start = Arrays.copyOf(start, n * 2);
                        end = Arrays.copyOf(end, n * 2);
                        fde = Arrays.copyOf(fde, n * 2);
                    }
                    start[n] = c.u64();
                    end[n] = start[n] + c.u64();
                    fde[n++] = p;
                }
                p = next;
            }
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            long[] st = start;
            Arrays.sort(order, (x, y) -> Long.compareUnsigned(st[x], st[y]));
            long[] s2 = new long[n];
            long[] e2 = new long[n];
            int[] f2 = new int[n];
            for (int i = 0; i < n; i++) {
                s2[i] = start[order[i]];
                e2[i] = end[order[i]];
                f2[i] = fde[order[i]];
            }
            return new DebugFrame(b, s2, e2, f2);
        }
    }

    /**
     * A reading position in CFI bytes, with what encoded pointers are relative to: the address
     * the bytes load at (pcrel) and {@code .eh_frame_hdr} (datarel). Reads past the end throw
     * IndexOutOfBoundsException, which the callers take as bad CFI.
     */
    public static final class Cursor {
        final byte[] b;
        public int at;
        private final long base;
        private final long dataBase;

        public Cursor(byte[] b, int at, long base, long dataBase) {
            this.b = b;
            this.at = at;
            this.base = base;
            this.dataBase = dataBase;
        }

        int u8() {
            return b[at++] & 0xff;
        }

        int u16() {
            return u8() | (u8() << 8);
        }

        public long u32() {
            return (u16() | ((long) u16() << 16)) & 0xffffffffL;
        }

        int s32() {
            return (int) u32();
        }

        long u64() {
            return u32() | (u32() << 32);
        }

        long uleb() {
            return leb128(false);
        }

        long sleb() {
            return leb128(true);
        }

        /** LEB128: 7 bits a byte, low first; a signed one extends the sign of its last byte. */
        private long leb128(boolean signed) {
            long v = 0;
            int shift = 0;
            int x;
            do {
                x = u8();
                if (shift < 64) {
                    v |= (long) (x & 0x7f) << shift;
                }
                shift += 7;
            } while ((x & 0x80) != 0);
            return signed && shift < 64 && (x & 0x40) != 0 ? v | (-1L << shift) : v;
        }

        /** A DW_EH_PE-encoded pointer: pcrel and datarel applied; indirect ones are not followed (never needed here). */
        public long pointer(int enc) {
            if (enc == DW_EH_PE_OMIT) {
                return 0;
            }
            long fieldAddr = base + at;
            long v = switch (enc & DW_EH_PE_FORMAT) {
                case DW_EH_PE_ABSPTR -> u64();
                case DW_EH_PE_ULEB128 -> uleb();
                case DW_EH_PE_UDATA2 -> u16();
                case DW_EH_PE_UDATA4 -> u32();
                case DW_EH_PE_UDATA8 -> u64();
                case DW_EH_PE_SLEB128 -> sleb();
                case DW_EH_PE_SDATA2 -> (short) u16();
                case DW_EH_PE_SDATA4 -> s32();
                case DW_EH_PE_SDATA8 -> u64();
                default -> throw new IndexOutOfBoundsException("pointer encoding " + enc);
            };
            return switch (enc & DW_EH_PE_APPLICATION) {
                case DW_EH_PE_ABSPTR -> v;
                case DW_EH_PE_PCREL -> v + fieldAddr;
                case DW_EH_PE_DATAREL -> v + dataBase;
                default -> throw new IndexOutOfBoundsException("pointer application " + enc);
            };
        }
    }
}
