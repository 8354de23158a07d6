package io.myflame.core.output;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An output named as one of this process's open descriptors ({@code /dev/stdout}, {@code /dev/stderr},
 * {@code /dev/fd/N}, {@code /proc/self/fd/N}), written through that very descriptor. Opening the name
 * again would give a new file position: in {@code { myflame ... -o /dev/stdout; echo after; } > f}
 * the shell's later writes would land over the output, and without append the output over what was
 * there. Written through the inherited descriptor, the output goes where the shell's position is and
 * moves it on, as {@code >} and {@code >>} intend.
 */
public final class OpenDescriptor {
    private OpenDescriptor() {
    }

    /** The descriptor number {@code target} names, or -1 when it names a file. */
    public static int number(Path target) {
        String s = target.toAbsolutePath().normalize().toString();
        if (s.equals("/dev/stdout")) {
            return 1;
        }
        if (s.equals("/dev/stderr")) {
            return 2;
        }
        if (s.equals("/dev/stdin")) {
            return 0;
        }
        for (String dir : new String[] {"/dev/fd/", "/proc/self/fd/"}) {
            if (s.startsWith(dir) && s.length() > dir.length() && s.length() < dir.length() + 8
                    && s.substring(dir.length()).chars().allMatch(Character::isDigit)) {
                return Integer.parseInt(s.substring(dir.length()));
            }
        }
        return -1;
    }

    /**
     * A stream writing to descriptor {@code fd}; closing it leaves the descriptor open. Descriptors
     * above 2 need {@code FileDescriptor}'s field (the jar's manifest opens {@code java.io} for it);
     * without that access the name is opened for appending, which keeps what the file held.
     */
    public static OutputStream open(Path target, int fd) throws IOException {
        if (!java.nio.file.Files.exists(Path.of("/proc/self/fd/" + fd))) {
            throw new NoSuchFileException(target.toString(), null, "no such open descriptor");
        }
        FileDescriptor d = fd == 1 ? FileDescriptor.out : fd == 2 ? FileDescriptor.err : fd == 0 ? FileDescriptor.in
                : inherited(fd);
        if (d == null) {
            return java.nio.file.Files.newOutputStream(target, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        }
        return new FileOutputStream(d) {
            @Override
            public void close() throws IOException {
                flush();
            }
        };
    }

    private static FileDescriptor inherited(int fd) {
        try {
            java.lang.reflect.Field f = FileDescriptor.class.getDeclaredField("fd");
            f.setAccessible(true);
            FileDescriptor d = new FileDescriptor();
            f.setInt(d, fd);
            return d;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
