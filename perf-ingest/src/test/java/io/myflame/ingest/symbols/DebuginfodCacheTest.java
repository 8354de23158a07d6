package io.myflame.ingest.symbols;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the cache is, by elfutils' rules (debuginfod-client-config(7)). */
class DebuginfodCacheTest {
    @TempDir
    Path home;

    @Test
    void explicitPathFirst() {
        Path explicit = home.resolve("mine");
        assertEquals(explicit, DebuginfodCache.of(Map.of("DEBUGINFOD_CACHE_PATH", explicit.toString(),
                "XDG_CACHE_HOME", home.resolve("xdg").toString(), "HOME", home.toString())).root);
    }

    @Test
    void xdgCacheHomeWhenNoPathIsGiven() {
        assertEquals(home.resolve("xdg").resolve("debuginfod_client"), DebuginfodCache.of(Map.of(
                "DEBUGINFOD_CACHE_PATH", "", "XDG_CACHE_HOME", home.resolve("xdg").toString(), "HOME", home.toString())).root);
    }

    @Test
    void homeDotCacheOtherwise() {
        assertEquals(home.resolve(".cache").resolve("debuginfod_client"),
                DebuginfodCache.of(Map.of("HOME", home.toString())).root);
    }

    /** elfutils' old default stays in use where it exists. */
    @Test
    void legacyCacheWhenItExists() throws Exception {
        Path legacy = Files.createDirectory(home.resolve(".debuginfod_client_cache"));
        assertEquals(legacy, DebuginfodCache.of(Map.of("HOME", home.toString(),
                "XDG_CACHE_HOME", home.resolve("xdg").toString())).root);
    }

    @Test
    void aMissOfAnotherAgeWhenCacheMissSecondsSaysSo() throws Exception {
        DebuginfodCache cache = new DebuginfodCache(home);
        cache.rememberMissing("abcd", "debuginfo");
        assertEquals(DebuginfodCache.State.KNOWN_MISSING, cache.state("abcd", "debuginfo"));
        Files.writeString(home.resolve("cache_miss_s"), "0\n");
        Files.setLastModifiedTime(home.resolve("abcd").resolve("debuginfo"),
                FileTime.fromMillis(System.currentTimeMillis() - 2000));
        assertEquals(DebuginfodCache.State.ABSENT, cache.state("abcd", "debuginfo"));
        assertFalse(Files.exists(home.resolve("abcd").resolve("debuginfo")), "an expired miss is removed");
    }

    /**
     * A download's temporary file ({@code CACHE/ID/debuginfo.NNNN}) is removed when the run ends on a signal
     * (the shutdown hook's TempFiles.deleteAll); the classes are loaded apart, so the run that ends is not
     * this test JVM's.
     */
    @Test
    void aDownloadCutShortBySignalLeavesNoTemporaryFile() throws Exception {
        java.net.URL ingest = DebuginfodCache.class.getProtectionDomain().getCodeSource().getLocation();
        java.net.URL core = io.myflame.core.output.TempFiles.class.getProtectionDomain().getCodeSource().getLocation();
        Path cache = home.resolve("cache");
        try (java.net.URLClassLoader isolated = new java.net.URLClassLoader(new java.net.URL[] {ingest, core},
                ClassLoader.getPlatformClassLoader())) {
            Class<?> type = isolated.loadClass(DebuginfodCache.class.getName());
            java.lang.reflect.Method of = type.getDeclaredMethod("of", Map.class);
            java.lang.reflect.Method temporary = type.getDeclaredMethod("temporary", String.class, String.class);
            of.setAccessible(true);
            temporary.setAccessible(true);
            Object c = of.invoke(null, Map.of("DEBUGINFOD_CACHE_PATH", cache.toString()));
            Path partial = (Path) temporary.invoke(c, "abcd", "debuginfo");
            assertEquals(cache.resolve("abcd"), partial.getParent());
            Files.writeString(partial, "half a download");
            isolated.loadClass(io.myflame.core.output.TempFiles.class.getName()).getMethod("deleteAll").invoke(null);
            assertFalse(Files.exists(partial), partial + " outlived the run");
        }
    }
}
