package io.myflame.ingest.elf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/** GNU build ids: found in ELF notes, printed as lowercase hex as perf's build-id cache names them. */
public final class BuildIds {
    private static final int NT_GNU_BUILD_ID = 3;

    private BuildIds() {
    }

    /** Notes are namesz, descsz, type, then name and desc, each padded to 4 bytes. */
    public static String inNotes(ByteBuffer b) {
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
                return hex(b, desc, descsz);
            }
            pos = desc + ((descsz + 3) & ~3);
        }
        return null;
    }

    public static String hex(ByteBuffer b, int at, int len) {
        StringBuilder sb = new StringBuilder(len * 2);
        for (int i = 0; i < len; i++) {
            int v = b.get(at + i) & 0xff;
            sb.append(Character.forDigit(v >> 4, 16)).append(Character.forDigit(v & 0xf, 16));
        }
        return sb.toString();
    }

    /** The running kernel's build id, from /sys/kernel/notes; null when unreadable. */
    public static String runningKernel() {
        try {
            byte[] notes = Files.readAllBytes(Path.of("/sys/kernel/notes"));
            return inNotes(ByteBuffer.wrap(notes).order(ByteOrder.LITTLE_ENDIAN));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
