package io.myflame.core.output;

import java.nio.file.Path;

/**
 * myflame's cache directory, for what a run may keep for the next (unpacked releases, parsed kernel
 * symbols): {@code $MYFLAME_CACHE} (or the system property {@code myflame.cache}), else
 * {@code $XDG_CACHE_HOME/myflame}, else {@code ~/.cache/myflame}.
 */
public final class UserCache {
    private UserCache() {
    }

    /** The cache's root directory (it may not exist yet). */
    public static Path root() {
        String set = System.getProperty("myflame.cache");
        if (set == null || set.isEmpty()) {
            set = System.getenv("MYFLAME_CACHE");
        }
        if (set != null && !set.isEmpty()) {
            return Path.of(set);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache = xdg != null && !xdg.isEmpty() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return cache.resolve("myflame");
    }
}
