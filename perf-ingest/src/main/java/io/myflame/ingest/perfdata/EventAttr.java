package io.myflame.ingest.perfdata;

import java.nio.ByteBuffer;

/**
 * One event of a recording ({@code struct perf_event_attr}): what a sample of it carries
 * ({@code sample_type}, {@code read_format}) and its name as {@code perf script} prints it.
 */
final class EventAttr {
    static final long IP = 1L;
    static final long TID = 1L << 1;
    static final long TIME = 1L << 2;
    static final long ADDR = 1L << 3;
    static final long READ = 1L << 4;
    static final long CALLCHAIN = 1L << 5;
    static final long ID = 1L << 6;
    static final long CPU = 1L << 7;
    static final long PERIOD = 1L << 8;
    static final long STREAM_ID = 1L << 9;
    static final long RAW = 1L << 10;
    static final long BRANCH_STACK = 1L << 11;
    static final long REGS_USER = 1L << 12;
    static final long STACK_USER = 1L << 13;
    static final long IDENTIFIER = 1L << 16;
    static final long AUX = 1L << 20;
    /** Every bit up to PERF_SAMPLE_WEIGHT_STRUCT: a newer bit may change the layout, so it is refused. */
    static final long KNOWN = (1L << 25) - 1;

    static final long FORMAT_TOTAL_TIME_ENABLED = 1;
    static final long FORMAT_TOTAL_TIME_RUNNING = 2;
    static final long FORMAT_ID = 4;
    static final long FORMAT_GROUP = 8;
    static final long FORMAT_LOST = 16;

    final int type;
    final long config;
    final long samplePeriod;
    final long sampleType;
    final long readFormat;
    final long flags;
    final long branchSampleType;
    /** Which user registers a sample carries ({@code sample_regs_user}: perf's x86 register numbers as bits). */
    final long sampleRegsUser;
    String name;
    /** Whether samples of this event are folded (the kept event; set before decoding). */
    volatile boolean kept;
    long[] ids = new long[0];

    EventAttr(ByteBuffer b, int at, int size) {
        type = b.getInt(at);
        config = b.getLong(at + 8);
        samplePeriod = b.getLong(at + 16);
        sampleType = b.getLong(at + 24);
        readFormat = b.getLong(at + 32);
        flags = b.getLong(at + 40);
        branchSampleType = size >= 80 ? b.getLong(at + 72) : 0;
        sampleRegsUser = size >= 88 ? b.getLong(at + 80) : 0;
        name = defaultName();
    }

    boolean sampleIdAll() {
        return (flags & (1L << 18)) != 0;
    }

    boolean freq() {
        return (flags & (1L << 10)) != 0;
    }

    boolean has(long bit) {
        return (sampleType & bit) != 0;
    }

    /** Why perf script would read this event differently from us, or null when we read it as perf does. */
    String unsupported() {
        if ((sampleType & ~KNOWN) != 0) {
            return "unknown sample_type bits 0x" + Long.toHexString(sampleType & ~KNOWN);
        }
        if ((has(STACK_USER) || has(REGS_USER)) && !unwindable()) {
            return "DWARF call graphs (--call-graph dwarf) without the user registers IP and SP";
        }
        if (has(BRANCH_STACK)) {
            return "branch stacks (-b, --call-graph lbr)";
        }
        if (has(AUX)) {
            return "AUX samples";
        }
        if (type == 2) {
            return "tracepoint events";
        }
        if (type == 5) {
            return "breakpoint events";
        }
        return null;
    }

    /** perf's x86 register numbers ({@code perf_regs.h}) the unwinder starts from. */
    static final int REG_SP = 7;
    static final int REG_IP = 8;

    /**
     * Whether samples carry what perf's DWARF unwinder needs: registers and a stack dump, with
     * the stack pointer and instruction pointer among the registers. Without both fields perf
     * does not unwind (thread__resolve_callchain_unwind), and neither do we.
     */
    boolean unwinds() {
        return has(CALLCHAIN) && has(REGS_USER) && has(STACK_USER) && unwindable();
    }

    private boolean unwindable() {
        return !has(REGS_USER) || ((sampleRegsUser >> REG_SP) & 3) == 3;
    }

    /** Bytes of the read_format block of a sample, given the group's member count where it has one. */
    int readSize(ByteBuffer b, int at) {
        return (int) readBytes(b, at);
    }

    /** {@link #readSize}, or -1 when a group's member count is negative or beyond any real group. */
    private long readBytes(ByteBuffer b, int at) {
        int perValue = 8 + ((readFormat & FORMAT_ID) != 0 ? 8 : 0) + ((readFormat & FORMAT_LOST) != 0 ? 8 : 0);
        int times = ((readFormat & FORMAT_TOTAL_TIME_ENABLED) != 0 ? 8 : 0)
                + ((readFormat & FORMAT_TOTAL_TIME_RUNNING) != 0 ? 8 : 0);
        if ((readFormat & FORMAT_GROUP) == 0) {
            return perValue + times;
        }
        long nr = b.getLong(at);
        return nr < 0 || nr > 65535 ? -1 : 8 + times + nr * perValue;
    }

    /**
     * Whether the fields {@link SampleDecoder} reads from a sample of this event (all up to and
     * including the user stack dump) lie inside its record. perf refuses such a sample ("Can't
     * parse sample") and stops there; so does the index pass, so the decoder never meets one.
     */
    boolean sampleFits(ByteBuffer b, int rec, int size) {
        long end = (long) rec + size;
        long p = rec + 8 + 8L * Long.bitCount(sampleType
                & (IDENTIFIER | IP | TID | TIME | ADDR | ID | STREAM_ID | CPU | PERIOD));
        if (has(READ)) {
            if (p + 8 > end) {
                return false;
            }
            long n = readBytes(b, (int) p);
            if (n < 0) {
                return false;
            }
            p += n;
        }
        if (has(CALLCHAIN)) {
            if (p + 8 > end) {
                return false;
            }
            long nr = b.getLong((int) p);
            if (nr < 0 || nr > (end - p - 8) / 8) {
                return false;
            }
            p += 8 + nr * 8;
        }
        return p <= end && userFieldsFit(b, p, end);
    }

    /** RAW, then the user registers and stack dump, as perf lays them out after the callchain. */
    private boolean userFieldsFit(ByteBuffer b, long p, long end) {
        if (has(RAW)) {
            if (p + 4 > end) {
                return false;
            }
            p += 4 + Integer.toUnsignedLong(b.getInt((int) p));
        }
        if (has(REGS_USER)) {
            if (p + 8 > end) {
                return false;
            }
            long abi = b.getLong((int) p);
            p += 8 + (abi == 0 ? 0 : 8L * Long.bitCount(sampleRegsUser));
        }
        if (has(STACK_USER)) {
            if (p + 8 > end) {
                return false;
            }
            long size = b.getLong((int) p);
            p += 8;
            if (size != 0) {
                // perf: "user stack dump failure" when the dumped part claims more than the dump.
                if (size < 0 || size > end - p - 8 || Long.compareUnsigned(b.getLong((int) (p + size)), size) > 0) {
                    return false;
                }
                p += size + 8;
            }
        }
        return p <= end;
    }

    /** Bytes of the sample_id trailer of non-sample records. */
    int sampleIdSize() {
        if (!sampleIdAll()) {
            return 0;
        }
        return 8 * (Long.bitCount(sampleType & (TID | TIME | ID | STREAM_ID | CPU | IDENTIFIER)));
    }

    /** The trailer's time field's offset from the trailer start, or -1. */
    int sampleIdTimeOffset() {
        if (!sampleIdAll() || !has(TIME)) {
            return -1;
        }
        return has(TID) ? 8 : 0;
    }

    private static final String[] HARDWARE = {"cycles", "instructions", "cache-references", "cache-misses",
        "branches", "branch-misses", "bus-cycles", "stalled-cycles-frontend", "stalled-cycles-backend", "ref-cycles"};
    private static final String[] SOFTWARE = {"cpu-clock", "task-clock", "page-faults", "context-switches",
        "cpu-migrations", "minor-faults", "major-faults", "alignment-faults", "emulation-faults", "dummy"};

    /** perf's name for an event that no header names (pipe mode): base name and modifiers. */
    private String defaultName() {
        String base;
        if (type == 0 && config >= 0 && config < HARDWARE.length) {
            base = HARDWARE[(int) config];
        } else if (type == 1 && config >= 0 && config < SOFTWARE.length) {
            base = SOFTWARE[(int) config];
        } else {
            base = "raw 0x" + Long.toHexString(config);
        }
        return base + modifiers();
    }

    /** evsel__add_modifiers: k/u/h when some context is excluded, p per precise level, H/G. */
    private String modifiers() {
        boolean exKernel = (flags & (1L << 5)) != 0;
        boolean exUser = (flags & (1L << 4)) != 0;
        boolean exHv = (flags & (1L << 6)) != 0;
        int precise = (int) ((flags >> 15) & 3);
        boolean exHost = (flags & (1L << 19)) != 0;
        boolean exGuest = (flags & (1L << 20)) != 0;
        StringBuilder sb = new StringBuilder();
        boolean guestDefault = false;
        if (exKernel || exUser || exHv) {
            mod(sb, !exKernel, 'k');
            mod(sb, !exUser, 'u');
            mod(sb, !exHv, 'h');
            guestDefault = true;
        }
        if (precise > 0) {
            sb.append("ppp", 0, precise);
            guestDefault = true;
        }
        if (exHost || exGuest == guestDefault) {
            mod(sb, !exHost, 'H');
            mod(sb, !exGuest, 'G');
        }
        return sb.length() == 0 ? "" : ":" + sb;
    }

    private static void mod(StringBuilder sb, boolean on, char c) {
        if (on) {
            sb.append(c);
        }
    }
}
