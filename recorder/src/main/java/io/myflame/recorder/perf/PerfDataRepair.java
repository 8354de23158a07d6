package io.myflame.recorder.perf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Recovers a perf.data whose perf died before it finished. {@code perf record} writes its file
 * header first with a data size of 0 and the feature bits it means to write, streams the records,
 * and only on a clean exit writes the features after the data and the header again with the real
 * size. A perf killed on the way (SIGKILL, SIGPIPE, out of memory) leaves every record it wrote
 * and a header that says there are none: perf itself then reads nothing ("data size field is 0").
 *
 * <p>The repair walks the records from the data offset to the last whole one, writes that length
 * as the data size, and clears the feature bits (their sections were never written; perf would
 * read the first records as the section table). What is lost with the features is what they hold:
 * the build ids (names then come from the recorded paths, as on the host that recorded), the
 * command line and the host description.
 */
public final class PerfDataRepair {
    /** {@code PERFILE2} as perf writes it on a little-endian machine. */
    private static final long MAGIC = 0x32454c4946524550L;
    private static final int DATA_OFFSET_AT = 40;
    private static final int DATA_SIZE_AT = 48;
    private static final int FEATURES_AT = 72;
    private static final int FEATURES_BYTES = 32;
    private static final int HEADER_BYTES = FEATURES_AT + FEATURES_BYTES;
    /** Record types perf writes to a file are below this (PERF_RECORD_HEADER_MAX is 83 in Linux 6.x). */
    private static final int MAX_TYPE = 128;
    private static final int RECORD_HEADER = 8;

    private PerfDataRepair() {
    }

    /** What a repair did: the records kept and the bytes after the last whole one, left out. */
    public record Repaired(long records, long dataBytes, long cutBytes) {
    }

    /** Whether {@code file} is a perf.data whose header says it has no data although records follow. */
    public static boolean unfinished(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer h = header(ch);
            return h != null && h.getLong(DATA_SIZE_AT) == 0 && ch.size() > h.getLong(DATA_OFFSET_AT) + RECORD_HEADER;
        }
    }

    /** Repairs {@code file} in place; null when it is not an unfinished perf.data. */
    public static Repaired repair(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer h = header(ch);
            if (h == null || h.getLong(DATA_SIZE_AT) != 0) {
                return null;
            }
            long start = h.getLong(DATA_OFFSET_AT);
            long end = ch.size();
            long at = start;
            long records = 0;
            ByteBuffer rec = ByteBuffer.allocate(RECORD_HEADER).order(ByteOrder.LITTLE_ENDIAN);
            while (at + RECORD_HEADER <= end) {
                rec.clear();
                if (ch.read(rec, at) < RECORD_HEADER) {
                    break;
                }
                int type = rec.getInt(0);
                int size = Short.toUnsignedInt(rec.getShort(6));
                // A record cut mid-write, or bytes that are no record: the data ends before it.
                if (type <= 0 || type >= MAX_TYPE || size < RECORD_HEADER || at + size > end) {
                    break;
                }
                at += size;
                records++;
            }
            if (records == 0) {
                return null;
            }
            h.putLong(DATA_SIZE_AT, at - start);
            for (int i = 0; i < FEATURES_BYTES; i++) {
                h.put(FEATURES_AT + i, (byte) 0);
            }
            h.position(0);
            ch.write(h, 0);
            ch.force(true);
            return new Repaired(records, at - start, end - at);
        }
    }

    private static ByteBuffer header(FileChannel ch) throws IOException {
        if (ch.size() < HEADER_BYTES) {
            return null;
        }
        ByteBuffer h = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        ch.read(h, 0);
        if (h.getLong(0) != MAGIC) {
            return null;
        }
        long offset = h.getLong(DATA_OFFSET_AT);
        return offset >= HEADER_BYTES && offset <= ch.size() ? h : null;
    }
}
