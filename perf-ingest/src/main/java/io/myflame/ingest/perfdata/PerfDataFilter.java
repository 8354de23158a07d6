package io.myflame.ingest.perfdata;

import io.myflame.core.output.AtomicFile;
import io.myflame.ingest.error.InputException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Keeps one process's samples of a system-wide perf.data ({@code perf record -a}), so that
 * {@code perf report} of the file shows what a recording of that process alone would: perf's
 * {@code --pid} filters entries already merged across processes (a kernel function that sysbench
 * ran too keeps sysbench's samples), and every other tool reads every process.
 *
 * <p>Other processes' samples go, and so do their mmaps, comms, forks, exits and namespaces (perf
 * writes one of each for every process on the host when it starts: the host's process list and
 * their files are none of the capture's business). The process's own and the kernel's (pid -1)
 * stay, with every record that names no process (perf's rounds, time conversion, kernel symbols),
 * in their order. The header and what precedes the data (attributes, their ids) are copied as they
 * are; the feature sections that follow the data move up by the bytes dropped, and their table says
 * so. The file is written whole or not at all.
 */
public final class PerfDataFilter {
    private static final int DATA_SIZE_AT = 48;
    private static final int SAMPLE = 9;
    /** Records whose first field is the process they describe: MMAP, COMM, EXIT, FORK, MMAP2, NAMESPACES. */
    private static final long PROCESS_RECORDS = 1L << 1 | 1L << 3 | 1L << 4 | 1L << 7 | 1L << 10 | 1L << 16;
    /** The pid perf gives the kernel's own mmaps (HOST_KERNEL_ID). */
    private static final int KERNEL = -1;
    private static final int RECORD_HEADER = 8;
    private static final int CHUNK = 4 << 20;

    private PerfDataFilter() {
    }

    /** How many samples the file held, and how many of them the process's. */
    public record Kept(long samples, long allSamples) {
    }

    /**
     * Rewrites {@code data} in place with the samples of {@code pid} only (atomically: renamed into
     * place). A file without a sample of {@code pid} is left as it is: the caller says why.
     */
    public static Kept keepProcess(Path data, long pid) throws Exception {
        try (PerfDataFile f = PerfDataFile.open(data)) {
            Layout layout = Layout.of(f);
            long[] counts = new long[2];
            // Two passes instead of buffering: the data is hundreds of megabytes, and the page cache holds it after the first.
            long keptBytes = filterData(f, layout, pid, null, counts);
            if (counts[1] > 0) {
                AtomicFile.write(data, out -> write(f, layout, pid, keptBytes, out));
            }
            return new Kept(counts[1], counts[0]);
        }
    }

    /**
     * Where the parts of a seekable perf.data are, checked to be in the order perf writes them, and
     * the feature sections' table (offset and size of each) as the file has it.
     */
    private record Layout(long dataStart, long dataEnd, ByteBuffer featureTable, long featuresEnd, long fileSize) {
        static Layout of(PerfDataFile f) throws IOException, InputException {
            if (f.pipe) {
                throw new InputException(f.path + ": a perf.data written to a pipe has no header to rewrite");
            }
            if (f.dataEnd != f.declaredDataEnd) {
                throw new InputException(f.path + ": perf.data cut short (its header says its data runs past the file's end)");
            }
            for (EventAttr a : f.attrs) {
                if ((a.sampleType & EventAttr.TID) == 0) {
                    throw new InputException(f.path + ": its samples carry no pid (no PERF_SAMPLE_TID)");
                }
            }
            long tableEnd = f.dataEnd + 16L * f.featureCount;
            if (tableEnd > f.fileSize) {
                throw new InputException(f.path + ": perf.data's feature table runs past the file's end");
            }
            ByteBuffer table = f.read(f.dataEnd, 16 * f.featureCount);
            for (int i = 0; i < f.featureCount; i++) {
                // Anything but sections after the table would need moving too: not a layout perf writes.
                if (table.getLong(i * 16) < tableEnd && table.getLong(i * 16 + 8) > 0) {
                    throw new InputException(f.path + ": a feature section before the end of the data (offset "
                            + table.getLong(i * 16) + "): not a layout this filter rewrites");
                }
            }
            return new Layout(f.dataOffset, f.dataEnd, table, tableEnd, f.fileSize);
        }
    }

    private static void write(PerfDataFile f, Layout layout, long pid, long kept, OutputStream out)
            throws IOException, InputException {
        long dropped = layout.dataEnd() - layout.dataStart() - kept;
        // Header, attributes and their ids as they are, but for the data size.
        ByteBuffer before = f.read(0, (int) layout.dataStart());
        before.putLong(DATA_SIZE_AT, kept);
        out.write(before.array(), 0, before.limit());
        filterData(f, layout, pid, out, new long[2]);
        // The feature table, each section's offset moved up by the bytes dropped (an empty one's left as it is).
        ByteBuffer table = layout.featureTable();
        for (int at = 0; at < table.limit(); at += 16) {
            if (table.getLong(at + 8) > 0) {
                table.putLong(at, table.getLong(at) - dropped);
            }
        }
        out.write(table.array(), 0, table.limit());
        copy(f, layout.featuresEnd(), layout.fileSize(), out);
    }

    /** One pass over the records: counts the samples (all, then the process's), returns the bytes kept and, with {@code out}, writes them. */
    private static long filterData(PerfDataFile f, Layout layout, long pid, OutputStream out, long[] counts)
            throws IOException, InputException {
        ByteBuffer b = ByteBuffer.allocate(CHUNK).order(ByteOrder.LITTLE_ENDIAN);
        long at = layout.dataStart();
        long end = layout.dataEnd();
        long kept = 0;
        b.limit(0);
        long bufferStart = at;
        while (at < end) {
            int p = (int) (at - bufferStart);
            if (p + RECORD_HEADER > b.limit() || p + Short.toUnsignedInt(b.getShort(p + 6)) > b.limit()) {
                // refill from the record at hand
                bufferStart = at;
                b.clear();
                b.limit((int) Math.min(CHUNK, end - at));
                while (b.hasRemaining()) {
                    if (f.channel.read(b, bufferStart + b.position()) < 0) {
                        break;
                    }
                }
                b.flip();
                p = 0;
                if (b.limit() < RECORD_HEADER) {
                    throw new InputException(f.path + ": a record cut short at byte " + at);
                }
            }
            int type = b.getInt(p);
            int size = Short.toUnsignedInt(b.getShort(p + 6));
            if (size < RECORD_HEADER || p + size > b.limit()) {
                throw new InputException(f.path + ": damaged record at byte " + at + " (size " + size + ")");
            }
            boolean keep = true;
            if (type == SAMPLE) {
                counts[0]++;
                EventAttr attr = f.sampleAttr(b, p);
                if (attr != null) {
                    int pidAt = p + RECORD_HEADER + (attr.has(EventAttr.IDENTIFIER) ? 8 : 0) + (attr.has(EventAttr.IP) ? 8 : 0);
                    keep = pidAt + 4 <= p + size && b.getInt(pidAt) == pid;
                }
                if (keep) {
                    counts[1]++;
                }
            } else if (type < 64 && (PROCESS_RECORDS & 1L << type) != 0 && size >= RECORD_HEADER + 4) {
                int owner = b.getInt(p + RECORD_HEADER);
                keep = owner == pid || owner == KERNEL;
            }
            if (keep) {
                kept += size;
                if (out != null) {
                    out.write(b.array(), p, size);
                }
            }
            at += size;
        }
        return kept;
    }

    private static void copy(PerfDataFile f, long from, long to, OutputStream out) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(CHUNK);
        for (long at = from; at < to; ) {
            b.clear();
            b.limit((int) Math.min(CHUNK, to - at));
            int n = f.channel.read(b, at);
            if (n <= 0) {
                break;
            }
            out.write(b.array(), 0, n);
            at += n;
        }
    }
}
