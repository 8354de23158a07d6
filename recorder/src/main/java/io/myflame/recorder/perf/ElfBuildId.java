package io.myflame.recorder.perf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The GNU build-id of an ELF64 little-endian binary (x86-64, aarch64), read from its PT_NOTE
 * segments: it names exactly which build of the server was profiled, which is what symbol
 * lookups (debuginfod, perf buildid-cache) key on.
 */
public final class ElfBuildId {
    private static final int PT_NOTE = 4;
    private static final int NT_GNU_BUILD_ID = 3;

    private ElfBuildId() {
    }

    /** The build-id in hex, or null when the file is not such an ELF or has none. */
    public static String of(Path binary) {
        try (FileChannel ch = FileChannel.open(binary, StandardOpenOption.READ)) {
            ByteBuffer h = read(ch, 0, 64);
            if (h.getInt(0) != 0x464c457f || h.get(4) != 2 || h.get(5) != 1) {
                return null;
            }
            long phoff = h.getLong(0x20);
            int phentsize = Short.toUnsignedInt(h.getShort(0x36));
            int phnum = Short.toUnsignedInt(h.getShort(0x38));
            for (int i = 0; i < phnum; i++) {
                ByteBuffer ph = read(ch, phoff + (long) i * phentsize, 56);
                if (ph.getInt(0) == PT_NOTE) {
                    String id = inNotes(read(ch, ph.getLong(8), (int) Math.min(ph.getLong(32), 1 << 16)));
                    if (id != null) {
                        return id;
                    }
                }
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Notes are namesz, descsz, type, then name and desc, each padded to 4 bytes. */
    private static String inNotes(ByteBuffer b) {
        int pos = 0;
        while (pos + 12 <= b.limit()) {
            int namesz = b.getInt(pos);
            int descsz = b.getInt(pos + 4);
            int type = b.getInt(pos + 8);
            int name = pos + 12;
            int desc = name + ((namesz + 3) & ~3);
            if (namesz < 0 || descsz < 0 || desc + descsz > b.limit()) {
                return null;
            }
            if (type == NT_GNU_BUILD_ID && namesz == 4 && b.get(name) == 'G' && b.get(name + 1) == 'N') {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < descsz; i++) {
                    sb.append(String.format("%02x", b.get(desc + i)));
                }
                return sb.toString();
            }
            pos = desc + ((descsz + 3) & ~3);
        }
        return null;
    }

    private static ByteBuffer read(FileChannel ch, long at, int len) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(len).order(ByteOrder.LITTLE_ENDIAN);
        ch.read(b, at);
        b.flip();
        return b;
    }
}
