package io.myflame.ingest.unwind;

/**
 * One row of a CFI table: how to find, at one pc, the caller's registers. The CFA is a register
 * plus an offset or an expression; each of the 17 registers libunwind tracks on x86-64 (DWARF
 * numbers 0–15 and the return address column 16) keeps its value, is undefined, lies at CFA +
 * offset, is another register, or is given by an expression. Expressions are offsets into
 * {@link #code} (their ULEB128 length first). Immutable; shared through per-thread caches.
 */
public final class CfiRow {
    static final int REGS = 17;
    static final int RA = 16;

    static final byte SAME = 0;
    static final byte UNDEFINED = 1;
    static final byte CFA_OFFSET = 2;
    static final byte REGISTER = 3;
    static final byte EXPRESSION = 4;
    static final byte VAL_EXPRESSION = 5;
    static final byte VAL_OFFSET = 6;

    /** No FDE covers the pc: libunwind's -UNW_ENOINFO, after which it guesses from RBP. */
    static final CfiRow NO_INFO = new CfiRow(null);
    /** CFI that libunwind refuses (an unknown register, a bad opcode): the unwind stops. */
    public static final CfiRow BAD = new CfiRow(null);

    final byte[] code;
    boolean cfaIsExpression;
    int cfaRegister;
    public long cfaOffset;
    /** Where the CFA's expression starts in {@link #code}, when {@link #cfaIsExpression}. */
    int cfaExpression;
    final byte[] where = new byte[REGS];
    final long[] value = new long[REGS];
    int returnAddress = RA;

    CfiRow(byte[] code) {
        this.code = code;
    }

    CfiRow copy() {
        CfiRow r = new CfiRow(code);
        r.cfaIsExpression = cfaIsExpression;
        r.cfaRegister = cfaRegister;
        r.cfaOffset = cfaOffset;
        r.cfaExpression = cfaExpression;
        System.arraycopy(where, 0, r.where, 0, REGS);
        System.arraycopy(value, 0, r.value, 0, REGS);
        r.returnAddress = returnAddress;
        return r;
    }

    void set(CfiRow from) {
        cfaIsExpression = from.cfaIsExpression;
        cfaRegister = from.cfaRegister;
        cfaOffset = from.cfaOffset;
        cfaExpression = from.cfaExpression;
        System.arraycopy(from.where, 0, where, 0, REGS);
        System.arraycopy(from.value, 0, value, 0, REGS);
    }
}
