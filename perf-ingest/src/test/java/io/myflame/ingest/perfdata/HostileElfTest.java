package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.elf.ElfFile;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;
import io.myflame.ingest.symbols.ElfSymbols;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ELF headers that lie about sizes (issue 36): a 19 KB binary whose {@code .symtab} claims
 * 0x7ffffff8 bytes took 2.16 GB; pointed into a sparse 3 GB file, 7.3 GB and 20 s; a section
 * header table of {@code shnum × shentsize} = 2 GB the same. Each is now refused after a check
 * against the file and a sane limit, having allocated next to nothing.
 */
class HostileElfTest {
    private static final String SOURCE = """
            #include <stdio.h>
            __attribute__((noinline)) long spin(long n) { long s = 0; for (long i = 0; i < n; i++) s += (i ^ s) % 7; return s; }
            int main(void) { printf("%ld\\n", spin(300000000)); return 0; }
            """;
    /** What reading a refused file may allocate: its headers, not what they claim. */
    private static final long FEW_BYTES = 32L << 20;

    @TempDir
    Path dir;

    @Test
    void aSymbolTableLargerThanItsFileIsRefused() throws Exception {
        Path bin = build();
        patchSymtab(bin, -1, 0x7ffffff8L);
        ElfFile elf = ElfFile.open(bin);
        assertNotNull(elf);
        try {
            IOException e = allocatingLittle(() -> assertThrows(IOException.class,
                    () -> ElfSymbols.functions(elf, elf.sectionOfType(ElfFile.SHT_SYMTAB), null)));
            assertTrue(e.getMessage().contains(bin.toString()) && e.getMessage().contains(".symtab"), e.getMessage());
        } finally {
            elf.close();
        }
    }

    @Test
    void aSymbolTableInASparseFileIsHeldToTheSaneLimit() throws Exception {
        Path bin = build();
        try (RandomAccessFile f = new RandomAccessFile(bin.toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        patchSymtab(bin, 1L << 30, 0x7ffffff8L);
        ElfFile elf = ElfFile.open(bin);
        assertNotNull(elf);
        try {
            IOException e = allocatingLittle(() -> assertThrows(IOException.class,
                    () -> ElfSymbols.functions(elf, elf.sectionOfType(ElfFile.SHT_SYMTAB), null)));
            assertTrue(e.getMessage().contains("claims 2147483640 bytes"), e.getMessage());
        } finally {
            elf.close();
        }
    }

    @Test
    void aSectionHeaderTableOfTwoGigabytesIsNoElfFile() throws Exception {
        Path bin = build();
        ByteBuffer eh = header(bin);
        eh.putShort(0x3a, (short) 0x8000);
        eh.putShort(0x3c, (short) 0xffff);
        writeHeader(bin, eh);
        assertNull(allocatingLittle(() -> ElfFile.open(bin)));
    }

    /**
     * A recording whose binary's {@code .symtab} claims 2 GB once recorded (its build id kept): the
     * read ends, warns once naming the file, and keeps every sample (unnamed).
     */
    @Test
    void aRecordingOfABinaryWithALyingSymbolTableIsStillRead() throws Exception {
        Recordings.assumeTools("perf", "gcc");
        Path bin = build();
        Path data = Recordings.record(dir, "lying.data", List.of("-N", "-F", "999"), bin.toString());
        patchSymtab(bin, -1, 0x7ffffff8L);
        FoldedStacks stacks = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> new PerfDataReader(FoldOptions.COLLAPSE, 2).read(data));
        String folded = Recordings.folded(stacks);
        assertTrue(folded.lines().count() > 0, "the samples are kept");
        List<String> naming = stacks.warnings().stream().filter(w -> w.contains(bin.toString())).toList();
        assertTrue(naming.size() == 1 && naming.get(0).contains("claims"), "one warning names the file: " + stacks.warnings());
    }

    private Path build() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/gcc")), "gcc not installed");
        return Recordings.compile(dir, "spin.c", SOURCE);
    }

    /** Runs {@code body} and fails unless this thread allocated less than {@link #FEW_BYTES} meanwhile. */
    private static <T> T allocatingLittle(java.util.concurrent.Callable<T> body) throws Exception {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = mx.getCurrentThreadAllocatedBytes();
        T result = body.call();
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < FEW_BYTES, "allocated " + allocated + " bytes");
        return result;
    }

    /** Sets the {@code .symtab} section header's offset (unless negative) and size. */
    private static void patchSymtab(Path bin, long offset, long size) throws IOException {
        ByteBuffer eh = header(bin);
        long shoff = eh.getLong(0x28);
        int shentsize = Short.toUnsignedInt(eh.getShort(0x3a));
        int shnum = Short.toUnsignedInt(eh.getShort(0x3c));
        try (FileChannel ch = FileChannel.open(bin, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            for (int i = 0; i < shnum; i++) {
                ByteBuffer sh = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
                ch.read(sh, shoff + (long) i * shentsize);
                if (sh.getInt(4) == ElfFile.SHT_SYMTAB) {
                    if (offset >= 0) {
                        sh.putLong(24, offset);
                    }
                    sh.putLong(32, size);
                    sh.rewind();
                    ch.write(sh, shoff + (long) i * shentsize);
                    return;
                }
            }
        }
        throw new AssertionError(bin + " has no .symtab");
    }

    private static ByteBuffer header(Path bin) throws IOException {
        ByteBuffer eh = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel ch = FileChannel.open(bin, StandardOpenOption.READ)) {
            ch.read(eh, 0);
        }
        return eh;
    }

    private static void writeHeader(Path bin, ByteBuffer eh) throws IOException {
        eh.rewind();
        try (FileChannel ch = FileChannel.open(bin, StandardOpenOption.WRITE)) {
            ch.write(eh, 0);
        }
    }
}
