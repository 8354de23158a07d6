package io.myflame.core.output;

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
        int fd = OpenDescriptor.number(target);
        if (fd >= 0) {
            // /dev/stdout, /dev/fd/3: the descriptor the shell opened (a pipe, a terminal, a file opened with > or >>).
            try (OutputStream out = new BufferedOutputStream(new Named(OpenDescriptor.open(target, fd), target), 1 << 16)) {
                body.writeTo(out);
            } catch (IOException e) {
                throw named(target, e);
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
            // Its write errors name it too: '-o /dev/full' said only "No space left on device".
            try (OutputStream out = new BufferedOutputStream(new Named(new FileOutputStream(real.toFile()), target), 1 << 16)) {
                body.writeTo(out);
            } catch (IOException e) {
                throw named(target, e);
            }
            return;
        }
        Path dir = real.toAbsolutePath().getParent();
        Path tmp;
        try {
            if (dir != null) {
                makeDirectories(target, dir);
            }
            tmp = TempFiles.create(dir, "." + real.getFileName(), ".tmp");
        } catch (IOException e) {
            throw named(target, e);
        }
        try {
            // WRITE without CREATE: on SIGINT or SIGTERM the shutdown hook may remove the temporary file
            // between its making and this opening, and opening with CREATE (newOutputStream's default) made it
            // again, beside the output, for nobody to remove (OutputFilesIT caught one in 8 signals, once)
            try (OutputStream out = new BufferedOutputStream(new Named(Files.newOutputStream(tmp,
                    java.nio.file.StandardOpenOption.WRITE, java.nio.file.StandardOpenOption.TRUNCATE_EXISTING), target),
                    1 << 16)) {
                body.writeTo(out);
            }
            placeInto(tmp, real);
        } catch (IOException e) {
            throw named(target, e);
        } finally {
            TempFiles.delete(tmp);
        }
    }

    private static void placeInto(Path tmp, Path real) throws IOException {
        if (Files.exists(real) && hardLinks(real) > 1) {
            copyInto(tmp, real);
        } else {
            // Temp files are created private (0600); the result keeps the old file's mode or is 0644.
            Files.setPosixFilePermissions(tmp, Files.exists(real) ? Files.getPosixFilePermissions(real) : NEW_FILE);
            Files.move(tmp, real, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
    }

    /**
     * The error as about {@code target}: the hidden temporary file beside it is ours, not the user's
     * ("permission denied" on {@code .out.svg123.tmp} names a file nobody asked for). Errors the body
     * raised reading its input are left alone.
     */
    private static IOException named(Path target, IOException e) {
        if (e instanceof Named.Failure f) {
            return f.reported;
        }
        if (e instanceof FileSystemException fs && fs.getFile() != null && fs.getFile().contains(".tmp")) {
            String why = fs.getReason() != null ? fs.getReason() : inWords(fs);
            return e instanceof AccessDeniedException ? new AccessDeniedException(target.toString(), null, reasonOf(why))
                    : new FileSystemException(target.toString(), null, why);
        }
        return e;
    }

    /** {@code -o a/b/x.svg} makes {@code a/b}; a file named {@code a} in the way is said, not "I/O error: a". */
    private static void makeDirectories(Path target, Path dir) throws IOException {
        try {
            Files.createDirectories(dir);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw new FileSystemException(target.toString(), null, "cannot make directory " + e.getFile()
                    + ": a file of that name is in the way");
        }
    }

    /**
     * What the kernel said, for an exception that carries no reason of its own: Java names the errno
     * only by its class ({@code -o /proc/x.svg}: ENOENT, as NoSuchFileException).
     */
    private static String inWords(FileSystemException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "cannot create a file there (no such file or directory)";
        }
        if (e instanceof java.nio.file.NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException) {
            return "file exists";
        }
        return "cannot write";
    }

    private static String reasonOf(String why) {
        return why.equals("permission denied") ? null : why;
    }

    /** A stream whose write errors name the output file (a full disk says no name of its own). */
    private static final class Named extends java.io.FilterOutputStream {
        private final Path target;

        Named(OutputStream out, Path target) {
            super(out);
            this.target = target;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw new Failure(target, e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw new Failure(target, e);
            }
        }

        @Override
        public void close() throws IOException {
            try {
                out.close();
            } catch (IOException e) {
                throw new Failure(target, e);
            }
        }

        /** A write error to the output, told apart from the body's own (input) errors. */
        static final class Failure extends IOException {
            final IOException reported;

            Failure(Path target, IOException e) {
                super(e);
                String m = String.valueOf(e.getMessage());
                this.reported = new IOException("writing " + target + ": " + m.toLowerCase(java.util.Locale.ROOT), e);
            }
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
