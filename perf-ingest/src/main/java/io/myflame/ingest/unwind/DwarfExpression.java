package io.myflame.ingest.unwind;

/**
 * A small DWARF expression stack machine for CFI rules, libunwind's dwarf_eval_expr: the
 * operations compilers and glibc's hand-written CFI use (the PLT's CFA is
 * {@code DW_OP_breg7 8; DW_OP_breg16 0; DW_OP_lit15; DW_OP_and; DW_OP_lit11; DW_OP_ge;
 * DW_OP_lit3; DW_OP_shl; DW_OP_plus}). Registers and memory are the unwound frame's; a failed
 * read or a malformed expression sets the frame's failure flag.
 */
final class DwarfExpression {
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
                if (op >= 0x30 && op <= 0x4f) {
                    stack[top++] = op - 0x30;
                } else if (op >= 0x50 && op <= 0x6f) {
                    resultIsRegister = true;
                    stack[top++] = regNumber(op - 0x50);
                } else if (op >= 0x70 && op <= 0x8f) {
                    stack[top++] = frame.register(regNumber(op - 0x70)) + c.sleb();
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
            case 0x03 -> s[top++] = c.u64();
            case 0x06 -> s[top - 1] = frame.read(s[top - 1]);
            case 0x08 -> s[top++] = c.u8();
            case 0x09 -> s[top++] = (byte) c.u8();
            case 0x0a -> s[top++] = c.u16();
            case 0x0b -> s[top++] = (short) c.u16();
            case 0x0c -> s[top++] = c.u32();
            case 0x0d -> s[top++] = c.s32();
            case 0x0e, 0x0f -> s[top++] = c.u64();
            case 0x10 -> s[top++] = c.uleb();
            case 0x11 -> s[top++] = c.sleb();
            case 0x12 -> s[top] = s[top++ - 1];
            case 0x13 -> top--;
            case 0x14 -> s[top] = s[top++ - 2];
            case 0x15 -> {
                int i = c.u8();
                s[top] = s[top - 1 - i];
                top++;
            }
            case 0x16 -> {
                long t = s[top - 1];
                s[top - 1] = s[top - 2];
                s[top - 2] = t;
            }
            case 0x17 -> {
                long t = s[top - 1];
                s[top - 1] = s[top - 2];
                s[top - 2] = s[top - 3];
                s[top - 3] = t;
            }
            case 0x19 -> s[top - 1] = Math.abs(s[top - 1]);
            case 0x1f -> s[top - 1] = -s[top - 1];
            case 0x20 -> s[top - 1] = ~s[top - 1];
            case 0x23 -> s[top - 1] += c.uleb();
            case 0x90 -> {
                resultIsRegister = true;
                s[top++] = regNumber(c.uleb());
            }
            case 0x92 -> {
                int r = regNumber(c.uleb());
                s[top++] = frame.register(r) + c.sleb();
            }
            case 0x94 -> {
                int size = c.u8();
                long v = frame.read(s[top - 1]);
                s[top - 1] = size >= 8 ? v : v & ((1L << (8 * size)) - 1);
            }
            case 0x96 -> {
            }
            case 0x2f -> c.at += (short) c.u16();
            case 0x28 -> {
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
            case 0x1a -> a & b2;
            case 0x1b -> b2 == 0 ? fail() : a / b2;
            case 0x1c -> a - b2;
            case 0x1d -> b2 == 0 ? fail() : Long.remainderUnsigned(a, b2);
            case 0x1e -> a * b2;
            case 0x21 -> a | b2;
            case 0x22 -> a + b2;
            case 0x24 -> a << b2;
            case 0x25 -> a >>> b2;
            case 0x26 -> a >> b2;
            case 0x27 -> a ^ b2;
            case 0x29 -> a == b2 ? 1 : 0;
            case 0x2a -> a >= b2 ? 1 : 0;
            case 0x2b -> a > b2 ? 1 : 0;
            case 0x2c -> a <= b2 ? 1 : 0;
            case 0x2d -> a < b2 ? 1 : 0;
            case 0x2e -> a != b2 ? 1 : 0;
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
