package io.myflame.recorder.server;

import io.myflame.recorder.error.RecordException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Where fetched releases are kept unpacked: in myflame's cache directory ({@link
 * io.myflame.core.output.UserCache}: {@code $MYFLAME_CACHE}, else {@code $XDG_CACHE_HOME/myflame},
 * else {@code ~/.cache/myflame}). A
 * release is unpacked into a temporary sibling and renamed into place with a {@code .complete}
 * marker, so an interrupted or failed unpack never leaves a tree that would be reused.
 */
public final class ReleaseCache {
    static final String COMPLETE = ".complete";

    /** Fills a fresh directory with a release; throws when the archive is damaged. */
    @FunctionalInterface
    interface Filler {
        void fill(Path into) throws IOException, RecordException;
    }

    private ReleaseCache() {
    }

    /** The cache's root directory (it may not exist yet): {@link io.myflame.core.output.UserCache}. */
    public static Path root() {
        return io.myflame.core.output.UserCache.root();
    }

    /** Whether {@code dest} holds a complete unpack. */
    static boolean complete(Path dest) {
        return Files.isRegularFile(dest.resolve(COMPLETE));
    }

    /**
     * Fills a temporary sibling of {@code dest} and renames it to {@code dest}; on any failure the
     * temporary directory is removed and {@code dest} is left as it was.
     */
    static void install(Path dest, String origin, Filler filler) throws IOException, RecordException {
        Files.createDirectories(dest.getParent());
        Path tmp = Files.createTempDirectory(dest.getParent(), "." + dest.getFileName() + "-");
        // Removed at exit too when the run is interrupted (Ctrl-C) while unpacking.
        io.myflame.core.output.TempFiles.register(tmp);
        boolean done = false;
        try {
            filler.fill(tmp);
            Files.writeString(tmp.resolve(COMPLETE), origin + "\n");
            ThrowawayServer.deleteTree(dest);
            Files.move(tmp, dest, StandardCopyOption.ATOMIC_MOVE);
            done = true;
        } finally {
            if (!done) {
                ThrowawayServer.deleteTree(tmp);
            }
            io.myflame.core.output.TempFiles.release(tmp);
        }
    }

    /** {@code text} without terminal escape sequences (Debian's mvn writes {@code ESC[0m} even with colour off). */
    static String plain(String text) {
        return text.replaceAll("\u001b\\[[0-9;]*[A-Za-z]", "");
    }

    /** The size of a file or a tree, in whole megabytes (0 when unreadable): what a release costs on disk. */
    public static long megabytes(Path p) {
        try (java.util.stream.Stream<Path> all = Files.walk(p)) {
            long bytes = all.filter(Files::isRegularFile).mapToLong(f -> {
                try {
                    return Files.size(f);
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
            return Math.round(bytes / 1e6);
        } catch (IOException | java.io.UncheckedIOException e) {
            return 0;
        }
    }
}
