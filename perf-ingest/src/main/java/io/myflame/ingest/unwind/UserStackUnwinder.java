package io.myflame.ingest.unwind;

import java.nio.ByteBuffer;

/**
 * Unwinds the user stack of a {@code --call-graph dwarf} sample as perf 6.1 with libunwind 1.6
 * does ({@code unwind-libunwind-local.c}, libunwind's x86-64 {@code unw_step}): the first address
 * is the sampled IP, then one return address per step, each minus one (perf's adjustment for
 * symbol lookup, printed too). Registers are tracked as libunwind's locations: a sampled
 * register's value, a stack address, a value, or nothing; memory is the sample's stack dump. The
 * quirks are perf's: the dump's last word is never read ({@code addr + 8 >= end} counts as
 * outside), and an address outside the dump but inside any recorded mapping reads as 0 (perf's
 * access_dso_mem fails with a positive code that libunwind takes for success), which ends a
 * stack whose dump ran out with one {@code ffffffffffffffff [unknown]} frame. One per decoding
 * thread; a sample allocates nothing once its rows are cached.
 */
public final class UserStackUnwinder {
    /** perf's x86 register number for each DWARF register 0–16 (rax, rdx, rcx, rbx, rsi, rdi, rbp, rsp, r8–r15, rip). */
    private static final int[] PERF_REG = {0, 3, 2, 1, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23, 8};
    private static final int RBP = 6;
    private static final int RSP = 7;
    private static final int RIP = 16;

    private static final byte NONE = 0;
    private static final byte SAMPLED = 1;
    private static final byte MEMORY = 2;
    private static final byte VALUE = 3;

    private final byte[] kind = new byte[CfiRow.REGS];
    private final long[] loc = new long[CfiRow.REGS];
    private final byte[] newKind = new byte[CfiRow.REGS];
    private final long[] newLoc = new long[CfiRow.REGS];
    private final DwarfExpression expression = new DwarfExpression(this);
    private long cfa;
    private long ip;
    private boolean previousInstruction;
    /** Set by a read that failed: libunwind's negative return, which ends the unwind. */
    boolean failed;

    private ByteBuffer b;
    private int regsAt;
    private long regsMask;
    private int dumpAt;
    private long sp;
    private long dumpSize;
    private MappedCode code;
    private MappedCode data;

    /** Rows of recently unwound (file, pc), direct-mapped: hot return addresses are not re-parsed. */
    private static final int CACHE_BITS = 12;
    private final int[] cachedFile = new int[1 << CACHE_BITS];
    private final long[] cachedPc = new long[1 << CACHE_BITS];
    private final CfiRow[] cachedRow = new CfiRow[1 << CACHE_BITS];

    /** Addresses found by the last {@link #unwind}: the sampled IP, then return addresses minus one. */
    public long[] ips = new long[128];

    public UserStackUnwinder() {
        java.util.Arrays.fill(cachedFile, -1);
    }

    /**
     * Unwinds one sample: registers at {@code regsAt} (one u64 per bit of {@code mask}), a stack
     * dump of {@code dumpSize} bytes at {@code dumpAt}, the process's code and data mappings at the
     * sample's time. Returns how many addresses {@link #ips} holds, at most {@code maxStack}.
     */
    public int unwind(ByteBuffer buf, int regsAt, long mask, int dumpAt, long dumpSize, MappedCode code,
            MappedCode data, int maxStack) {
        this.b = buf;
        this.regsAt = regsAt;
        this.regsMask = mask;
        this.dumpAt = dumpAt;
        this.dumpSize = dumpSize;
        this.code = code;
        this.data = data;
        this.sp = sampled(PERF_REG[RSP]);
        if (ips.length < maxStack) {
            ips = new long[maxStack];
        }
        int n = 0;
        ips[n++] = sampled(PERF_REG[RIP]);
        for (int r = 0; r < CfiRow.REGS; r++) {
            kind[r] = SAMPLED;
            loc[r] = PERF_REG[r];
        }
        ip = ips[0];
        cfa = sp;
        previousInstruction = false;
        while (n < maxStack && step() > 0) {
            ips[n++] = ip - 1;
            previousInstruction = true;
        }
        return n;
    }

    private long sampled(int perfReg) {
        return b.getLong(regsAt + 8 * Long.bitCount(regsMask & ((1L << perfReg) - 1)));
    }

    /** libunwind's unw_step: 1 with a new frame, 0 at the end of the chain, -1 on error. */
    private int step() {
        failed = false;
        long lookup = previousInstruction ? ip - 1 : ip;
        int m = code.find(lookup);
        if (m < 0) {
            return -1;
        }
        CallFrameInfo cfi = code.callFrameInfo(m);
        if (cfi == CallFrameInfo.NONE) {
            return -1;
        }
        long pc = cfi.vaddr(code.fileOffset(m, lookup));
        CfiRow row = row(code.fileId(m), cfi, pc);
        if (row == CfiRow.BAD) {
            return -1;
        }
        if (row == CfiRow.NO_INFO) {
            // No FDE: libunwind (is_plt_entry) steps out of a PLT entry's first instruction, which an old
            // toolchain's .plt has no FDE for, else guesses from the frame pointer.
            return code.pltEntryAt(m, code.fileOffset(m, lookup)) ? stepOutOfPlt() : guessFromFramePointer();
        }
        int r = apply(row);
        if (r < 0) {
            return r;
        }
        return kind[RBP] == NONE ? 0 : r;
    }

    private CfiRow row(int file, CallFrameInfo cfi, long pc) {
        int slot = (int) (((pc ^ ((long) file << 40)) * 0x9E3779B97F4A7C15L) >>> (64 - CACHE_BITS));
        if (cachedFile[slot] == file && cachedPc[slot] == pc) {
            return cachedRow[slot];
        }
        CfiRow row = CfiProgram.row(cfi, pc);
        cachedFile[slot] = file;
        cachedPc[slot] = pc;
        cachedRow[slot] = row;
        return row;
    }

    /** libunwind's apply_reg_state. */
    private int apply(CfiRow row) {
        long prevIp = ip;
        long prevCfa = cfa;
        long newCfa;
        if (!row.cfaIsExpression) {
            // The stack pointer that was not saved is the CFA itself: libunwind pops it implicitly.
            newCfa = (row.cfaRegister == RSP && row.where[RSP] == CfiRow.SAME ? cfa : register(row.cfaRegister))
                    + row.cfaOffset;
        } else {
            newCfa = expression.evaluate(row.code, row.cfaExpression, false, 0);
            if (failed || expression.resultIsRegister) {
                return -1;
            }
        }
        if (failed) {
            return -1;
        }
        for (int i = 0; i < CfiRow.REGS; i++) {
            newKind[i] = kind[i];
            newLoc[i] = loc[i];
            long v = row.value[i];
            switch (row.where[i]) {
                case CfiRow.UNDEFINED -> newKind[i] = NONE;
                case CfiRow.CFA_OFFSET -> set(i, MEMORY, newCfa + v);
                case CfiRow.VAL_OFFSET -> set(i, VALUE, newCfa + v);
                case CfiRow.REGISTER -> {
                    newKind[i] = kind[(int) v];
                    newLoc[i] = loc[(int) v];
                }
                case CfiRow.EXPRESSION, CfiRow.VAL_EXPRESSION -> {
                    long value = expression.evaluate(row.code, (int) v, true, newCfa);
                    if (failed) {
                        return -1;
                    }
                    if (expression.resultIsRegister) {
                        // DW_OP_reg0 then a constant: the result is a "register" no array holds.
                        if (value < 0 || value >= CfiRow.REGS) {
                            return -1;
                        }
                        newKind[i] = kind[(int) value];
                        newLoc[i] = loc[(int) value];
                    } else {
                        set(i, row.where[i] == CfiRow.EXPRESSION ? MEMORY : VALUE, value);
                    }
                }
                default -> {
                }
            }
        }
        System.arraycopy(newKind, 0, kind, 0, CfiRow.REGS);
        System.arraycopy(newLoc, 0, loc, 0, CfiRow.REGS);
        cfa = newCfa;
        int ret;
        if (kind[row.returnAddress] == NONE) {
            ip = 0;
            ret = 0;
        } else {
            ip = value(row.returnAddress);
            if (failed) {
                return -1;
            }
            ret = 1;
        }
        return ip == prevIp && cfa == prevCfa ? -1 : ret;
    }

    private void set(int r, byte k, long v) {
        newKind[r] = k;
        newLoc[r] = v;
    }

    /** libunwind's step out of a PLT entry: nothing pushed yet, the return address is at the CFA. */
    private int stepOutOfPlt() {
        long prevIp = ip;
        long prevCfa = cfa;
        kind[RIP] = MEMORY;
        loc[RIP] = cfa;
        cfa += 8;
        ip = value(RIP);
        if (failed) {
            return -1;
        }
        return ip == prevIp && cfa == prevCfa ? -1 : 1;
    }

    /**
     * libunwind's guess where no FDE covers the pc (x86-64 unw_step after -UNW_ENOINFO): a frame
     * pointer chain, believed only when RBP points at most 16 KB above the CFA.
     */
    private int guessFromFramePointer() {
        long prevIp = ip;
        long prevCfa = cfa;
        if (kind[RBP] == NONE) {
            return 0;
        }
        long rbp = value(RBP);
        if (failed) {
            return -1;
        }
        byte rbpKind = NONE;
        byte ripKind = NONE;
        if (rbp != 0) {
            read(rbp);
            boolean bad = failed || Long.compareUnsigned(rbp, cfa) < 0 || Long.compareUnsigned(rbp - cfa, 0x4000) > 0;
            failed = false;
            rbpKind = bad ? NONE : MEMORY;
            ripKind = bad ? NONE : MEMORY;
            cfa += 16;
        }
        for (int i = 0; i < CfiRow.REGS; i++) {
            kind[i] = NONE;
        }
        kind[RBP] = rbpKind;
        loc[RBP] = rbp;
        kind[RSP] = rbpKind == NONE ? NONE : VALUE;
        loc[RSP] = rbp + 16;
        kind[RIP] = ripKind;
        loc[RIP] = rbp + 8;
        if (kind[RBP] == NONE) {
            return 0;
        }
        ip = value(RIP);
        if (failed) {
            return -1;
        }
        return ip == prevIp && cfa == prevCfa ? -1 : 1;
    }

    /** unw_get_reg: the stack pointer is the CFA; others their location's value. */
    long register(int r) {
        return r == RSP ? cfa : value(r);
    }

    /** dwarf_get: a location's value; sets {@link #failed} when there is none or memory cannot be read. */
    private long value(int r) {
        return switch (kind[r]) {
            case SAMPLED -> sampledOrFail((int) loc[r]);
            case MEMORY -> read(loc[r]);
            case VALUE -> loc[r];
            default -> {
                failed = true;
                yield 0;
            }
        };
    }

    private long sampledOrFail(int perfReg) {
        if ((regsMask & (1L << perfReg)) == 0) {
            failed = true;
            return 0;
        }
        return sampled(perfReg);
    }

    /** perf's access_mem: the stack dump, else 0 inside a recorded mapping, else a failure. */
    long read(long addr) {
        if (Long.compareUnsigned(addr + 8, addr) < 0) {
            failed = true;
            return 0;
        }
        if (Long.compareUnsigned(addr, sp) >= 0 && Long.compareUnsigned(addr + 8, sp + dumpSize) < 0) {
            return b.getLong(dumpAt + (int) (addr - sp));
        }
        if (code.find(addr) >= 0 || data.find(addr) >= 0) {
            return 0;
        }
        failed = true;
        return 0;
    }

}
