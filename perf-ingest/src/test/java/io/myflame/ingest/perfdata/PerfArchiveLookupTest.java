package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.elf.ElfFile;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * perf archive's tarball is opened only when a lookup found nothing elsewhere (issue 36): every
 * entry before the wanted one must be decompressed, so a tarball no name needs costs nothing.
 */
class PerfArchiveLookupTest {
    private static final String SOURCE = """
            #include <stdio.h>
            __attribute__((noinline)) long spin_tar(long n) { long s = 0; for (long i = 0; i < n; i++) s += (i ^ s) % 7; return s; }
            int main(void) { printf("%ld\\n", spin_tar(300000000)); return 0; }
            """;

    @TempDir
    static Path dir;
    static Path bin;
    static String buildId;
    static Path data;

    @BeforeAll
    static void record() throws Exception {
        Recordings.assumeTools("perf", "gcc");
        // Static: every sample lies in this one file, whose .symtab names it (no libc without one). A string of
        // this run's makes its build id one no ~/.debug holds: perf record -a elsewhere on the host while this
        // program ran (another test suite) put an earlier build of it there, and the "nowhere else" below was
        // then ~/.debug/.build-id.
        String run = "const char myflame_run[] __attribute__((used)) = \"" + java.util.UUID.randomUUID() + "\";\n";
        bin = Recordings.compile(dir, "tar.c", run + SOURCE, "-static");
        ElfFile elf = ElfFile.open(bin);
        buildId = elf.buildId();
        elf.close();
        data = Recordings.record(dir, "tar.data", List.of("-N", "--all-user", "-g", "-F", "999"), bin.toString());
    }

    @Test
    void aTarballNoNameNeedsIsNeverOpened() throws Exception {
        Path copy = Files.copy(data, Files.createDirectories(dir.resolve("unneeded")).resolve("perf.data"));
        // Not bzip2 at all: opening it would be a note.
        Files.writeString(copy.resolveSibling("perf.data.tar.bz2"), "not a tarball");
        FoldedStacks stacks = new PerfDataReader(FoldOptions.COLLAPSE, 2).read(copy);
        assertTrue(Recordings.folded(stacks).contains(";main;spin_tar "), Recordings.folded(stacks));
        assertTrue(stacks.warnings().stream().noneMatch(w -> w.contains("tar.bz2")), stacks.warnings().toString());
    }

    @Test
    void aTarballIsOpenedForWhatIsFoundNowhereElse() throws Exception {
        Path copy = Files.copy(data, Files.createDirectories(dir.resolve("needed")).resolve("perf.data"));
        try (OutputStream raw = Files.newOutputStream(copy.resolveSibling("perf.data.tar.bz2"));
             TarArchiveOutputStream tar = new TarArchiveOutputStream(new BZip2CompressorOutputStream(raw))) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_GNU);
            TarArchiveEntry e = new TarArchiveEntry(bin.toString().substring(1) + "/" + buildId + "/elf");
            e.setSize(Files.size(bin));
            tar.putArchiveEntry(e);
            Files.copy(bin, tar);
            tar.closeArchiveEntry();
        }
        Path moved = Files.move(bin, bin.resolveSibling("moved away"));
        try {
            FoldedStacks stacks = new PerfDataReader(FoldOptions.COLLAPSE, 2).read(copy);
            assertTrue(Recordings.folded(stacks).contains(";main;spin_tar "), Recordings.folded(stacks));
            assertTrue(stacks.warnings().stream().anyMatch(w -> w.startsWith("names from perf archive's")), stacks.warnings().toString());
        } finally {
            Files.move(moved, bin);
        }
    }
}
