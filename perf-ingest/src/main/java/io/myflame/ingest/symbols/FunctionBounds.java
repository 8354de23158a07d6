package io.myflame.ingest.symbols;

import io.myflame.ingest.elf.SortedAddresses;
import io.myflame.ingest.unwind.CallFrameInfo;
import io.myflame.ingest.unwind.CfiProgram;
import java.util.HashMap;
import java.util.Map;

/**
 * Where the functions of an ELF file start and end, from its {@code .eh_frame}: every function the
 * compiler emitted has an FDE (x86-64 builds keep asynchronous unwind tables), and {@code strip}
 * keeps them, since exceptions and backtraces need them at run time. So a binary stripped to its
 * exported symbols (upstream MySQL releases, Debian's {@code mariadbd}) still says which function
 * an unnamed address lies in: its frames are named per function ({@code mariadbd+0x1a2b30}, see
 * docs/perf-data.md) instead of one {@code [mariadbd]} per file. The FDE starts are the
 * {@code .eh_frame_hdr} search table's (already sorted); the ends are read once from each FDE. A
 * lookup is a binary search over primitive arrays and allocates nothing. Immutable once built.
 */
public final class FunctionBounds {
    static final FunctionBounds NONE = new FunctionBounds(null, new long[0], new long[0]);

    private final CallFrameInfo cfi;
    private final long[] start;
    private final long[] length;

    private FunctionBounds(CallFrameInfo cfi, long[] start, long[] length) {
        this.cfi = cfi;
        this.start = start;
        this.length = length;
    }

    /** The functions {@code cfi}'s {@code .eh_frame} search table lists; {@link #NONE} without one. */
    static FunctionBounds of(CallFrameInfo cfi) {
        if (cfi == null || !cfi.hasEhFrame() || cfi.tablePc().length == 0) {
            return NONE;
        }
        long[] pcs = cfi.tablePc();
        int[] fdes = cfi.tableFde();
        long[] lengths = new long[pcs.length];
        Map<Integer, Integer> encodingOfCie = new HashMap<>();
        for (int i = 0; i < pcs.length; i++) {
            lengths[i] = range(cfi, fdes[i], pcs[i], encodingOfCie);
        }
        return new FunctionBounds(cfi, pcs, lengths);
    }

    /** Number of functions known. */
    int size() {
        return start.length;
    }

    /**
     * The virtual address at which the function holding the file offset {@code offset} starts (the
     * address {@code nm}, {@code addr2line -e} and gdb use), or -1 when no FDE covers it.
     */
    public long startOf(long offset) {
        if (start.length == 0) {
            return -1;
        }
        long pc = cfi.vaddr(offset);
        int at = SortedAddresses.lastAtOrBefore(start, start.length, pc);
        return at >= 0 && Long.compareUnsigned(pc - start[at], length[at]) < 0 ? start[at] : -1;
    }

    /**
     * The address range of the FDE at {@code fdeAt}, which the search table says starts at
     * {@code pc}; 0 (covers nothing) when the FDE cannot be read or starts elsewhere.
     * An FDE: length (4), CIE pointer (4, relative to itself), pc_begin and pc_range in the CIE's
     * 'R' encoding (pc_range without its application bits).
     */
    private static long range(CallFrameInfo cfi, int fdeAt, long pc, Map<Integer, Integer> encodingOfCie) {
        byte[] b = cfi.ehFrame;
        try {
            CallFrameInfo.Cursor c = new CallFrameInfo.Cursor(b, fdeAt, cfi.ehFrameVaddr, cfi.hdrVaddr);
            long len = c.u32();
            if (len == 0 || len >= 0xfffffff0L) {
                return 0;
            }
            int idAt = c.at;
            long id = c.u32();
            int cieAt = (int) (idAt - id);
            if (id == 0 || cieAt < 0 || cieAt >= b.length) {
                return 0;
            }
            Integer enc = encodingOfCie.get(cieAt);
            if (enc == null) {
                enc = CfiProgram.fdeEncoding(b, cieAt, cfi.ehFrameVaddr, cfi.hdrVaddr);
                encodingOfCie.put(cieAt, enc);
            }
            if (enc < 0 || c.pointer(enc) != pc) {
                return 0;
            }
            return c.pointer(enc & CallFrameInfo.DW_EH_PE_FORMAT);
        } catch (IndexOutOfBoundsException e) {
            return 0;
        }
    }
}
