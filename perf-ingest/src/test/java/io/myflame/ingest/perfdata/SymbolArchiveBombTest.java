package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;
import io.myflame.ingest.symbols.SymbolArchive;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Symbol archive bombs (issue 37): a small {@code perf.data.symbols.gz} that inflates to hundreds
 * of MB of symbol lines, or declares billions of search table entries, took gigabytes or ended in
 * an OutOfMemoryError. Now it is one note naming the archive, and names come from elsewhere.
 */
class SymbolArchiveBombTest {
    private static final String HEADER = "myflame-symbols 1\ndso elf 0123456789abcdef0123456789abcdef01234567 - /bomb\n";
    /** What refusing a bomb may allocate: the inflated bytes up to the limit, twice over while read. */
    private static final long BOUNDED = 3L * SymbolArchive.MAX_INFLATED;

    @TempDir
    Path dir;

    @Test
    void anArchiveInflatingToHundredsOfMegabytesIsOneNote() throws Exception {
        Path data = Files.writeString(dir.resolve("perf.data"), "");
        byte[] line = "0 00 a\n".getBytes(StandardCharsets.ISO_8859_1);
        byte[] block = new byte[line.length * 8192];
        for (int i = 0; i < 8192; i++) {
            System.arraycopy(line, 0, block, i * line.length, line.length);
        }
        try (OutputStream out = gzip(SymbolArchive.besides(data))) {
            out.write(HEADER.getBytes(StandardCharsets.ISO_8859_1));
            for (long written = 0; written < (400L << 20); written += block.length) {
                out.write(block);
            }
        }
        assertTrue(Files.size(SymbolArchive.besides(data)) < (4 << 20), "a small file");
        List<String> notes = new ArrayList<>();
        assertNull(allocatingAtMost(BOUNDED, () -> SymbolArchive.near(data, notes)));
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).startsWith(SymbolArchive.besides(data) + ": not a symbol archive") && notes.get(0).contains("inflates"),
                notes.toString());
    }

    @Test
    void moreSymbolsThanAnyRealArchiveIsOneNote() throws Exception {
        Path data = Files.writeString(dir.resolve("perf.data"), "");
        try (OutputStream out = gzip(SymbolArchive.besides(data))) {
            out.write(HEADER.getBytes(StandardCharsets.ISO_8859_1));
            out.write("0 00 a\n".repeat(SymbolArchive.MAX_SYMBOLS + 1).getBytes(StandardCharsets.ISO_8859_1));
        }
        List<String> notes = new ArrayList<>();
        assertNull(SymbolArchive.near(data, notes));
        assertTrue(notes.size() == 1 && notes.get(0).contains("more than " + SymbolArchive.MAX_SYMBOLS + " symbols"),
                notes.toString());
    }

    @Test
    void countsNoLineHoldsAreRefusedBeforeAllocating() throws Exception {
        Path data = Files.writeString(dir.resolve("perf.data"), "");
        writeArchive(SymbolArchive.besides(data), "myflame-symbols 1\ncfi 0123456789abcdef 0 0 2000000000 2000000000\n");
        List<String> notes = new ArrayList<>();
        assertNull(allocatingAtMost(64L << 20, () -> SymbolArchive.near(data, notes)));
        assertTrue(notes.size() == 1 && notes.get(0).contains("2000000000 search table entries"), notes.toString());
        writeArchive(SymbolArchive.besides(data), "myflame-symbols 1\ncfi 0123456789abcdef 0 0 -5 3\n0 0\n");
        notes.clear();
        assertNull(SymbolArchive.near(data, notes));
        assertEquals(1, notes.size(), notes.toString());
    }

    /** A real recording with a bomb beside it: one note naming the archive, names from the binary itself. */
    @Test
    void aRecordingWithABombBesideItIsNamedFromItsBinary() throws Exception {
        Recordings.assumeTools("perf", "gcc");
        Path bin = Recordings.compile(dir, "spin.c", """
                #include <stdio.h>
                __attribute__((noinline)) long spin_here(long n) { long s = 0; for (long i = 0; i < n; i++) s += (i ^ s) % 7; return s; }
                int main(void) { printf("%ld\\n", spin_here(300000000)); return 0; }
                """);
        Path data = Recordings.record(dir, "bombed.data", List.of("-N", "-g", "-F", "999"), bin.toString());
        writeArchive(SymbolArchive.besides(data), "myflame-symbols 1\ncfi 0123456789abcdef 0 0 2000000000 2000000000\n");
        FoldedStacks stacks = new PerfDataReader(FoldOptions.COLLAPSE, 2)
                .ahead(PerfDataAhead.start(data, PerfDataAhead::readRunningKernel)).read(data);
        assertTrue(Recordings.folded(stacks).contains(";main;spin_here "), Recordings.folded(stacks));
        assertEquals(1, stacks.warnings().stream().filter(w -> w.contains(SymbolArchive.besides(data).toString())).count(),
                stacks.warnings().toString());
    }

    private static void writeArchive(Path file, String text) throws IOException {
        try (OutputStream out = gzip(file)) {
            out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        }
    }

    private static OutputStream gzip(Path file) throws IOException {
        return new GZIPOutputStream(Files.newOutputStream(file), 1 << 16);
    }

    private static <T> T allocatingAtMost(long limit, java.util.concurrent.Callable<T> body) throws Exception {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = mx.getCurrentThreadAllocatedBytes();
        T result = body.call();
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < limit, "allocated " + allocated + " bytes");
        return result;
    }
}
