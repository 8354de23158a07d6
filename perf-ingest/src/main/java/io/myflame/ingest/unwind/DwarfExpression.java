package io.myflame.ingest.unwind;

/**
 * A small DWARF expression stack machine for CFI rules, libunwind's dwarf_eval_expr: the
 * operations compilers and glibc's hand-written CFI use (the PLT's CFA is
 * {@code DW_OP_breg7 8; DW_OP_breg16 0; DW_OP_lit15; DW_OP_and; DW_OP_lit11; DW_OP_ge;
 * DW_OP_lit3; DW_OP_shl; DW_OP_plus}). Registers and memory are the unwound frame's; a failed
 * read or a malformed expression sets the frame's failure flag.
 */
final class DwarfExpression {
    // DWARF 5 §7.7.1 operations: lit, reg and breg are ranges of 32 opcodes, the number in the opcode.
    private static final int DW_OP_ADDR = 0x03;
    private static final int DW_OP_DEREF = 0x06;
    private static final int DW_OP_CONST1U = 0x08;
    private static final int DW_OP_CONST1S = 0x09;
    private static final int DW_OP_CONST2U = 0x0a;
    private static final int DW_OP_CONST2S = 0x0b;
    private static final int DW_OP_CONST4U = 0x0c;
    private static final int DW_OP_CONST4S = 0x0d;
    private static final int DW_OP_CONST8U = 0x0e;
    private static final int DW_OP_CONST8S = 0x0f;
    private static final int DW_OP_CONSTU = 0x10;
    private static final int DW_OP_CONSTS = 0x11;
    private static final int DW_OP_DUP = 0x12;
    private static final int DW_OP_DROP = 0x13;
    private static final int DW_OP_OVER = 0x14;
    private static final int DW_OP_PICK = 0x15;
    private static final int DW_OP_SWAP = 0x16;
    private static final int DW_OP_ROT = 0x17;
    private static final int DW_OP_ABS = 0x19;
    private static final int DW_OP_AND = 0x1a;
    private static final int DW_OP_DIV = 0x1b;
    private static final int DW_OP_MINUS = 0x1c;
    private static final int DW_OP_MOD = 0x1d;
    private static final int DW_OP_MUL = 0x1e;
    private static final int DW_OP_NEG = 0x1f;
    private static final int DW_OP_NOT = 0x20;
    private static final int DW_OP_OR = 0x21;
    private static final int DW_OP_PLUS = 0x22;
    private static final int DW_OP_PLUS_UCONST = 0x23;
    private static final int DW_OP_SHL = 0x24;
    private static final int DW_OP_SHR = 0x25;
    private static final int DW_OP_SHRA = 0x26;
    private static final int DW_OP_XOR = 0x27;
    private static final int DW_OP_BRA = 0x28;
    private static final int DW_OP_EQ = 0x29;
    private static final int DW_OP_GE = 0x2a;
    private static final int DW_OP_GT = 0x2b;
    private static final int DW_OP_LE = 0x2c;
    private static final int DW_OP_LT = 0x2d;
    private static final int DW_OP_NE = 0x2e;
    private static final int DW_OP_SKIP = 0x2f;
    private static final int DW_OP_LIT0 = 0x30;
    private static final int DW_OP_LIT31 = 0x4f;
    private static final int DW_OP_REG0 = 0x50;
    private static final int DW_OP_REG31 = 0x6f;
    private static final int DW_OP_BREG0 = 0x70;
    private static final int DW_OP_BREG31 = 0x8f;
    private static final int DW_OP_REGX = 0x90;
    private static final int DW_OP_BREGX = 0x92;
    private static final int DW_OP_DEREF_SIZE = 0x94;
    private static final int DW_OP_NOP = 0x96;

    private final UserStackUnwinder frame;
    private final long[] stack = new long[64];

    DwarfExpression(UserStackUnwinder frame) {
        this.frame = frame;
    }

    boolean resultIsRegister;

    /**
     * A DWARF expression at {@code code[at]} (ULEB128 length first), libunwind's dwarf_eval_expr:
     * a register operation makes the result a register ({@link #resultIsRegister}); register values
     * are this frame's (the stack pointer is the CFA). {@code push} starts the stack with {@code initial}.
     */
    long evaluate(byte[] code, int at, boolean push, long initial) {
        resultIsRegister = false;
        CallFrameInfo.Cursor c = new CallFrameInfo.Cursor(code, at, 0, 0);
        try {
            long length = c.uleb();
            if (length < 0 || length > code.length - c.at) {
                frame.failed = true;
                return 0;
            }
            int end = c.at + (int) length;
            int top = 0;
            if (push) {
                stack[top++] = initial;
            }
            // DW_OP_skip and DW_OP_bra may jump back: a bounded number of steps, so a bad file cannot loop.
            for (int steps = 0; c.at < end && !frame.failed; steps++) {
                if (steps == 10_000) {
                    frame.failed = true;
                    return 0;
                }
                int op = c.u8();
                if (op >= DW_OP_LIT0 && op <= DW_OP_LIT31) {
                    stack[top++] = op - DW_OP_LIT0;
                } else if (op >= DW_OP_REG0 && op <= DW_OP_REG31) {
                    resultIsRegister = true;
                    stack[top++] = regNumber(op - DW_OP_REG0);
                } else if (op >= DW_OP_BREG0 && op <= DW_OP_BREG31) {
                    stack[top++] = frame.register(regNumber(op - DW_OP_BREG0)) + c.sleb();
                } else {
                    top = operation(op, c, top);
                }
            }
            if (top <= 0) {
                frame.failed = true;
                return 0;
            }
            return stack[top - 1];
        } catch (IndexOutOfBoundsException e) {
            frame.failed = true;
            return 0;
        }
    }

    private int regNumber(long r) {
        if (r < 0 || r >= CfiRow.REGS) {
            frame.failed = true;
            return 0;
        }
        return (int) r;
    }

    /** One stack operation other than lit, reg and breg; returns the new stack height. */
    private int operation(int op, CallFrameInfo.Cursor c, int top) {
        long[] s = stack;
        switch (op) {
            case DW_OP_ADDR -> s[top++] = c.u64();
            case DW_OP_DEREF -> s[top - 1] = frame.read(s[top - 1]);
            case DW_OP_CONST1U -> s[top++] = c.u8();
            case DW_OP_CONST1S -> s[top++] = (byte) c.u8();
            case DW_OP_CONST2U -> s[top++] = c.u16();
            case DW_OP_CONST2S -> s[top++] = (short) c.u16();
            case DW_OP_CONST4U -> s[top++] = c.u32();
            case DW_OP_CONST4S -> s[top++] = c.s32();
            case DW_OP_CONST8U, DW_OP_CONST8S -> s[top++] = c.u64();
            case DW_OP_CONSTU -> s[top++] = c.uleb();
            case DW_OP_CONSTS -> s[top++] = c.sleb();
            case DW_OP_DUP -> s[top] = s[top++ - 1];
            case DW_OP_DROP -> top--;
            case DW_OP_OVER -> s[top] = s[top++ - 2];
            case DW_OP_PICK -> {
                int i = c.u8();
                s[top] = s[top - 1 - i];
                top++;
            }
            case DW_OP_SWAP -> {
                long t = s[top - 1];
                s[top - 1] = s[top - 2];
                s[top - 2] = t;
            }
            case DW_OP_ROT -> {
                long t = s[top - 1];
                s[top - 1] = s[top - 2];
                s[top - 2] = s[top - 3];
                s[top - 3] = t;
            }
            case DW_OP_ABS -> s[top - 1] = Math.abs(s[top - 1]);
            case DW_OP_NEG -> s[top - 1] = -s[top - 1];
            case DW_OP_NOT -> s[top - 1] = ~s[top - 1];
            case DW_OP_PLUS_UCONST -> s[top - 1] += c.uleb();
            case DW_OP_REGX -> {
                resultIsRegister = true;
                s[top++] = regNumber(c.uleb());
            }
            case DW_OP_BREGX -> {
                int r = regNumber(c.uleb());
                s[top++] = frame.register(r) + c.sleb();
            }
            case DW_OP_DEREF_SIZE -> {
                int size = c.u8();
                long v = frame.read(s[top - 1]);
                s[top - 1] = size >= 8 ? v : v & ((1L << (8 * size)) - 1);
            }
            case DW_OP_NOP -> {
            }
            case DW_OP_SKIP -> c.at += (short) c.u16();
            case DW_OP_BRA -> {
                int skip = (short) c.u16();
                if (s[--top] != 0) {
                    c.at += skip;
                }
            }
            default -> top = binary(op, top);
        }
        return top;
    }

    private int binary(int op, int top) {
        long[] s = stack;
        long b2 = s[top - 1];
        long a = s[top - 2];
        long r = switch (op) {
            case DW_OP_AND -> a & b2;
            case DW_OP_DIV -> b2 == 0 ? fail() : a / b2;
            case DW_OP_MINUS -> a - b2;
            case DW_OP_MOD -> b2 == 0 ? fail() : Long.remainderUnsigned(a, b2);
            case DW_OP_MUL -> a * b2;
            case DW_OP_OR -> a | b2;
            case DW_OP_PLUS -> a + b2;
            case DW_OP_SHL -> a << b2;
            case DW_OP_SHR -> a >>> b2;
            case DW_OP_SHRA -> a >> b2;
            case DW_OP_XOR -> a ^ b2;
            case DW_OP_EQ -> a == b2 ? 1 : 0;
            case DW_OP_GE -> a >= b2 ? 1 : 0;
            case DW_OP_GT -> a > b2 ? 1 : 0;
            case DW_OP_LE -> a <= b2 ? 1 : 0;
            case DW_OP_LT -> a < b2 ? 1 : 0;
            case DW_OP_NE -> a != b2 ? 1 : 0;
            default -> fail();
        };
        s[top - 2] = r;
        return top - 1;
    }

    private long fail() {
        frame.failed = true;
        return 0;
    }
}
