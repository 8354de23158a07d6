package io.myflame.ingest.perfdata;

import io.myflame.core.model.CallGraph;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * How a perf.data was recorded ({@code -g}, {@code --call-graph dwarf}, {@code lbr}, or without a
 * call graph), from its events' {@code perf_event_attr} in the file header: what tells a dwarf
 * dump that ran out from a broken frame-pointer chain. Reads only the header; anything it cannot
 * read (a pipe-mode file, whose events come as records, or a damaged header) is
 * {@link CallGraph#UNKNOWN}, and the reader of the samples says what is wrong with it.
 */
public final class RecordedCallGraph {
    /** "PERFILE2" read as a little-endian u64. */
    private static final long MAGIC = 0x32454c4946524550L;
    private static final int HEADER = 104;
    /** perf_event_attr.sample_type bits. */
    private static final long CALLCHAIN = 1L << 5;
    private static final long BRANCH_STACK = 1L << 11;
    private static final long REGS_USER = 1L << 12;
    private static final long STACK_USER = 1L << 13;
    /** perf_event_attr.branch_sample_type: the call stack mode of --call-graph lbr. */
    private static final long BRANCH_CALL_STACK = 1L << 11;
    /** More events than a header of this size holds is damage. */
    private static final long MAX_ATTRS_BYTES = 1 << 20;

    private RecordedCallGraph() {
    }

    public static CallGraph of(Path perfData) {
        try (FileChannel ch = FileChannel.open(perfData, StandardOpenOption.READ)) {
            return of(ch);
        } catch (IOException | RuntimeException e) {
            return CallGraph.UNKNOWN;
        }
    }

    /** As {@link #of(Path)}, from a channel the caller has open (positional reads: its position stays). */
    public static CallGraph of(FileChannel ch) {
        try {
            ByteBuffer h = read(ch, 0, HEADER);
            if (h == null) {
                return CallGraph.UNKNOWN;
            }
            long magic = h.getLong(0);
            if (magic == Long.reverseBytes(MAGIC)) {
                h.order(ByteOrder.BIG_ENDIAN);
            } else if (magic != MAGIC) {
                return CallGraph.UNKNOWN;
            }
            long headerSize = h.getLong(8);
            long attrSize = h.getLong(16);
            long offset = h.getLong(24);
            long size = h.getLong(32);
            // A pipe-mode header is 16 bytes: its events are records in the stream.
            if (headerSize < HEADER || attrSize < 16 + 32 || size <= 0 || size > MAX_ATTRS_BYTES || offset < 0
                    || size % attrSize != 0) {
                return CallGraph.UNKNOWN;
            }
            ByteBuffer attrs = read(ch, offset, (int) size);
            return attrs == null ? CallGraph.UNKNOWN : mode(attrs.order(h.order()), (int) attrSize);
        } catch (IOException | RuntimeException e) {
            return CallGraph.UNKNOWN;
        }
    }

    /** The mode of the events: dwarf if any copies user stacks, else lbr, else fp if any has callchains. */
    private static CallGraph mode(ByteBuffer attrs, int attrSize) {
        boolean dwarf = false;
        boolean lbr = false;
        boolean fp = false;
        for (int at = 0; at + attrSize <= attrs.limit(); at += attrSize) {
            long sampleType = attrs.getLong(at + 24);
            // branch_sample_type came with the second version of the attr (80 bytes).
            long branchType = attrSize - 16 >= 80 ? attrs.getLong(at + 72) : 0;
            dwarf |= (sampleType & (REGS_USER | STACK_USER)) == (REGS_USER | STACK_USER);
            lbr |= (sampleType & BRANCH_STACK) != 0 && (branchType & BRANCH_CALL_STACK) != 0;
            fp |= (sampleType & CALLCHAIN) != 0;
        }
        return dwarf ? CallGraph.DWARF : lbr ? CallGraph.LBR : fp ? CallGraph.FP : CallGraph.NONE;
    }

    private static ByteBuffer read(FileChannel ch, long at, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (ch.read(b, at + b.position()) < 0) {
                return null;
            }
        }
        return b.flip();
    }
}
