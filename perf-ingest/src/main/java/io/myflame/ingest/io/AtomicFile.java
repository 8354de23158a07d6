package io.myflame.ingest.io;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes a file through a temporary file in the same directory and renames it into place only
 * when everything was written: an error leaves no half-written file, and an old file stays whole.
 * What is already at the target is respected: a symlink is written through to its target, a
 * device node or FIFO ({@code /dev/null}) is written into rather than replaced, an existing
 * file keeps its mode, and a file with other hard links is rewritten in place (after the whole
 * output was produced) so the links still share it. Write protection is respected as {@code cp}
 * respects it: a file its user may not write ({@code access(W_OK)}: a 0444 file, unless root) is
 * refused rather than renamed over.
 */
public final class AtomicFile {
    private static final Set<PosixFilePermission> NEW_FILE = PosixFilePermissions.fromString("rw-r--r--");

    private AtomicFile() {
    }

    /** What produces the bytes. */
    public interface Body {
        void writeTo(OutputStream out) throws Exception;
    }

    public static void write(Path target, Body body) throws Exception {
        if (isOpenDescriptor(target)) {
            // /dev/stdout, /dev/fd/3: the descriptor the shell opened (a pipe, or a file opened with >>).
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(target,
                    StandardOpenOption.WRITE, StandardOpenOption.APPEND), 1 << 16)) {
                body.writeTo(out);
            }
            return;
        }
        Path real = throughLinks(target);
        if (Files.isDirectory(real)) {
            throw new FileSystemException(target.toString(), null, "is a directory");
        }
        checkWritable(target);
        if (Files.exists(real) && !Files.isRegularFile(real)) {
            // A device node or a FIFO: renaming over it would replace /dev/null with a file.
            try (OutputStream out = new BufferedOutputStream(new FileOutputStream(real.toFile()), 1 << 16)) {
                body.writeTo(out);
            }
            return;
        }
        Path dir = real.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        Path tmp = TempFiles.create(dir, "." + real.getFileName(), ".tmp");
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                body.writeTo(out);
            }
            if (Files.exists(real) && hardLinks(real) > 1) {
                copyInto(tmp, real);
            } else {
                // Temp files are created private (0600); the result keeps the old file's mode or is 0644.
                Files.setPosixFilePermissions(tmp, Files.exists(real) ? Files.getPosixFilePermissions(real) : NEW_FILE);
                Files.move(tmp, real, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        } finally {
            TempFiles.delete(tmp);
        }
    }

    /**
     * Refuses a file that exists and that this user may not write, before anything is produced:
     * the rename into place needs only the directory's permission, so it would replace a file that
     * {@code cp} and the shell's {@code >} leave alone. Root may write any file, as with {@code cp}.
     */
    public static void checkWritable(Path target) throws IOException {
        Path real = throughLinks(target);
        if (Files.exists(real) && !Files.isDirectory(real) && !Files.isWritable(real)) {
            throw new AccessDeniedException(target.toString(), null, "write-protected");
        }
    }

    /**
     * Whether a write to {@code a} would land on the file {@code b} names: the same file if both exist,
     * else the same path once symlinks are followed (an output not yet written can still be an input's name).
     */
    public static boolean sameTarget(Path a, Path b) {
        try {
            Path ra = throughLinks(a).toAbsolutePath().normalize();
            Path rb = throughLinks(b).toAbsolutePath().normalize();
            if (Files.exists(ra) && Files.exists(rb)) {
                return Files.isSameFile(ra, rb);
            }
            return ra.equals(rb);
        } catch (IOException e) {
            return false;
        }
    }

    /** A name for one of this process's open descriptors rather than for a file. */
    static boolean isOpenDescriptor(Path target) {
        String s = target.toAbsolutePath().normalize().toString();
        return s.equals("/dev/stdout") || s.equals("/dev/stderr") || s.startsWith("/dev/fd/")
                || s.startsWith("/proc/self/fd/");
    }

    /** The path a write to {@code target} lands on: symlinks followed, even to a target not yet there. */
    static Path throughLinks(Path target) throws IOException {
        Path p = target;
        for (int hops = 0; hops < 40 && Files.isSymbolicLink(p); hops++) {
            Path link = Files.readSymbolicLink(p);
            Path parent = p.toAbsolutePath().getParent();
            p = parent == null ? link : parent.resolve(link);
        }
        if (Files.isSymbolicLink(p)) {
            throw new FileSystemException(target.toString(), null, "too many levels of symbolic links");
        }
        return p;
    }

    private static int hardLinks(Path p) {
        try {
            return (Integer) Files.getAttribute(p, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return 1;
        }
    }

    /** Overwrites {@code target}'s contents (its inode, so every hard link sees them) with {@code from}'s. */
    private static void copyInto(Path from, Path target) throws IOException {
        try (FileChannel in = FileChannel.open(from, StandardOpenOption.READ);
             FileChannel out = FileChannel.open(target, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            long size = in.size();
            for (long done = 0; done < size; ) {
                done += out.transferFrom(in, done, size - done);
            }
            out.force(false);
        }
    }
}
