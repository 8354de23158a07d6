package io.myflame.recorder.perf;

import io.myflame.ingest.elf.BuildIds;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The GNU build-id of an ELF64 little-endian binary (x86-64, aarch64), read from its PT_NOTE
 * segments: it names exactly which build of the server was profiled, which is what symbol
 * lookups (debuginfod, perf buildid-cache) key on. The notes themselves are read as the native
 * perf.data reader reads them ({@link BuildIds}).
 */
public final class ElfBuildId {
    private static final int PT_NOTE = 4;

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
                    String id = BuildIds.inNotes(read(ch, ph.getLong(8), (int) Math.min(ph.getLong(32), 1 << 16)));
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

    private static ByteBuffer read(FileChannel ch, long at, int len) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(len).order(ByteOrder.LITTLE_ENDIAN);
        ch.read(b, at);
        b.flip();
        return b;
    }
}
