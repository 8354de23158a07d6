package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.myflame.ingest.elf.ElfFile;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.symbols.Dso;
import io.myflame.ingest.symbols.Kallsyms;
import io.myflame.ingest.symbols.SymbolArchive;
import io.myflame.ingest.symbols.SymbolList;
import io.myflame.ingest.symbols.SymbolSources;
import io.myflame.ingest.symbols.SymbolTable;
import io.myflame.ingest.unwind.CallFrameInfo;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The symbol archive a recording keeps beside its perf.data: written from a real recording, it
 * holds the kernel's and the program's tables by build id, reads back to the same lookups, and a
 * perf.data read with it folds exactly as it did on this machine. (That it names frames where
 * this machine's files are hidden is PortableSymbolsIT's, in a private mount namespace.)
 */
class SymbolArchiveTest {
    @TempDir
    static Path dir;
    static Path cpp;

    @BeforeAll
    static void build() throws Exception {
        Recordings.assumeTools("perf", "g++", "c++filt");
        cpp = Recordings.compile(dir, "t.cpp", Recordings.CPP, "-fno-plt");
    }

    @Test
    void aRecordingReadWithItsArchiveFoldsAsWithoutIt() throws Exception {
        Path data = Recordings.record(dir, "cpp.data", List.of("-g", "-F", "1999"), cpp.toString());
        Path archive = SymbolArchive.besides(data);
        String before = Recordings.folded(new PerfDataReader(FoldOptions.ANALYSIS, 2).archiveTo(archive).read(data));
        assertTrue(Files.size(archive) > 0);

        SymbolArchive read = SymbolArchive.read(archive);
        PerfDataFile file = PerfDataFile.open(data);
        String programId = file.buildIds.get(cpp.toString());
        String kernelId = file.buildIds.get("[kernel.kallsyms]");
        file.close();
        SymbolArchive.Section program = read.section(programId, cpp.toString());
        assertNotNull(program, "the program's table, by its build id " + programId);
        assertTrue(program.table().demangle, "user-space names are demangled as perf does");
        if (kernelId != null && new SymbolSources().load(new Dso(0, "[kernel.kallsyms]", Dso.Kind.KERNEL)).size() > 0) {
            SymbolArchive.Section kernel = read.section(kernelId, "[kernel.kallsyms]");
            assertNotNull(kernel, "the kernel's table, by its build id");
            assertEquals("kernel", kernel.kind());
            assertTrue(kernel.text() != -1, "the recorded _text, for KASLR");
        }
        String after = Recordings.folded(new PerfDataReader(FoldOptions.ANALYSIS, 2).read(data));
        assertEquals(before, after);
    }

    /**
     * A dwarf recording needs each unwound file's call frame information on the reading machine
     * too: the archive keeps it, and the unwinder finds the same rows in it as in the file.
     */
    @Test
    void aDwarfRecordingKeepsTheCallFrameInformationItUnwoundWith() throws Exception {
        Path libc = Recordings.compileOptimised(dir, "libc.c", Recordings.LIBC_CALLS);
        Path data = Recordings.record(dir, "libc-dwarf.data", List.of("--call-graph", "dwarf", "-F", "999"),
                libc.toString());
        Path archive = SymbolArchive.besides(data);
        String before = Recordings.folded(new PerfDataReader(FoldOptions.ANALYSIS, 2).archiveTo(archive).read(data));
        assertTrue(before.contains(";main;writes"), before);
        PerfDataFile file = PerfDataFile.open(data);
        String programId = file.buildIds.get(libc.toString());
        file.close();
        CallFrameInfo kept = SymbolArchive.read(archive).cfi(programId, libc.toString());
        assertNotNull(kept, "the program's call frame information, by its build id");
        ElfFile elf = ElfFile.open(libc);
        CallFrameInfo original = CallFrameInfo.read(elf);
        elf.close();
        assertEquals(original.ehFrameVaddr, kept.ehFrameVaddr);
        assertEquals(original.hdrVaddr, kept.hdrVaddr);
        assertTrue(java.util.Arrays.equals(original.ehFrame, kept.ehFrame));
        for (long pc = original.ehFrameVaddr - 0x4000; pc < original.ehFrameVaddr; pc += 7) {
            assertEquals(original.ehFde(pc), kept.ehFde(pc), "FDE for pc " + Long.toHexString(pc));
        }
        for (long off = 0; off < 0x6000; off += 0x100) {
            assertEquals(original.vaddr(off), kept.vaddr(off));
        }
        assertEquals(before, Recordings.folded(new PerfDataReader(FoldOptions.ANALYSIS, 2).read(data)));
    }

    @Test
    void tablesReadBackToTheSameLookupsWhateverTheNames() throws Exception {
        SymbolTable kallsyms = Kallsyms.read(Path.of("/proc/kallsyms"));
        assumeTrue(kallsyms.size() > 1000 && kallsyms.start(0) != 0, "/proc/kallsyms not readable here");
        SymbolList odd = new SymbolList(4);
        for (String name : List.of("with\nnewline", "back\\slash", "\\n", "plain")) {
            byte[] b = name.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            odd.add(0x1000L * (odd.size + 1), 0x100, SymbolList.GLOBAL, b, 0, b.length);
        }
        SymbolTable names = SymbolTable.ofElf(odd, new SymbolList(0));
        Path file = dir.resolve("roundtrip.symbols.gz");
        try (OutputStream out = Files.newOutputStream(file)) {
            SymbolArchive.write(out, List.of(new SymbolArchive.Section("kernel", "k1", 0xffffffff81000000L,
                    "[kernel.kallsyms]", kallsyms), new SymbolArchive.Section("elf", "e1", -1, "/odd name", names),
                    new SymbolArchive.Section("elf", null, -1, "/no build id/mysqld", names)), List.of());
        }
        SymbolArchive read = SymbolArchive.read(file);
        SymbolTable k = read.section("k1", "[kernel.kallsyms]").table();
        assertEquals(kallsyms.size(), k.size());
        for (int i = 0; i < kallsyms.size(); i += 97) {
            long probe = kallsyms.start(i) + (kallsyms.end(i) - kallsyms.start(i)) / 2;
            assertEquals(kallsyms.name(kallsyms.find(probe)), k.name(k.find(probe)), "at " + Long.toHexString(probe));
        }
        assertEquals(0xffffffff81000000L, read.section("k1", "[kernel.kallsyms]").text());
        SymbolTable n = read.section("e1", "/odd name").table();
        assertEquals(n.size(), read.section(null, "/no build id/mysqld").table().size(),
                "a file built without a build id (MariaDB 10.2's mysqld) is kept by its path");
        List<String> back = new ArrayList<>();
        for (int i = 0; i < n.size(); i++) {
            back.add(n.name(i));
        }
        assertEquals(List.of("with\nnewline", "back\\slash", "\\n", "plain"), back);
    }

    @Test
    void kernelSymbolsOfAnotherBootMoveByTheirTextDifference() throws Exception {
        SymbolTable kallsyms = Kallsyms.read(Path.of("/proc/kallsyms"));
        long text = kallsyms.text;
        assumeTrue(text > 0 || text < -1, "/proc/kallsyms has no readable _text here");
        long delta = 0x2a00000L;
        SymbolTable moved = kallsyms.relocated(delta);
        assertEquals(text + delta, moved.text);
        int i = kallsyms.find(text + 0x1234);
        assertEquals(kallsyms.name(i), moved.name(moved.find(text + 0x1234 + delta)));
    }

    /** A damaged symbol line is refused with where it starts, not read as some other number or name. */
    @Test
    void aDamagedSymbolLineIsRefusedAtItsByte() throws Exception {
        String head = "myflame-symbols 1\ndso elf e1 - /lib/x.so\n";
        for (String bad : List.of("12g4 10 name", "10000000000000000 10 name", "1000 name", "1000 10", "1000  10 name",
                " 1000 10 name", "1000 10x name")) {
            Path file = dir.resolve("damaged.symbols.gz");
            try (OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(file))) {
                out.write((head + "1000 10 good\n" + bad + "\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            }
            java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                    () -> SymbolArchive.read(file), bad);
            assertEquals("a symbol line without start, size and name at byte " + (head.length() + 13), e.getMessage(), bad);
        }
        Path file = dir.resolve("good.symbols.gz");
        try (OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(file))) {
            // the last line may lack its newline; a name may be empty, or hold spaces
            out.write((head + "ffffffffffffffff 1 \n2000 FF two words").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        }
        SymbolTable t = SymbolArchive.read(file).section("e1", "/lib/x.so").table();
        assertEquals(0x2000, t.start(t.find(0x2010)));
        assertEquals(0x20ff, t.end(t.find(0x2010)));
        assertEquals("two words", t.name(t.find(0x2010)));
    }

    @Test
    void notAnArchiveIsANoteNotAFailure() throws Exception {
        Path data = dir.resolve("x.data");
        Files.writeString(data, "not perf data");
        Files.write(SymbolArchive.besides(data), new byte[] {0x1f, (byte) 0x8b, 1, 2, 3});
        List<String> notes = new ArrayList<>();
        assertEquals(null, SymbolArchive.near(data, notes));
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains("not a symbol archive"), notes.get(0));
    }

    /** The run's start-up (PerfDataAhead) parses the archive before the command line is read; the read waits for it and gets its failure too. */
    @Test
    void anArchiveParsedAheadGivesTheSameNotesAndNames() throws Exception {
        Path data = dir.resolve("y.data");
        Files.writeString(data, "not perf data");
        Files.write(SymbolArchive.besides(data), new byte[] {0x1f, (byte) 0x8b, 1, 2, 3});
        List<String> notes = new ArrayList<>();
        assertEquals(null, SymbolArchive.near(data, notes, SymbolArchive.openAhead(data)));
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).startsWith(SymbolArchive.besides(data) + ": not a symbol archive"), notes.get(0));

        Path recorded = Recordings.record(dir, "ahead.data", List.of("-g", "-F", "999"), cpp.toString());
        String withoutArchive = Recordings.folded(new PerfDataReader(FoldOptions.ANALYSIS, 2)
                .archiveTo(SymbolArchive.besides(recorded)).read(recorded));
        assertEquals(withoutArchive, Recordings.folded(new PerfDataReader(FoldOptions.ANALYSIS, 2)
                .ahead(PerfDataAhead.start(recorded, PerfDataAhead::readRunningKernel)).read(recorded)));
    }

    @Test
    void aRecordingWithNothingNamedArchivesNothing() throws Exception {
        Path empty = dir.resolve("empty.symbols.gz");
        try (OutputStream out = Files.newOutputStream(empty)) {
            SymbolArchive.write(out, List.of(), List.of());
        }
        SymbolArchive read = SymbolArchive.read(empty);
        assertEquals(null, read.section("k1", "[kernel.kallsyms]"));
        assertEquals(null, read.cfi("k1", "[kernel.kallsyms]"));
    }
}
