package io.myflame.ingest.symbols;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * perf archive's tarball read within bounds (issue 36): an entry whose header claims more than
 * any perf archive file, a GNU long name of megabytes, a kallsyms of hundreds of MB, a tarball
 * that unpacks to more than its total. Each is one note naming the tarball; files unpacked
 * before stay. A tarball is built here byte by byte (headers as tar writes them), bzip2'd.
 */
class PerfArchiveBoundsTest {
    private static final String WANTED = "93ac61ec0123456789abcdef0123456789abcdef";
    private static final String OTHER = "deadbeef0123456789abcdef0123456789abcdef";

    @TempDir
    Path dir;

    @Test
    void aGoodTarballIsUnpacked() throws Exception {
        Path data = tarball(t -> {
            file(t, "usr/bin/x/" + OTHER + "/elf", new byte[3000]);
            file(t, "usr/bin/x/" + WANTED + "/elf", "ELF".getBytes(StandardCharsets.ISO_8859_1));
            end(t);
        });
        List<String> notes = new ArrayList<>();
        Path root = PerfArchive.unpackNear(data, Set.of(WANTED), notes);
        assertNotNull(root, notes.toString());
        assertEquals("ELF", Files.readString(root.resolve(".build-id/93/" + WANTED.substring(2) + "/elf")));
        assertEquals(List.of("names from perf archive's " + data + ".tar.bz2 (1 file of this recording's build ids)"), notes);
    }

    /** An entry no build id matches claims 600 MB: the reader stops at its header, never decompressing past it. */
    @Test
    void anEntryLargerThanAnyPerfArchiveFileStopsTheReadAtItsHeader() throws Exception {
        Path data = tarball(t -> {
            file(t, "usr/bin/y/" + WANTED + "/debug", "DEBUG".getBytes(StandardCharsets.ISO_8859_1));
            header(t, "usr/bin/x/" + OTHER + "/elf", TarConstants.LF_NORMAL, 600L << 20);
            t.write(new byte[4096]);
        });
        List<String> notes = new ArrayList<>();
        Path root = PerfArchive.unpackNear(data, Set.of(WANTED), notes);
        assertNotNull(root, notes.toString());
        assertTrue(Files.isRegularFile(root.resolve(".build-id/93/" + WANTED.substring(2) + "/debug")), "kept what came before");
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).startsWith(data + ".tar.bz2: entry usr/bin/x/" + OTHER + "/elf holds 629145600 bytes, more than the 512 MB"),
                notes.toString());
    }

    @Test
    void aKallsymsOfHundredsOfMegabytesIsNotUnpacked() throws Exception {
        Path data = tarball(t -> {
            header(t, "[kernel.kallsyms]/" + WANTED + "/kallsyms", TarConstants.LF_NORMAL, 300L << 20);
            t.write(new byte[4096]);
        });
        List<String> notes = new ArrayList<>();
        Path root = PerfArchive.unpackNear(data, Set.of(WANTED), notes);
        assertNotNull(root, notes.toString());
        assertFalse(Files.exists(root.resolve("[kernel.kallsyms]/" + WANTED + "/kallsyms")));
        assertTrue(notes.size() == 1 && notes.get(0).contains("more than the 64 MB"), notes.toString());
    }

    /** A GNU long name of 16 MB is read only as far as a header may go (64 KB), not into memory whole. */
    @Test
    void aLongNameOfMegabytesIsRefusedAfterItsFirstKilobytes() throws Exception {
        int length = 16 << 20;
        Path data = tarball(t -> {
            header(t, "././@LongLink", TarConstants.LF_GNUTYPE_LONGNAME, length + 1);
            byte[] chunk = new byte[1 << 20];
            java.util.Arrays.fill(chunk, (byte) 'a');
            for (int i = 0; i < 16; i++) {
                t.write(chunk);
            }
            t.write(new byte[512]);
            header(t, "short", TarConstants.LF_NORMAL, 0);
            end(t);
        });
        List<String> notes = new ArrayList<>();
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = mx.getCurrentThreadAllocatedBytes();
        PerfArchive.unpackNear(data, Set.of(WANTED), notes);
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < length, "allocated " + allocated + " bytes");
        assertTrue(notes.size() == 1 && notes.get(0).startsWith(data + ".tar.bz2: a tar header longer than"), notes.toString());
    }

    /** Entries each within bounds that unpack to more than the total (here with small limits: 1 MB entries, 3 MB in all). */
    @Test
    void aTarballUnpackingToMoreThanItsTotalIsLeft() throws Exception {
        Path data = tarball(t -> {
            file(t, "usr/bin/y/" + WANTED + "/elf", "ELF".getBytes(StandardCharsets.ISO_8859_1));
            for (int i = 0; i < 5; i++) {
                file(t, "usr/bin/x" + i + "/" + OTHER + "/elf", new byte[1 << 20]);
            }
            end(t);
        });
        List<String> notes = new ArrayList<>();
        Path root = PerfArchive.unpackNear(data, Set.of(WANTED), notes, new PerfArchive.Limits(1 << 20, 3 << 20, 64 << 10, 1 << 20));
        assertNotNull(root);
        assertTrue(Files.isRegularFile(root.resolve(".build-id/93/" + WANTED.substring(2) + "/elf")));
        assertTrue(notes.size() == 1 && notes.get(0).contains("unpacks to more than 3 MB; read no further (1 file"),
                notes.toString());
    }

    /** A kallsyms of 200 MB on one line (in ~/.debug, say) is refused once 64 MB are read. */
    @Test
    void aKallsymsFileOfHundredsOfMegabytesIsReadNoFurtherThanTheLimit() throws Exception {
        Path kallsyms = dir.resolve("kallsyms");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(kallsyms.toFile(), "rw")) {
            f.setLength(200L << 20);
        }
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = mx.getCurrentThreadAllocatedBytes();
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> Kallsyms.read(kallsyms));
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < (160L << 20), "allocated " + allocated + " bytes");
        assertTrue(e.getMessage().startsWith(kallsyms + ": 64 MB and more"), e.getMessage());
    }

    private interface TarWriter {
        void write(OutputStream tar) throws IOException;
    }

    /** Writes {@code perf.data} (empty) and its {@code perf.data.tar.bz2}; returns the perf.data. */
    private Path tarball(TarWriter w) throws IOException {
        Path data = Files.writeString(dir.resolve("perf.data"), "");
        try (OutputStream out = new BZip2CompressorOutputStream(Files.newOutputStream(dir.resolve("perf.data.tar.bz2")), 1)) {
            w.write(out);
        }
        return data;
    }

    private static void header(OutputStream t, String name, byte type, long size) throws IOException {
        TarArchiveEntry e = new TarArchiveEntry(name, type);
        e.setSize(size);
        byte[] h = new byte[512];
        e.writeEntryHeader(h);
        t.write(h);
    }

    private static void file(OutputStream t, String name, byte[] content) throws IOException {
        header(t, name, TarConstants.LF_NORMAL, content.length);
        t.write(content);
        t.write(new byte[(512 - content.length % 512) % 512]);
    }

    private static void end(OutputStream t) throws IOException {
        t.write(new byte[1024]);
    }
}
