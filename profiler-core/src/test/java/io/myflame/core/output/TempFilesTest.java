package io.myflame.core.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a signal leaves: the shutdown hook's {@code deleteAll} removes the temporary files made so far,
 * and one the main thread makes after it (it runs on beside the hook) removes itself. TempFiles is
 * loaded by a class loader of its own, so the run it sees ending is not this test JVM's. (A hook's own
 * files, such as record's interrupted capture.json, are made as before: {@code RecordIT}.)
 */
class TempFilesTest {
    @Test
    void aFileMadeWhileTheRunEndsRemovesItself(@TempDir Path dir) throws Exception {
        URL classes = TempFiles.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader isolated = new URLClassLoader(new URL[] {classes}, ClassLoader.getPlatformClassLoader())) {
            Class<?> temp = isolated.loadClass(TempFiles.class.getName());
            Method create = temp.getMethod("create", Path.class, String.class, String.class);
            Method createDirectory = temp.getMethod("createDirectory", Path.class, String.class);
            Path file = (Path) create.invoke(null, dir, ".out", ".tmp");
            Path directory = (Path) createDirectory.invoke(null, dir, ".capture");
            Files.writeString(directory.resolve("inside"), "x");
            assertTrue(Files.exists(file));
            temp.getMethod("deleteAll").invoke(null);   // as the shutdown hook does on SIGINT or SIGTERM
            assertFalse(Files.exists(file));
            assertFalse(Files.exists(directory));
            for (Executable late : List.<Executable>of(() -> create.invoke(null, dir, ".late", ".tmp"),
                    () -> createDirectory.invoke(null, dir, ".late"))) {
                InvocationTargetException e = assertThrows(InvocationTargetException.class, late);
                assertTrue(e.getCause() instanceof IOException, String.valueOf(e.getCause()));
                assertTrue(e.getCause().getMessage().startsWith("the run is ending"), e.getCause().getMessage());
            }
            try (Stream<Path> left = Files.list(dir)) {
                assertEquals(List.of(), left.toList());
            }
        }
    }
}
