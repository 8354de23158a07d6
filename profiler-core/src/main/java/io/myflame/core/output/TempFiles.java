package io.myflame.core.output;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Temporary files and directories that must not outlive the run: each is registered while it
 * exists and a shutdown hook removes what is left when the JVM ends on SIGINT or SIGTERM (an
 * interrupted {@code -o} write, a capture being written aside). SIGKILL runs no hook; the
 * leftovers are then hidden dot-files next to the output.
 */
public final class TempFiles {
    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();
    /** The shutdown hooks registered through {@link #addShutdownHook}: they may still make files as the run ends. */
    private static final Set<Thread> HOOKS = ConcurrentHashMap.newKeySet();
    /**
     * Set by {@link #deleteAll} before it removes anything. The main thread runs on beside the shutdown
     * hooks: a file it makes after this removes itself, or it would outlive the run.
     */
    private static volatile boolean closing;
    private static final FileAttribute<Set<PosixFilePermission>> PRIVATE_FILE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

    static {
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(TempFiles::deleteAll, "myflame-temp-cleanup"));
        } catch (IllegalStateException e) {
            // First used by another shutdown hook: that hook calls deleteAll itself.
        }
    }

    private TempFiles() {
    }

    /**
     * A new private (0600) temporary file in {@code dir}, removed at exit unless moved away first. Named
     * here, not by {@code Files.createTempFile}, whose first call sets up a {@code SecureRandom} for its
     * names (10 ms of every {@code -o} run); the file is made with O_EXCL, so a name someone guessed
     * and took first (a file, a symbolic link) is never opened, only skipped.
     */
    public static Path create(Path dir, String prefix, String suffix) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve(prefix + ProcessHandle.current().pid() + "-"
                    + Long.toUnsignedString(java.util.concurrent.ThreadLocalRandom.current().nextLong(), 36) + suffix);
            // Registered before it exists: a signal that comes as it is made (OutputFilesIT sends one the moment
            // the file shows) finds it registered, or finds nothing and the check after removes it.
            LIVE.add(tmp);
            try {
                Files.createFile(tmp, PRIVATE_FILE);
            } catch (java.nio.file.FileAlreadyExistsException taken) {
                LIVE.remove(tmp);
                if (attempt == 100) {
                    throw taken;
                }
                continue;
            } catch (IOException | RuntimeException e) {
                LIVE.remove(tmp);
                throw e;
            }
            return unlessEnding(tmp);
        }
    }

    /**
     * {@code tmp}, made and registered; when the run is ending and this is not a shutdown hook's thread,
     * removes it and fails: {@link #deleteAll} may have passed it by.
     */
    private static Path unlessEnding(Path tmp) throws IOException {
        if (closing && !HOOKS.contains(Thread.currentThread())) {
            delete(tmp);
            throw new IOException("the run is ending (a signal): " + tmp + " removed");
        }
        return tmp;
    }

    /**
     * Registers a shutdown hook that may make temporary files while the run ends (it removes them
     * itself, with {@link #deleteAll}, before it halts).
     */
    public static void addShutdownHook(Thread hook) {
        HOOKS.add(hook);
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** A new private (0700) temporary directory in {@code dir}, removed with its contents at exit. */
    public static Path createDirectory(Path dir, String prefix) throws IOException {
        Path tmp = Files.createTempDirectory(dir, prefix,
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        LIVE.add(tmp);
        return unlessEnding(tmp);
    }

    /** Registers a path made elsewhere, to be removed at exit. */
    public static void register(Path p) {
        LIVE.add(p);
    }

    /** The path was moved into place or is otherwise no longer temporary. */
    public static void release(Path p) {
        LIVE.remove(p);
    }

    /** Removes a temporary file or directory tree now, if it is still there. */
    public static void delete(Path p) throws IOException {
        try {
            deleteTree(p);
        } finally {
            LIVE.remove(p);
        }
    }

    /**
     * Removes every registered path now. For a shutdown hook that ends the JVM with
     * {@code Runtime.halt}, which would cut this class's own hook short.
     */
    public static void deleteAll() {
        closing = true;
        for (Path p : LIVE) {
            try {
                deleteTree(p);
            } catch (IOException | RuntimeException e) {
                // Best effort at exit: nothing left to report to.
            }
        }
    }

    private static void deleteTree(Path p) throws IOException {
        if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> all = Files.walk(p)) {
                for (Path q : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) {
                    Files.deleteIfExists(q);
                }
            }
        } else {
            Files.deleteIfExists(p);
        }
    }
}
