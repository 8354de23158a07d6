package io.myflame.ingest.perfdata;

import io.myflame.ingest.elf.BuildIds;
import io.myflame.ingest.symbols.Dso;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The first, sequential pass over the data section: it reads every record header, keeps the
 * non-sample records that shape the threads and mappings ({@link Tasks}), pipe mode's header
 * records, and cuts the data into stretches of whole records for the decoders. Samples
 * are only skipped here, except for the time and event of each, to know which event perf script
 * shows first.
 */
final class RecordIndex {
    static final int MMAP = 1;
    static final int COMM = 3;
    static final int EXIT = 4;
    static final int FORK = 7;
    static final int AUX = 11;
    static final int MMAP2 = 10;
    static final int HEADER_ATTR = 64;
    static final int HEADER_BUILD_ID = 67;
    static final int AUXTRACE_INFO = 70;
    static final int AUXTRACE = 71;
    static final int EVENT_UPDATE = 78;
    static final int HEADER_FEATURE = 80;
    static final int COMPRESSED = 81;
    /**
     * A decode stretch: small enough that the buffer each decoder reads it into is cheap to make (a
     * new direct buffer is zeroed, and each of its pages faulted in: 8 MB took 35 ms per thread in
     * this VM), large enough that a stretch is many records.
     */
    private static final int CHUNK = 1 << 20;
    /**
     * The scan's buffer: larger than any record (a record's size is 16 bits), and as large as a decode
     * buffer, which it becomes once the scan is done ({@link #spare}).
     */
    private static final int WINDOW = CHUNK + 65536;

    /** A stretch of whole records: file offset, length, number of its first record. */
    record Chunk(long offset, int length, long seq) {
    }

    final List<Chunk> chunks = new ArrayList<>();
    final Tasks tasks = new Tasks();
    long samples;
    long damagedAt = -1;
    String unsupported;
    /** The event of the earliest sample, which perf script prints first. */
    EventAttr firstEvent;
    private long firstTime;

    private final PerfDataFile file;
    /** Where to send an ELF dso and its header build id to be read ahead; null: no reading ahead. */
    java.util.function.BiConsumer<Dso, String> readAhead;
    private final java.util.Set<Dso> sentAhead = new java.util.HashSet<>();
    /**
     * The scan's buffer once the scan is done, for the first decoder to read its chunks into: a new
     * direct buffer is zeroed and each of its pages faulted in, 256 for a megabyte, which took a
     * 5 s capture's decoders 4-6 ms of CPU per buffer in this VM.
     */
    private final java.util.concurrent.atomic.AtomicReference<ByteBuffer> spare = new java.util.concurrent.atomic.AtomicReference<>();

    RecordIndex(PerfDataFile file) {
        this.file = file;
    }

    void scan() throws IOException {
        long pos = file.dataOffset;
        long seq = 0;
        long chunkStart = pos;
        long chunkSeq = 0;
        Window w = new Window();
        while (pos + 8 <= file.dataEnd && unsupported == null) {
            int p = w.at(pos, 8);
            int size = p < 0 ? 0 : Short.toUnsignedInt(w.b.getShort(p + 6));
            if (size >= 8 && pos + size <= file.dataEnd) {
                p = w.at(pos, size);
            }
            // A record that runs past the data's end, or past what the file holds, is damaged.
            if (p < 0 || size < 8 || pos + size > file.dataEnd || !record(w.b, p, w.b.getInt(p), size, seq)) {
                damagedAt = pos;
                break;
            }
            pos += size;
            seq++;
            if (pos - chunkStart >= CHUNK) {
                chunks.add(new Chunk(chunkStart, (int) (pos - chunkStart), chunkSeq));
                chunkStart = pos;
                chunkSeq = seq;
            }
        }
        if (pos > chunkStart) {
            chunks.add(new Chunk(chunkStart, (int) (pos - chunkStart), chunkSeq));
        }
        spare.set(w.b);
        // A cut that falls between two records leaves every record whole; only the header's data
        // size tells that the rest is missing.
        if (damagedAt < 0 && pos < file.declaredDataEnd && unsupported == null) {
            damagedAt = pos;
        }
    }

    /**
     * The stretch of the data section the scan is in, read into one buffer that is refilled as the
     * scan moves on. Read, not mapped: mapping a file costs a page-table entry per 4 KB page touched,
     * and in a VM whose page tables the hypervisor shadows that was most of the pass (a dwarf
     * capture's scan touches the end of every 32 KB stack dump: 3,300 faults, 0.13 s of CPU for
     * 164 MB). Copying from the page cache costs a tenth of that.
     */
    private final class Window {
        // No larger than the data section: a new direct buffer is zeroed and faulted in whole (1 MB for a
        // 0.3 MB perf.data was 3 ms of a small report's main thread).
        final ByteBuffer b = ByteBuffer.allocateDirect(dataSized(WINDOW)).order(ByteOrder.LITTLE_ENDIAN);
        long start;

        Window() {
            b.limit(0);
        }

        /** Where {@code [pos, pos + len)} of the file lies in {@link #b}, refilling it from {@code pos} if needed; -1 if the file ends first. */
        int at(long pos, int len) throws IOException {
            if (pos < start || pos + len > start + b.limit()) {
                b.clear();
                b.limit((int) Math.min(b.capacity(), file.dataEnd - pos));
                file.readFully(b, pos);
                start = pos;
            }
            return pos + len <= start + b.limit() ? (int) (pos - start) : -1;
        }
    }

    /** {@code bytes}, or the data section's size when smaller (at least 8: a record header). */
    private int dataSized(int bytes) {
        return (int) Math.max(8, Math.min(bytes, file.dataEnd - file.dataOffset));
    }

    /** Reads {@code c} into {@code reuse} when it is large enough (else a new buffer): its bytes from position 0, little-endian. */
    ByteBuffer bytes(Chunk c, ByteBuffer reuse) throws IOException {
        ByteBuffer b = reuse != null && reuse.capacity() >= c.length() ? reuse : null;
        if (b == null) {
            ByteBuffer scans = spare.getAndSet(null);
            b = scans != null && scans.capacity() >= c.length() ? scans
                    : ByteBuffer.allocateDirect(Math.max(c.length(), dataSized(CHUNK + 65536))).order(ByteOrder.LITTLE_ENDIAN);
        }
        b.clear();
        b.limit(c.length());
        file.readFully(b, c.offset());
        return b;
    }

    /**
     * Takes what the index needs from one record; false when the record is damaged: a field that
     * points outside it, as perf's "failed to process type" is, and it stops there too.
     */
    private boolean record(ByteBuffer b, int p, int type, int size, long seq) {
        try {
            return type == SampleDecoder.SAMPLE ? sample(b, p, size, seq) : other(b, p, type, size, seq);
        } catch (IndexOutOfBoundsException | IllegalArgumentException | NegativeArraySizeException e) {
            return false;
        }
    }

    private boolean other(ByteBuffer b, int p, int type, int size, long seq) {
        switch (type) {
            case MMAP, MMAP2 -> mmap(b, p, type, size, seq);
            case COMM -> tasks.comm(b.getInt(p + 12), timeOf(b, p, size), seq, cString(b, p + 16, p + size - idSize()));
            case FORK -> tasks.fork(b.getInt(p + 8), b.getInt(p + 12), b.getInt(p + 16), b.getInt(p + 20),
                    b.getLong(p + 24), seq);
            case HEADER_ATTR -> headerAttr(b, p, size);
            case HEADER_BUILD_ID -> file.buildIds(b, p, p + size);
            case HEADER_FEATURE -> file.feature((int) b.getLong(p + 8), b.slice(p + 16, size - 16).order(b.order()));
            case EVENT_UPDATE -> eventUpdate(b, p, size);
            case COMPRESSED -> unsupported = "compressed records (perf record -z)";
            case AUX, AUXTRACE, AUXTRACE_INFO -> unsupported = "AUX area data (intel_pt, cs_etm, arm_spe...)";
            default -> {
                // LOST, EXIT, FINISHED_ROUND, THROTTLE, ...: nothing perf script's stacks depend on.
            }
        }
        return true;
    }

    private boolean sample(ByteBuffer b, int p, int size, long seq) {
        samples++;
        EventAttr first = file.attrs.isEmpty() ? null : file.attrs.get(0);
        if (first == null) {
            return true;
        }
        long st = first.sampleType;
        EventAttr attr = first;
        if (file.attrs.size() > 1) {
            int idAt = -1;
            if ((st & EventAttr.IDENTIFIER) != 0) {
                idAt = p + 8;
            } else if ((st & EventAttr.ID) != 0) {
                idAt = p + 8 + 8 * Long.bitCount(st & (EventAttr.IP | EventAttr.TID | EventAttr.TIME | EventAttr.ADDR));
            }
            attr = idAt < 0 ? first : file.byId.get(b.getLong(idAt));
            if (attr == null) {
                // An id of no event: perf counts it as unknown and goes on, and so does the decoder.
                return true;
            }
        }
        if (!attr.sampleFits(b, p, size)) {
            return false;
        }
        long time = 0;
        if (attr.has(EventAttr.TIME)) {
            int at = p + 8 + 8 * Long.bitCount(attr.sampleType & (EventAttr.IDENTIFIER | EventAttr.IP | EventAttr.TID));
            time = b.getLong(at);
        }
        if (firstEvent == null || Long.compareUnsigned(time, firstTime) < 0) {
            firstEvent = attr;
            firstTime = time;
        }
        return true;
    }

    private int idSize() {
        return file.attrs.isEmpty() ? 0 : file.attrs.get(0).sampleIdSize();
    }

    private long timeOf(ByteBuffer b, int p, int size) {
        if (file.attrs.isEmpty()) {
            return 0;
        }
        EventAttr a = file.attrs.get(0);
        int off = a.sampleIdTimeOffset();
        return off < 0 ? 0 : b.getLong(p + size - a.sampleIdSize() + off);
    }

    //   PERF_RECORD_MMAP2 22249/22249: [0x55d4c0000000(0x1200000) @ 0x400000 08:01 1234 0]: r-xp /usr/sbin/mariadbd
    private void mmap(ByteBuffer b, int p, int type, int size, long seq) {
        int misc = Short.toUnsignedInt(b.getShort(p + 4));
        int pid = b.getInt(p + 8);
        long start = b.getLong(p + 16);
        long len = b.getLong(p + 24);
        long pgoff = b.getLong(p + 32);
        int nameAt = type == MMAP2 ? p + 72 : p + 40;
        String name = cString(b, nameAt, p + size - idSize());
        long time = timeOf(b, p, size);
        boolean exec = type == MMAP2 ? (b.getInt(p + 64) & 4) != 0 : (misc & (1 << 13)) == 0;
        if ((misc & 7) == SampleDecoder.CPUMODE_KERNEL || pid == -1) {
            kernelMmap(name, start, len, pgoff, time, seq);
            return;
        }
        if (!exec) {
            tasks.mmapData(pid, start, len, time, seq);
            return;
        }
        Dso dso;
        if (name.equals("[vdso]")) {
            dso = tasks.dso(name, Dso.Kind.VDSO);
        } else if (name.equals("//anon") || name.startsWith("/dev/zero") || name.startsWith("/anon_hugepage")
                || name.startsWith("[stack") || name.startsWith("/SYSV") || name.equals("[heap]")) {
            // perf looks for a JIT's symbols of anonymous executable memory in /tmp/perf-PID.map.
            dso = tasks.dso("/tmp/perf-" + pid + ".map", Dso.Kind.JIT_MAP);
            pgoff = start;
        } else {
            dso = tasks.dso(name, name.startsWith("/") ? Dso.Kind.FILE : Dso.Kind.NONE);
        }
        if (type == MMAP2 && (misc & (1 << 14)) != 0 && dso.buildId == null) {
            int n = Math.min(20, b.get(p + 40) & 0xff);
            dso.buildId = BuildIds.hex(b, p + 44, n);
        }
        tasks.mmap(pid, start, len, pgoff, dso, time, seq);
        // perf record lists the build ids of the files that have samples in the header: their
        // symbols are needed, and can be read while this pass goes on.
        if (readAhead != null && dso.kind == Dso.Kind.FILE && !file.pipe && sentAhead.add(dso)) {
            String headerId = file.buildIds.get(dso.name);
            if (headerId != null) {
                readAhead.accept(dso, headerId);
            }
        }
    }

    //   PERF_RECORD_MMAP -1/0: [0xffffffff81000000(0x1276988) @ 0xffffffff81000000]: x [kernel.kallsyms]_text
    private void kernelMmap(String name, long start, long len, long pgoff, long time, long seq) {
        if (name.startsWith("[kernel.kallsyms]")) {
            Dso k = tasks.dso("[kernel.kallsyms]", Dso.Kind.KERNEL);
            tasks.kernelStart = start;
            // The offset of "[kernel.kallsyms]_text" is where _text was: kernel symbols of another
            // boot are moved by the difference (KASLR), as perf's ref_reloc_sym does.
            if (name.equals("[kernel.kallsyms]_text")) {
                tasks.kernelText = pgoff;
            }
            tasks.kernelDso = k;
            // Kernel symbols are absolute addresses: the map is the identity.
            tasks.mmap(Tasks.KERNEL_PID, start, len, start, k, time, seq);
        } else {
            tasks.mmap(Tasks.KERNEL_PID, start, len, start, tasks.dso(name, Dso.Kind.NONE), time, seq);
        }
    }

    /** Pipe mode: an event's attribute, then its sample ids. */
    private void headerAttr(ByteBuffer b, int p, int size) {
        int attrSize = b.getInt(p + 8 + 4);
        if (attrSize < 64 || attrSize > size - 8) {
            return;
        }
        EventAttr a = new EventAttr(b, p + 8, attrSize);
        int n = (size - 8 - attrSize) / 8;
        a.ids = new long[n];
        for (int i = 0; i < n; i++) {
            a.ids[i] = b.getLong(p + 8 + attrSize + i * 8);
        }
        file.addAttr(a);
        if (unsupported == null) {
            unsupported = a.unsupported();
        }
    }

    /** Pipe mode: an event's name (PERF_EVENT_UPDATE__NAME). */
    private void eventUpdate(ByteBuffer b, int p, int size) {
        if (b.getLong(p + 8) == 2) {
            EventAttr a = file.byId.get(b.getLong(p + 16));
            if (a != null) {
                a.name = cString(b, p + 24, p + size);
            }
        }
    }

    private static String cString(ByteBuffer b, int from, int to) {
        return PerfDataFile.cString(b, from, to);
    }
}
