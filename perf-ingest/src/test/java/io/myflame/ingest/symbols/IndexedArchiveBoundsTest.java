package io.myflame.ingest.symbols;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.unwind.CallFrameInfo;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An indexed archive is read in part, and what it declares is believed only as far as the file
 * holds it: a directory that lies (a huge count, a section outside the file, a file cut short) is
 * one note and no archive; a symbol whose name points outside its section is one note when a sample
 * first meets it, and names nothing; the sections no sample needs are never read at all.
 */
class IndexedArchiveBoundsTest {
    @TempDir
    Path dir;

    /** Two tables and one file's call frame information, as {@code record} writes them. */
    private static byte[] archive() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SymbolArchive.write(out, List.of(
                new SymbolArchive.Section("elf", "e1", -1, "/lib/one.so", table("one_a", "one_b")),
                new SymbolArchive.Section("kernel", "k1", 0xffffffff81000000L, "[kernel.kallsyms]", table("_stext", "do_syscall_64"))),
                List.of(new SymbolArchive.Cfi("e1", "/lib/one.so", CallFrameInfo.archived(new byte[] {1, 2, 3, 4}, 0x5000, 0x4000,
                        new long[] {0x1000, 0x1100}, new int[] {0, 2}, new long[] {0}, new long[] {0}, new long[] {0x9000}))));
        return out.toByteArray();
    }

    private static SymbolTable table(String... names) {
        SymbolList list = new SymbolList(names.length);
        for (int i = 0; i < names.length; i++) {
            byte[] b = names[i].getBytes(StandardCharsets.ISO_8859_1);
            list.add(0x1000L + 0x100L * i, 0x80, SymbolList.GLOBAL, b, 0, b.length);
        }
        return SymbolTable.ofElf(list, new SymbolList(0));
    }

    private Path data(byte[] archive) throws Exception {
        Path data = dir.resolve("perf.data");
        Files.writeString(data, "not perf data");
        Files.write(dir.resolve("perf.data.symbols"), archive);
        return data;
    }

    private static ByteBuffer le(byte[] b) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    }

    @Test
    void aWrittenArchiveReadsBackEachSectionAsWritten() throws Exception {
        List<String> notes = new ArrayList<>();
        SymbolArchive a = SymbolArchive.near(data(archive()), notes);
        SymbolTable k = a.section("k1", "[kernel.kallsyms]").table();
        assertEquals("do_syscall_64", k.name(k.find(0x1140)));
        assertEquals(0xffffffff81000000L, a.section("k1", "[kernel.kallsyms]").text());
        assertEquals(0xffffffff81000000L, k.text);
        assertTrue(!k.demangle && a.section("e1", "/lib/one.so").table().demangle);
        CallFrameInfo c = a.cfi("e1", "/lib/one.so");
        assertEquals(2, c.ehFde(0x1100));
        assertEquals(0x5000, c.ehFrameVaddr);
        assertEquals(0x4000, c.hdrVaddr);
        assertTrue(Arrays.equals(new byte[] {1, 2, 3, 4}, c.ehFrame));
        assertNull(a.section("e2", "/lib/two.so"));
        assertEquals(List.of(), notes);
    }

    /**
     * A symbol whose name points outside its section (into another section, past the file) is not
     * believed: its addresses are unnamed, with one note when a sample first meets it; the section's
     * other symbols still name theirs, and sections no sample needs give no note.
     */
    @Test
    void aNameFromOutsideItsSectionIsOneNoteWhenMetAndNamesNothing() throws Exception {
        byte[] b = archive();
        ByteBuffer bb = le(b);
        // The first directory entry (the elf table): its section's offset, then its first name offset.
        long offset = bb.getLong(16 + 16);
        int n = bb.getInt(16 + 28);
        assertEquals(2, n);
        bb.putInt((int) offset + 16 * n, b.length);
        List<String> notes = new ArrayList<>();
        SymbolArchive a = SymbolArchive.near(data(b), notes);
        assertNotNull(a);
        assertEquals("_stext", a.section("k1", "[kernel.kallsyms]").table().name(0));
        SymbolTable one = a.section("e1", "/lib/one.so").table();
        assertEquals(List.of(), notes, "nothing is checked before a lookup meets it");
        assertEquals("one_b", one.name(one.find(0x1140)));
        assertEquals(-1, one.find(0x1040), "the damaged symbol names nothing");
        assertEquals(-1, one.find(0x1041));
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains("/lib/one.so is damaged") && notes.get(0).contains("outside its section"),
                notes.get(0));
        assertEquals("", one.name(0), "a damaged name is never read from outside its section");
        assertNotNull(a.cfi("e1", "/lib/one.so"), "the file's call frame information is a section of its own");
    }

    /** Lengths that run past the section, or negative, are the same one note and read nothing. */
    @Test
    void aNameLengthPastItsSectionIsNotRead() throws Exception {
        for (int lie : new int[] {Integer.MAX_VALUE, -1, 1 << 20}) {
            byte[] b = archive();
            ByteBuffer bb = le(b);
            long offset = bb.getLong(16 + 16);
            bb.putInt((int) offset + 20 * 2 + 4, lie);
            List<String> notes = new ArrayList<>();
            SymbolTable one = SymbolArchive.near(data(b), notes).section("e1", "/lib/one.so").table();
            assertEquals("one_a", one.name(one.find(0x1000)));
            assertEquals(-1, one.find(0x1100), "length " + lie);
            assertEquals(-1, one.find(0x1101), "length " + lie);
            assertEquals(1, notes.size(), notes.toString());
        }
    }

    @Test
    void aDirectoryDeclaringMoreThanTheFileHoldsIsOneNote() throws Exception {
        byte[] good = archive();
        List<byte[]> bad = new ArrayList<>();
        // a huge section count; a huge directory
        bad.add(with(good, b -> le(b).putInt(8, Integer.MAX_VALUE)));
        bad.add(with(good, b -> le(b).putInt(12, -1)));
        // a section beyond the file's end; one that starts inside the directory; one of a negative length
        bad.add(with(good, b -> le(b).putLong(16 + 16, 1L << 40)));
        bad.add(with(good, b -> le(b).putLong(16 + 16, 0)));
        bad.add(with(good, b -> le(b).putInt(16 + 24, -8)));
        // two billion symbols in a section of a few bytes; an unknown kind
        bad.add(with(good, b -> le(b).putInt(16 + 28, 2_000_000_000)));
        bad.add(with(good, b -> b[16] = 9));
        // the file cut short: in its header, in its directory, in its last section
        bad.add(Arrays.copyOf(good, 12));
        bad.add(Arrays.copyOf(good, 40));
        bad.add(Arrays.copyOf(good, good.length - 1));
        for (byte[] b : bad) {
            List<String> notes = new ArrayList<>();
            assertNull(SymbolArchive.near(data(b), notes));
            assertEquals(1, notes.size(), notes.toString());
            assertTrue(notes.get(0).startsWith(dir.resolve("perf.data.symbols") + ": not a symbol archive myflame can read ("),
                    notes.get(0));
        }
    }

    /** Sections that together declare more bytes than any real archive (a sparse file of 300 MB) are refused unread. */
    @Test
    void sectionsDeclaringMoreBytesThanAnyRealArchiveAreOneNote() throws Exception {
        byte[] b = archive();
        ByteBuffer bb = le(b);
        int second = 16 + 32 + Short.toUnsignedInt(bb.getShort(16 + 2)) + Short.toUnsignedInt(bb.getShort(16 + 4));
        bb.putInt(16 + 24, 100 << 20);
        bb.putInt(second + 24, 100 << 20);
        Path data = data(b);
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(dir.resolve("perf.data.symbols").toFile(), "rw")) {
            f.setLength(300L << 20);
        }
        List<String> notes = new ArrayList<>();
        assertNull(SymbolArchive.near(data, notes));
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains("bytes of sections, more than any real archive"), notes.get(0));
    }

    /** A cfi section declaring more load segments than a file has, or than the section holds, is refused when needed. */
    @Test
    void aCfiSectionDeclaringMoreThanItHoldsIsOneNote() throws Exception {
        byte[] b = archive();
        ByteBuffer bb = le(b);
        int third = 16;
        for (int i = 0; i < 2; i++) {
            third += 32 + Short.toUnsignedInt(bb.getShort(third + 2)) + Short.toUnsignedInt(bb.getShort(third + 4));
        }
        assertEquals(3, b[third], "the third entry is the cfi section");
        long offset = bb.getLong(third + 16);
        bb.putInt((int) offset + 16, 1 << 20);
        List<String> notes = new ArrayList<>();
        SymbolArchive a = SymbolArchive.near(data(b), notes);
        assertNull(a.cfi("e1", "/lib/one.so"));
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains("load segments"), notes.get(0));
    }

    /** An older capture keeps its text archive; beside a new one, the indexed archive is read. */
    @Test
    void theIndexedArchiveIsReadWhenBothLieBesideAPerfData() throws Exception {
        Path data = dir.resolve("both.data");
        Files.writeString(data, "not perf data");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve("both.data.symbols.gz")))) {
            out.write("myflame-symbols 1\ndso elf e1 - /lib/one.so\n1000 80 from_text\n".getBytes(StandardCharsets.ISO_8859_1));
        }
        List<String> notes = new ArrayList<>();
        assertEquals(dir.resolve("both.data.symbols.gz"), SymbolArchive.besides(data));
        assertEquals("from_text", SymbolArchive.near(data, notes).section("e1", "/lib/one.so").table().name(0));
        Files.write(dir.resolve("both.data.symbols"), archive());
        assertEquals(dir.resolve("both.data.symbols"), SymbolArchive.besides(data));
        assertEquals("one_a", SymbolArchive.near(data, notes).section("e1", "/lib/one.so").table().name(0));
        assertEquals(List.of(), notes);
    }

    private interface Change {
        void apply(byte[] b);
    }

    private static byte[] with(byte[] good, Change change) {
        byte[] b = good.clone();
        change.apply(b);
        return b;
    }
}
