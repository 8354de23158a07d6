package io.myflame.ingest.perfdata;

import io.myflame.ingest.elf.BuildIds;
import io.myflame.ingest.error.InputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A perf.data file opened for reading: its header, events ({@link EventAttr} with their sample
 * ids), the feature sections (build ids, host name, OS release, command line, event names) and
 * where its records are. Both layouts perf writes: the seekable file ("PERFILE2" and a header
 * with sections) and pipe mode (a 16-byte header, then attributes and features as records).
 */
final class PerfDataFile implements AutoCloseable {
    static final long MAGIC = 0x32454c4946524550L;

    private static final int FEAT_BUILD_ID = 2;
    private static final int FEAT_HOSTNAME = 3;
    private static final int FEAT_OSRELEASE = 4;
    private static final int FEAT_ARCH = 6;
    private static final int FEAT_CMDLINE = 11;
    private static final int FEAT_EVENT_DESC = 12;
    private static final int FEAT_AUXTRACE = 18;
    private static final int FEAT_COMPRESSED = 27;

    final Path path;
    final FileChannel channel;
    final long fileSize;
    final boolean pipe;
    final List<EventAttr> attrs = new ArrayList<>();
    final EventIds byId = new EventIds();
    /** Build ids by file name, as recorded (only for the files that had samples). */
    final Map<String, String> buildIds = new HashMap<>();
    String hostname;
    String osRelease;
    String cmdline;
    /** The recording machine's {@code uname -m} (HEADER_ARCH); null when the file does not say. */
    String arch;
    /** Why perf script must read this file instead of us; null when we can. */
    String unsupported;
    long dataOffset;
    /** Where the records end in this file: the header's data end, or the file's end when it is cut short. */
    long dataEnd;
    /** Where the header says the records end; beyond {@link #dataEnd} when the file was cut short. */
    long declaredDataEnd;
    /** Feature sections the header announces (their table follows the data); 0 in pipe mode. */
    int featureCount;

    private PerfDataFile(Path path) throws IOException {
        this.path = path;
        this.channel = FileChannel.open(path, StandardOpenOption.READ);
        this.fileSize = channel.size();
        ByteBuffer h = read(0, (int) Math.min(fileSize, 104));
        pipe = h.limit() >= 16 && h.getLong(8) == 16;
    }

    /** Opens and reads the header; an InputException names the file when it is no perf.data or is damaged. */
    static PerfDataFile open(Path path) throws IOException, InputException {
        PerfDataFile f = new PerfDataFile(path);
        try {
            f.readHeader();
        } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
            f.close();
            throw new InputException(path + ": damaged perf.data header");
        } catch (InputException | IOException e) {
            f.close();
            throw e;
        }
        return f;
    }

    /** Whether {@code path} is a readable regular file that starts with perf.data's magic; never throws. */
    static boolean isPerfData(Path path) {
        if (!java.nio.file.Files.isRegularFile(path)) {
            return false;
        }
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(path)) {
            ByteBuffer b = ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            ch.read(b, 0);
            return b.position() == 8 && b.getLong(0) == MAGIC;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private void readHeader() throws IOException, InputException {
        ByteBuffer h = read(0, (int) Math.min(fileSize, 104));
        if (h.limit() < 16 || h.getLong(0) != MAGIC) {
            throw new InputException(path + ": not a perf.data file (no PERFILE2 magic)");
        }
        if (pipe) {
            dataOffset = 16;
            dataEnd = fileSize;
            declaredDataEnd = fileSize;
            return;
        }
        if (h.limit() < 104) {
            throw new InputException(path + ": perf.data header cut short");
        }
        long attrSize = h.getLong(16);
        long attrsOff = h.getLong(24);
        long attrsSize = h.getLong(32);
        dataOffset = h.getLong(40);
        long dataSize = h.getLong(48);
        if (dataOffset < 0 || dataSize < 0 || dataSize > Long.MAX_VALUE - dataOffset) {
            throw new InputException(path + ": damaged perf.data header (data section)");
        }
        // A file cut short (perf killed, a partial copy): the records before the cut are still good.
        declaredDataEnd = dataOffset + dataSize;
        dataEnd = Math.min(fileSize, declaredDataEnd);
        readAttrs(attrSize, attrsOff, attrsSize);
        readFeatures(h, dataOffset + dataSize);
    }

    /** Whether {@code [off, off + len)} lies in the file; damaged offsets can be negative or near 2^63. */
    private boolean inFile(long off, long len) {
        return off >= 0 && len >= 0 && off <= fileSize - len;
    }

    private void unsupportedIfNull(String why) {
        if (unsupported == null) {
            unsupported = why;
        }
    }

    private void readAttrs(long attrSize, long off, long size) throws IOException, InputException {
        if (attrSize < 72 || attrSize > 4096 || !inFile(off, size) || size % attrSize != 0) {
            throw new InputException(path + ": damaged perf.data header (event attributes)");
        }
        ByteBuffer b = read(off, (int) size);
        int n = (int) (size / attrSize);
        int attrBytes = (int) attrSize - 16;
        for (int i = 0; i < n; i++) {
            int at = (int) (i * attrSize);
            EventAttr a = new EventAttr(b, at, attrBytes);
            long idsOff = b.getLong(at + attrBytes);
            long idsSize = b.getLong(at + attrBytes + 8);
            if (inFile(idsOff, idsSize) && idsSize < (64 << 20)) {
                ByteBuffer ids = read(idsOff, (int) idsSize);
                a.ids = new long[(int) (idsSize / 8)];
                for (int j = 0; j < a.ids.length; j++) {
                    a.ids[j] = ids.getLong(j * 8);
                }
            }
            addAttr(a);
        }
    }

    void addAttr(EventAttr a) {
        attrs.add(a);
        for (long id : a.ids) {
            byId.put(id, a);
        }
        unsupportedIfNull(a.unsupported());
    }

    private void readFeatures(ByteBuffer h, long sectionsAt) throws IOException {
        int count = 0;
        for (int w = 0; w < 4; w++) {
            count += Long.bitCount(h.getLong(72 + w * 8));
        }
        featureCount = count;
        if (!inFile(sectionsAt, 16L * count)) {
            return;
        }
        ByteBuffer table = read(sectionsAt, 16 * count);
        int idx = 0;
        for (int bit = 0; bit < 256; bit++) {
            if ((h.getLong(72 + (bit / 64) * 8) & (1L << (bit % 64))) == 0) {
                continue;
            }
            long off = table.getLong(idx * 16);
            long size = table.getLong(idx * 16 + 8);
            idx++;
            if (!inFile(off, size) || size > (256 << 20)) {
                continue;
            }
            feature(bit, read(off, (int) size));
        }
    }

    /** One feature section (perf_header's features are independent; an unknown one is skipped). */
    void feature(int bit, ByteBuffer b) {
        try {
            switch (bit) {
                case FEAT_BUILD_ID -> buildIds(b, 0, b.limit());
                case FEAT_HOSTNAME -> hostname = string(b, 0);
                case FEAT_OSRELEASE -> osRelease = string(b, 0);
                case FEAT_ARCH -> arch = string(b, 0);
                case FEAT_CMDLINE -> cmdline = cmdline(b);
                case FEAT_EVENT_DESC -> eventDesc(b);
                case FEAT_AUXTRACE -> unsupportedIfNull("AUX area data (perf record of intel_pt, cs_etm...)");
                case FEAT_COMPRESSED -> unsupportedIfNull("compressed records (perf record -z)");
                default -> {
                }
            }
        } catch (IndexOutOfBoundsException e) {
            // A damaged feature loses its facts, not the samples.
        }
    }

    /** Build-id records: header, pid, build id (20 bytes + size byte, padded to 24), file name. */
    void buildIds(ByteBuffer b, int from, int to) {
        int p = from;
        while (p + 8 <= to) {
            int size = Short.toUnsignedInt(b.getShort(p + 6));
            int misc = Short.toUnsignedInt(b.getShort(p + 4));
            if (size < 36 || p + size > to) {
                return;
            }
            int idLen = (misc & (1 << 15)) != 0 ? b.get(p + 12 + 20) & 0xff : 20;
            String id = BuildIds.hex(b, p + 12, Math.min(idLen, 20));
            String file = cString(b, p + 36, p + size);
            buildIds.put(file, id);
            p += size;
        }
    }

    private static String cmdline(ByteBuffer b) {
        int n = b.getInt(0);
        int p = 4;
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n && p + 4 <= b.limit(); i++) {
            int len = b.getInt(p);
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(cString(b, p + 4, p + 4 + len));
            p += 4 + len;
        }
        return sb.toString();
    }

    /** Event names: nr, attr size, then per event the attr, nr ids, the name, the ids. */
    private void eventDesc(ByteBuffer b) {
        int nr = b.getInt(0);
        int attrSize = b.getInt(4);
        int p = 8;
        for (int i = 0; i < nr; i++) {
            p += attrSize;
            int nrIds = b.getInt(p);
            p += 4;
            int len = b.getInt(p);
            String name = cString(b, p + 4, p + 4 + len);
            p += 4 + len;
            EventAttr target = null;
            for (int j = 0; j < nrIds; j++) {
                EventAttr a = byId.get(b.getLong(p + j * 8));
                target = target == null ? a : target;
            }
            if (target == null && i < attrs.size()) {
                target = attrs.get(i);
            }
            if (target != null) {
                target.name = name;
            }
            p += nrIds * 8;
        }
    }

    /** A perf header string: u32 length (padded), then NUL-terminated text. */
    static String string(ByteBuffer b, int at) {
        int len = b.getInt(at);
        return cString(b, at + 4, at + 4 + len);
    }

    static String cString(ByteBuffer b, int from, int to) {
        int end = from;
        to = Math.min(to, b.limit());
        while (end < to && b.get(end) != 0) {
            end++;
        }
        byte[] s = new byte[end - from];
        b.get(from, s);
        return new String(s, StandardCharsets.ISO_8859_1);
    }

    /** The event of a sample or record id; the only event when the file has one. */
    EventAttr attrFor(long id) {
        if (attrs.size() == 1) {
            return attrs.get(0);
        }
        return byId.get(id);
    }

    /** The event of the sample record at {@code rec}: found by its id when the file has several; null for an unknown id. */
    EventAttr sampleAttr(ByteBuffer b, int rec) {
        if (attrs.size() == 1) {
            return attrs.get(0);
        }
        long st = attrs.get(0).sampleType;
        int idAt;
        if ((st & EventAttr.IDENTIFIER) != 0) {
            idAt = rec + 8;
        } else if ((st & EventAttr.ID) != 0) {
            idAt = rec + 8 + 8 * Long.bitCount(st & (EventAttr.IP | EventAttr.TID | EventAttr.TIME | EventAttr.ADDR));
        } else {
            return attrs.get(0);
        }
        return byId.get(b.getLong(idAt));
    }

    ByteBuffer read(long at, int len) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(len).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            int n = channel.read(b, at + b.position());
            if (n < 0) {
                break;
            }
        }
        b.flip();
        return b;
    }

    /**
     * Fills {@code b} from its position to its limit with the file's bytes from {@code at}, then
     * flips it (position 0, limit the bytes read): fewer than asked only where the file ends.
     */
    void readFully(ByteBuffer b, long at) throws IOException {
        long from = at - b.position();
        while (b.hasRemaining()) {
            if (channel.read(b, from + b.position()) < 0) {
                break;
            }
        }
        b.flip();
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
