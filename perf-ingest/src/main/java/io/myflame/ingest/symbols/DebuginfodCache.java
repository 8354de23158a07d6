package io.myflame.ingest.symbols;

import io.myflame.core.output.TempFiles;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;

/**
 * The debuginfod client cache as elfutils lays it out, so files fetched by gdb,
 * {@code debuginfod-find} or perf serve us and ours serve them: {@code CACHE/BUILDID/debuginfo}
 * and {@code CACHE/BUILDID/executable}, directories 0700, files 0400, written under a temporary
 * name and renamed. A failed query leaves an empty file of mode 000 there, which means "no
 * server has it" for {@code CACHE/cache_miss_s} seconds (600 when that file is absent).
 */
final class DebuginfodCache {
    private static final long DEFAULT_CACHE_MISS_SECONDS = 600;
    private static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("r--------");

    /** What the cache says of one artifact. */
    enum State { PRESENT, KNOWN_MISSING, ABSENT }

    final Path root;

    DebuginfodCache(Path root) {
        this.root = root;
    }

    /**
     * elfutils' choice: {@code $DEBUGINFOD_CACHE_PATH}; else {@code ~/.debuginfod_client_cache}
     * when it already exists (the old default); else {@code $XDG_CACHE_HOME/debuginfod_client};
     * else {@code ~/.cache/debuginfod_client}.
     */
    static DebuginfodCache of(Map<String, String> env) {
        String explicit = env.get("DEBUGINFOD_CACHE_PATH");
        if (explicit != null && !explicit.isEmpty()) {
            return new DebuginfodCache(Path.of(explicit));
        }
        String home = env.getOrDefault("HOME", System.getProperty("user.home", "/"));
        Path legacy = Path.of(home, ".debuginfod_client_cache");
        if (Files.isDirectory(legacy)) {
            return new DebuginfodCache(legacy);
        }
        String xdg = env.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isEmpty() ? Path.of(xdg) : Path.of(home, ".cache");
        return new DebuginfodCache(base.resolve("debuginfod_client"));
    }

    Path file(String buildId, String artifact) {
        return root.resolve(buildId).resolve(artifact);
    }

    /** A present file, a recent miss, or nothing; a miss older than cache_miss_s is removed, as elfutils does. */
    State state(String buildId, String artifact) {
        Path f = file(buildId, artifact);
        try {
            if (!Files.isRegularFile(f)) {
                return State.ABSENT;
            }
            // Mode 000 is the miss marker; root can read such a file, so the mode is what tells.
            if (!Files.getPosixFilePermissions(f).isEmpty()) {
                return State.PRESENT;
            }
            long ageSeconds = (System.currentTimeMillis() - Files.getLastModifiedTime(f).toMillis()) / 1000;
            if (ageSeconds <= cacheMissSeconds()) {
                return State.KNOWN_MISSING;
            }
            Files.deleteIfExists(f);
            return State.ABSENT;
        } catch (IOException | UnsupportedOperationException e) {
            return State.ABSENT;
        }
    }

    private long cacheMissSeconds() {
        try {
            return Long.parseLong(Files.readString(root.resolve("cache_miss_s")).strip());
        } catch (IOException | NumberFormatException e) {
            return DEFAULT_CACHE_MISS_SECONDS;
        }
    }

    /**
     * A new, empty file beside where {@code artifact} goes ({@code debuginfo.123…}), to fill and {@link #store};
     * registered with {@link TempFiles}, so Ctrl-C during a download leaves no partial file in the cache.
     */
    Path temporary(String buildId, String artifact) throws IOException {
        Path dir = root.resolve(buildId);
        Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(DIRECTORY));
        return TempFiles.create(dir, artifact + ".", "");
    }

    /**
     * Moves a complete download into place in one rename: a reader (or a crash) never sees half
     * a file under the final name. Returns the final path.
     */
    Path store(Path temporary, String buildId, String artifact) throws IOException {
        Files.setPosixFilePermissions(temporary, FILE);
        Path stored = Files.move(temporary, file(buildId, artifact), StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
        TempFiles.release(temporary);
        return stored;
    }

    /** Removes a failed download, and its build id's directory when that is left empty (as elfutils does). */
    void discard(Path temporary, String buildId) {
        try {
            TempFiles.delete(temporary);
            Files.deleteIfExists(root.resolve(buildId));
        } catch (IOException e) {
            // Not empty (another artifact is there) or already gone: nothing to undo.
        }
    }

    /** Records that no server has the artifact: an empty file of mode 000, elfutils' miss marker. */
    void rememberMissing(String buildId, String artifact) {
        try {
            Files.createDirectories(root.resolve(buildId), PosixFilePermissions.asFileAttribute(DIRECTORY));
            Files.createFile(file(buildId, artifact), PosixFilePermissions.asFileAttribute(Set.of()));
        } catch (FileAlreadyExistsException e) {
            // Another client got there first, with a file or a marker: either will do.
        } catch (IOException | UnsupportedOperationException e) {
            // A cache we cannot write only costs asking again next time.
        }
    }
}
