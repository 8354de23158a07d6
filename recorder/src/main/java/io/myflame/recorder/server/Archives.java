package io.myflame.recorder.server;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/**
 * Unpacking release archives: gzipped tarballs (file modes and symbolic links within the tree kept)
 * and single entries of a jar. An entry whose path leaves the target is refused, a link that leaves
 * it is not made; a truncated or corrupt archive is an IOException.
 */
final class Archives {
    private Archives() {
    }

    /** Unpacks a {@code .tar.gz} read from {@code in} under {@code root}. */
    static void untarGz(InputStream in, Path root) throws IOException {
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new GzipCompressorInputStream(new BufferedInputStream(in)))) {
            for (TarArchiveEntry e = tar.getNextEntry(); e != null; e = tar.getNextEntry()) {
                Path target = inside(root, e.getName());
                if (e.isDirectory()) {
                    Files.createDirectories(target);
                } else if (e.isSymbolicLink()) {
                    // bin/libssl.so.1.0.0 -> ../lib/libssl.so.1.0.0 is kept. A link that leaves the tree is not made:
                    // kill-bill's 8.0.31 has bin/libprotobuf.so.3.19.4 -> /tmp/mysql.KY39Y4YGtv/..., the builder's tree.
                    if (!target.getParent().resolve(e.getLinkName()).normalize().startsWith(root)) {
                        continue;
                    }
                    Files.createDirectories(target.getParent());
                    Files.deleteIfExists(target);
                    Files.createSymbolicLink(target, Path.of(e.getLinkName()));
                } else if (e.isFile()) {
                    Files.createDirectories(target.getParent());
                    Files.copy(tar, target, StandardCopyOption.REPLACE_EXISTING);
                    if ((e.getMode() & 0111) != 0) {
                        target.toFile().setExecutable(true, false);
                    }
                }
            }
        }
    }

    /** Copies the jar entry {@code name} to {@code target}; an IOException when the jar lacks it. */
    static void entry(Path jar, String name, Path target) throws IOException {
        try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(jar))) {
            for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
                if (e.getName().equals(name)) {
                    Files.copy(zip, target, StandardCopyOption.REPLACE_EXISTING);
                    return;
                }
            }
        }
        throw new IOException("no " + name + " inside");
    }

    /** {@code root/name}, refused when the name climbs out of root. */
    static Path inside(Path root, String name) throws IOException {
        Path target = root.resolve(name).normalize();
        if (!target.startsWith(root)) {
            throw new IOException("entry outside the archive root: " + name);
        }
        return target;
    }
}
