package io.myflame.ingest.unwind;

import java.util.ArrayDeque;

/**
 * Computes the {@link CfiRow} for one pc: finds its FDE ({@code .eh_frame} through the search
 * table, then {@code .debug_frame}, as perf's find_proc_info), runs the CIE's initial
 * instructions and the FDE's up to and including the pc, as libunwind 1.6 does. Register
 * numbers above 16 are refused, as libunwind's x86-64 build refuses them ({@link CfiRow#BAD}).
 */
public final class CfiProgram {
    /**
     * How deep DW_CFA_remember_state may nest: compilers nest one or two; each level copies a row,
     * so an FDE of nothing but remember_state would otherwise allocate a row per byte.
     */
    // DWARF 5 §6.4.2 call frame instructions (and the GNU two gcc emits): the first three are the
    // high two bits of an opcode whose low six are the operand.
    private static final int DW_CFA_ADVANCE_LOC = 0x40;
    private static final int DW_CFA_OFFSET = 0x80;
    private static final int DW_CFA_RESTORE = 0xc0;
    private static final int DW_CFA_NOP = 0x00;
    private static final int DW_CFA_SET_LOC = 0x01;
    private static final int DW_CFA_ADVANCE_LOC1 = 0x02;
    private static final int DW_CFA_ADVANCE_LOC2 = 0x03;
    private static final int DW_CFA_ADVANCE_LOC4 = 0x04;
    private static final int DW_CFA_OFFSET_EXTENDED = 0x05;
    private static final int DW_CFA_RESTORE_EXTENDED = 0x06;
    private static final int DW_CFA_UNDEFINED = 0x07;
    private static final int DW_CFA_SAME_VALUE = 0x08;
    private static final int DW_CFA_REGISTER = 0x09;
    private static final int DW_CFA_REMEMBER_STATE = 0x0a;
    private static final int DW_CFA_RESTORE_STATE = 0x0b;
    private static final int DW_CFA_DEF_CFA = 0x0c;
    private static final int DW_CFA_DEF_CFA_REGISTER = 0x0d;
    private static final int DW_CFA_DEF_CFA_OFFSET = 0x0e;
    private static final int DW_CFA_DEF_CFA_EXPRESSION = 0x0f;
    private static final int DW_CFA_EXPRESSION = 0x10;
    private static final int DW_CFA_OFFSET_EXTENDED_SF = 0x11;
    private static final int DW_CFA_DEF_CFA_SF = 0x12;
    private static final int DW_CFA_DEF_CFA_OFFSET_SF = 0x13;
    private static final int DW_CFA_VAL_OFFSET = 0x14;
    private static final int DW_CFA_VAL_OFFSET_SF = 0x15;
    private static final int DW_CFA_VAL_EXPRESSION = 0x16;
    private static final int DW_CFA_GNU_ARGS_SIZE = 0x2e;
    private static final int DW_CFA_GNU_NEGATIVE_OFFSET_EXTENDED = 0x2f;

    static final int MAX_REMEMBERED = 64;

    private CfiProgram() {
    }

    /** A CIE's facts an FDE needs. */
    private record Cie(long codeAlign, long dataAlign, int returnAddress, int fdeEncoding, boolean augmented,
            int instructions, int end) {
    }

    /** Thrown for CFI libunwind refuses while running a program; never escapes {@link #row}. */
    private static final class BadCfi extends Exception {
        BadCfi() {
            super(null, null, false, false);
        }
    }

    public static CfiRow row(CallFrameInfo cfi, long pc) {
        CfiRow r = CfiRow.NO_INFO;
        if (cfi.hasEhFrame()) {
            int fde = cfi.ehFde(pc);
            if (fde >= 0) {
                r = fromFde(cfi.ehFrame, fde, true, cfi.ehFrameVaddr, cfi.hdrVaddr, pc);
            }
        }
        if (r == CfiRow.NO_INFO && cfi.debugFrame != null) {
            int fde = cfi.debugFde(pc);
            if (fde >= 0) {
                r = fromFde(cfi.debugFrame, fde, false, 0, 0, pc);
            }
        }
        return r;
    }

    private static CfiRow fromFde(byte[] b, int fdeAt, boolean eh, long base, long dataBase, long pc) {
        try {
            CallFrameInfo.Cursor c = new CallFrameInfo.Cursor(b, fdeAt, base, dataBase);
            long len = c.u32();
            if (len == 0 || len >= 0xfffffff0L) {
                return CfiRow.NO_INFO;
            }
            int end = (int) Math.min(b.length, fdeAt + 4 + len);
            int idAt = c.at;
            long id = c.u32();
            long cieAt = eh ? idAt - id : id;
            if ((eh && id == 0) || (!eh && id == 0xffffffffL) || cieAt < 0 || cieAt >= b.length) {
                return CfiRow.NO_INFO;
            }
            Cie cie = cie(b, (int) cieAt, eh, base, dataBase);
            if (cie == null) {
                return CfiRow.NO_INFO;
            }
            if (cie.returnAddress < 0 || cie.returnAddress >= CfiRow.REGS) {
                return CfiRow.BAD;
            }
            long start = c.pointer(cie.fdeEncoding);
            long range = c.pointer(cie.fdeEncoding & CallFrameInfo.DW_EH_PE_FORMAT);
            if (Long.compareUnsigned(pc, start) < 0 || Long.compareUnsigned(pc - start, range) >= 0) {
                return CfiRow.NO_INFO;
            }
            if (cie.augmented) {
                c.at = blockEnd(c, end);
            }
            CfiRow row = new CfiRow(b);
            row.returnAddress = cie.returnAddress;
            // The CFA starts undefined; a CIE that never defines it leaves rsp+0, which no real CIE does.
            row.cfaRegister = 7;
            CallFrameInfo.Cursor ci = new CallFrameInfo.Cursor(b, cie.instructions, base, dataBase);
            run(ci, cie.end, row, null, cie, start, -1L, true);
            CfiRow initial = row.copy();
            run(c, end, row, initial, cie, start, pc, false);
            return row;
        } catch (BadCfi | IndexOutOfBoundsException e) {
            return CfiRow.BAD;
        }
    }

    /**
     * The FDE pointer encoding ('R') of the .eh_frame CIE at {@code at}, or -1 for what is no CIE:
     * what {@link FunctionBounds} reads an FDE's start and length with, parsed as the unwinder parses it.
     */
    public static int fdeEncoding(byte[] b, int at, long base, long dataBase) {
        try {
            Cie cie = cie(b, at, true, base, dataBase);
            return cie == null ? -1 : cie.fdeEncoding();
        } catch (BadCfi | IndexOutOfBoundsException e) {
            return -1;
        }
    }

    private static Cie cie(byte[] b, int at, boolean eh, long base, long dataBase) throws BadCfi {
        CallFrameInfo.Cursor c = new CallFrameInfo.Cursor(b, at, base, dataBase);
        long len = c.u32();
        if (len == 0 || len >= 0xfffffff0L) {
            return null;
        }
        int end = (int) Math.min(b.length, at + 4 + len);
        long id = c.u32();
        if (id != (eh ? 0 : 0xffffffffL)) {
            return null;
        }
        int version = c.u8();
        int augAt = c.at;
        while (b[c.at] != 0) {
            c.at++;
        }
        String aug = new String(b, augAt, c.at - augAt, java.nio.charset.StandardCharsets.ISO_8859_1);
        c.at++;
        if (aug.contains("eh")) {
            c.at += 8;
        }
        if (version >= 4) {
            c.at += 2;
        }
        long codeAlign = c.uleb();
        long dataAlign = c.sleb();
        long ra = version == 1 ? c.u8() : c.uleb();
        int fdeEncoding = 0;
        boolean z = aug.startsWith("z");
        if (z) {
            int augEnd = blockEnd(c, end);
            for (int i = 1; i < aug.length(); i++) {
                char ch = aug.charAt(i);
                if (ch == 'R') {
                    fdeEncoding = c.u8();
                } else if (ch == 'L') {
                    c.u8();
                } else if (ch == 'P') {
                    c.pointer(c.u8() & 0x7f);
                } else if (ch != 'S' && ch != 'B') {
                    break;
                }
            }
            c.at = augEnd;
        }
        // A return address column no register array holds: libunwind's "invalid return address column".
        int raColumn = ra < CfiRow.REGS ? (int) ra : -1;
        return new Cie(codeAlign, dataAlign, raColumn, fdeEncoding, z, c.at, end);
    }

    /** Runs CFA instructions from {@code c} to {@code end}, stopping once the location passes {@code pc} (unless {@code all}). */
    private static void run(CallFrameInfo.Cursor c, int end, CfiRow row, CfiRow initial, Cie cie, long loc, long pc,
            boolean all) throws BadCfi {
        ArrayDeque<CfiRow> remembered = null;
        while (c.at < end && (all || Long.compareUnsigned(loc, pc) <= 0)) {
            int op = c.u8();
            int operand = op & 0x3f;
            switch (op & 0xc0) {
                case DW_CFA_ADVANCE_LOC -> {
                    loc += operand * cie.codeAlign;
                    continue;
                }
                case DW_CFA_OFFSET -> {
                    setReg(row, reg(operand), CfiRow.CFA_OFFSET, c.uleb() * cie.dataAlign);
                    continue;
                }
                case DW_CFA_RESTORE -> {
                    restore(row, initial, reg(operand));
                    continue;
                }
                default -> {
                }
            }
            switch (op) {
                case DW_CFA_NOP -> {
                }
                case DW_CFA_SET_LOC -> loc = c.pointer(cie.fdeEncoding);
                case DW_CFA_ADVANCE_LOC1 -> loc += c.u8() * cie.codeAlign;
                case DW_CFA_ADVANCE_LOC2 -> loc += c.u16() * cie.codeAlign;
                case DW_CFA_ADVANCE_LOC4 -> loc += c.u32() * cie.codeAlign;
                case DW_CFA_OFFSET_EXTENDED -> setReg(row, reg(c.uleb()), CfiRow.CFA_OFFSET, c.uleb() * cie.dataAlign);
                case DW_CFA_RESTORE_EXTENDED -> restore(row, initial, reg(c.uleb()));
                case DW_CFA_UNDEFINED -> setReg(row, reg(c.uleb()), CfiRow.UNDEFINED, 0);
                case DW_CFA_SAME_VALUE -> setReg(row, reg(c.uleb()), CfiRow.SAME, 0);
                case DW_CFA_REGISTER -> setReg(row, reg(c.uleb()), CfiRow.REGISTER, reg(c.uleb()));
                case DW_CFA_REMEMBER_STATE -> {
                    remembered = remembered == null ? new ArrayDeque<>() : remembered;
                    if (remembered.size() == MAX_REMEMBERED) {
                        throw new BadCfi();
                    }
                    remembered.push(row.copy());
                }
                case DW_CFA_RESTORE_STATE -> {
                    if (remembered == null || remembered.isEmpty()) {
                        throw new BadCfi();
                    }
                    row.set(remembered.pop());
                }
                case DW_CFA_DEF_CFA -> {
                    row.cfaIsExpression = false;
                    row.cfaRegister = reg(c.uleb());
                    row.cfaOffset = c.uleb();
                }
                case DW_CFA_DEF_CFA_REGISTER -> {
                    row.cfaIsExpression = false;
                    row.cfaRegister = reg(c.uleb());
                }
                case DW_CFA_DEF_CFA_OFFSET -> row.cfaOffset = c.uleb();
                case DW_CFA_DEF_CFA_EXPRESSION -> {
                    row.cfaIsExpression = true;
                    row.cfaExpression = c.at;
                    c.at = blockEnd(c, end);
                }
                case DW_CFA_EXPRESSION, DW_CFA_VAL_EXPRESSION -> {
                    int r = reg(c.uleb());
                    setReg(row, r, op == DW_CFA_EXPRESSION ? CfiRow.EXPRESSION : CfiRow.VAL_EXPRESSION, c.at);
                    c.at = blockEnd(c, end);
                }
                case DW_CFA_OFFSET_EXTENDED_SF -> setReg(row, reg(c.uleb()), CfiRow.CFA_OFFSET, c.sleb() * cie.dataAlign);
                case DW_CFA_DEF_CFA_SF -> {
                    row.cfaIsExpression = false;
                    row.cfaRegister = reg(c.uleb());
                    row.cfaOffset = c.sleb() * cie.dataAlign;
                }
                case DW_CFA_DEF_CFA_OFFSET_SF -> row.cfaOffset = c.sleb() * cie.dataAlign;
                case DW_CFA_VAL_OFFSET -> setReg(row, reg(c.uleb()), CfiRow.VAL_OFFSET, c.uleb() * cie.dataAlign);
                case DW_CFA_VAL_OFFSET_SF -> setReg(row, reg(c.uleb()), CfiRow.VAL_OFFSET, c.sleb() * cie.dataAlign);
                case DW_CFA_GNU_ARGS_SIZE -> c.uleb();
                case DW_CFA_GNU_NEGATIVE_OFFSET_EXTENDED -> setReg(row, reg(c.uleb()), CfiRow.CFA_OFFSET, -(c.uleb() * cie.dataAlign));
                default -> throw new BadCfi();
            }
        }
    }

    private static int reg(long r) throws BadCfi {
        if (r < 0 || r >= CfiRow.REGS) {
            throw new BadCfi();
        }
        return (int) r;
    }

    private static void setReg(CfiRow row, int r, byte where, long value) {
        row.where[r] = where;
        row.value[r] = value;
    }

    private static void restore(CfiRow row, CfiRow initial, int r) {
        if (initial != null) {
            row.where[r] = initial.where[r];
            row.value[r] = initial.value[r];
        }
    }

    /**
     * Reads a block's ULEB128 length at the cursor and returns where the block ends; a length
     * beyond {@code end} (0xfffffffa, say, which added as an int would jump back onto the
     * instruction and loop for ever) is bad CFI.
     */
    private static int blockEnd(CallFrameInfo.Cursor c, int end) throws BadCfi {
        long len = c.uleb();
        if (len < 0 || len > end - c.at) {
            throw new BadCfi();
        }
        return c.at + (int) len;
    }
}
