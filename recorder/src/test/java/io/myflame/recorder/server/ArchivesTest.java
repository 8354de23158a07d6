package io.myflame.recorder.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Release tarballs as the Presto jars hold them: modes and relative symbolic links kept, nothing outside the root. */
class ArchivesTest {
    @TempDir
    Path tmp;

    @Test
    void keepsExecutableModesAndLinksInsideTheTree() throws Exception {
        byte[] tgz = tarball(file("bin/mysqld", 0755, "ELF"), file("lib/libssl.so.1.0.0", 0644, "so"),
                link("bin/libssl.so.1.0.0", "../lib/libssl.so.1.0.0"));
        Archives.untarGz(new ByteArrayInputStream(tgz), tmp);
        assertTrue(Files.isExecutable(tmp.resolve("bin/mysqld")));
        assertFalse(Files.isExecutable(tmp.resolve("lib/libssl.so.1.0.0")));
        assertTrue(Files.isSymbolicLink(tmp.resolve("bin/libssl.so.1.0.0")));
        assertEquals("so", Files.readString(tmp.resolve("bin/libssl.so.1.0.0")));
    }

    @Test
    void refusesEntriesOutsideTheTreeAndSkipsLinksOutOfIt() throws Exception {
        IOException e = assertThrows(IOException.class,
                () -> Archives.untarGz(new ByteArrayInputStream(tarball(file("../evil", 0644, "x"))), tmp.resolve("t")));
        assertTrue(e.getMessage().contains("outside the archive root"), e.getMessage());
        Path u = tmp.resolve("u");
        Archives.untarGz(new ByteArrayInputStream(tarball(link("bin/x", "../../etc/passwd"),
                link("bin/y", "/tmp/builder/lib/y.so"), file("bin/mysqld", 0755, "ELF"))), u);
        assertFalse(Files.exists(u.resolve("bin/x"), java.nio.file.LinkOption.NOFOLLOW_LINKS), "a link out of the tree is not made");
        assertFalse(Files.exists(u.resolve("bin/y"), java.nio.file.LinkOption.NOFOLLOW_LINKS), "a link out of the tree is not made");
        assertTrue(Files.isExecutable(u.resolve("bin/mysqld")));
    }

    @Test
    void aCutShortTarballIsAnError() throws Exception {
        byte[] tgz = tarball(file("bin/mysqld", 0755, "x".repeat(100_000)));
        byte[] cut = java.util.Arrays.copyOf(tgz, tgz.length / 2);
        assertThrows(IOException.class, () -> Archives.untarGz(new ByteArrayInputStream(cut), tmp));
    }

    private record Entry(String name, int mode, String content, String link) {
    }

    private static Entry file(String name, int mode, String content) {
        return new Entry(name, mode, content, null);
    }

    private static Entry link(String name, String target) {
        return new Entry(name, 0777, null, target);
    }

    private static byte[] tarball(Entry... entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(new GzipCompressorOutputStream(bytes))) {
            for (Entry e : entries) {
                TarArchiveEntry t;
                if (e.link() != null) {
                    t = new TarArchiveEntry(e.name(), TarArchiveEntry.LF_SYMLINK);
                    t.setLinkName(e.link());
                } else {
                    t = new TarArchiveEntry(e.name());
                    t.setSize(e.content().getBytes(StandardCharsets.UTF_8).length);
                }
                t.setMode(e.mode() | (e.link() != null ? 0120000 : 0100000));
                tar.putArchiveEntry(t);
                if (e.link() == null) {
                    tar.write(e.content().getBytes(StandardCharsets.UTF_8));
                }
                tar.closeArchiveEntry();
            }
        }
        return bytes.toByteArray();
    }
}
