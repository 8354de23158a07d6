package io.myflame.ingest.symbols;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kernel symbol table kept by one run is, for the next, the table parsing the same file gives:
 * every symbol's start, end and name and the kernel's {@code _text}. A file that changed, a file
 * modified too recently to be known by its size and time, another build of the parser, a damaged
 * entry and a cache that cannot be written all mean parsing the file, as before; /proc/kallsyms is
 * never kept. The file is a copy of this machine's /proc/kallsyms, as perf keeps it in {@code ~/.debug}.
 */
class KallsymsCacheTest {
    @TempDir
    Path tmp;
    Path kallsyms;
    Path cache;

    @BeforeEach
    void copyTheRunningKernelsSymbols() throws Exception {
        kallsyms = tmp.resolve("debug").resolve("[kernel.kallsyms]").resolve("abc").resolve("kallsyms");
        Files.createDirectories(kallsyms.getParent());
        Files.write(kallsyms, Files.readAllBytes(Path.of("/proc/kallsyms")));
        assumeTrue(Kallsyms.parse(kallsyms).size() > 1000, "/proc/kallsyms hides its addresses here (not root?)");
        settle(kallsyms);
        cache = tmp.resolve("cache");
    }

    /** Dates the file an hour back, as a build-id cache's copy made by an earlier recording is. */
    private static void settle(Path file) throws Exception {
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minusSeconds(3600)));
    }

    private KallsymsCache entry(String code) {
        KallsymsCache c = KallsymsCache.of(kallsyms, cache, code);
        assertNotNull(c, "a regular file is kept");
        return c;
    }

    @Test
    void aKeptTableIsTheParsedOne() throws Exception {
        assertNull(entry("jar-1").table(), "nothing kept yet");
        SymbolTable parsed = Kallsyms.parse(kallsyms);
        entry("jar-1").keep(parsed);
        SymbolTable kept = entry("jar-1").table();
        assertNotNull(kept, "kept for the next run");
        assertEquals(parsed.size(), kept.size());
        assertEquals(parsed.text, kept.text);
        assertEquals(parsed.demangle, kept.demangle);
        for (int i = 0; i < parsed.size(); i++) {
            assertEquals(parsed.start(i), kept.start(i), "start of symbol " + i);
            assertEquals(parsed.end(i), kept.end(i), "end of symbol " + i);
            assertEquals(parsed.name(i), kept.name(i), "name of symbol " + i);
        }
        long probe = parsed.start(parsed.size() / 2) + 1;
        assertEquals(parsed.find(probe), kept.find(probe));
        assertEquals(1, entries(), "one file per kallsyms path, no temporary file left");
    }

    @Test
    void aChangedFileIsParsedAgain() throws Exception {
        entry("jar-1").keep(Kallsyms.parse(kallsyms));
        Files.writeString(kallsyms, "ffffffff81000000 T _stext\nffffffff81000010 T added_by_test\n",
                java.nio.file.StandardOpenOption.APPEND);
        settle(kallsyms);
        assertNull(entry("jar-1").table(), "a file of another size and time is not the one kept");
        SymbolTable parsed = Kallsyms.parse(kallsyms);
        entry("jar-1").keep(parsed);
        assertEquals(parsed.size(), entry("jar-1").table().size(), "the new parse kept");
        assertEquals(2, entries(), "beside the old one, until it is the least recently used of more than three");
    }

    @Test
    void aFileModifiedJustNowIsNotKept() throws Exception {
        Files.setLastModifiedTime(kallsyms, FileTime.from(Instant.now()));
        entry("jar-1").keep(Kallsyms.parse(kallsyms));
        assertNull(entry("jar-1").table());
        assertEquals(0, entries(), "a file that may still change within its time's tick is not known by it");
    }

    @Test
    void anotherBuildOfTheParserParsesAgain() throws Exception {
        entry("jar-1").keep(Kallsyms.parse(kallsyms));
        assertNull(entry("jar-2").table(), "another jar may parse differently");
    }

    @Test
    void eachBuildKeepsItsOwnEntryAndTheLeastRecentlyUsedGoFirst() throws Exception {
        SymbolTable parsed = Kallsyms.parse(kallsyms);
        entry("jar-1").keep(parsed);
        entry("jar-2").keep(parsed);
        assertNotNull(entry("jar-1").table(), "two builds used in turn do not replace each other's entry");
        assertNotNull(entry("jar-2").table());
        entry("jar-3").keep(parsed);
        dateBack("jar-1", 300);
        dateBack("jar-2", 200);
        dateBack("jar-3", 100);
        assertNotNull(entry("jar-1").table(), "jar-1 used last");
        entry("jar-4").keep(parsed);
        assertEquals(ParsedCache.ENTRIES_PER_FILE, entries());
        assertNull(entry("jar-2").table(), "the least recently used entry was dropped");
        assertNotNull(entry("jar-1").table());
        assertNotNull(entry("jar-3").table());
        assertNotNull(entry("jar-4").table());
    }

    @Test
    void allEntriesTogetherKeepAtMostTheCapTheLeastRecentlyUsedGoingFirst() throws Exception {
        Files.createDirectories(cache);
        // another file's entries, sparse: their sizes count, not their blocks
        Path older = cache.resolve("archive-0000000000000001-0000000000000001.sym");
        Path newer = cache.resolve("archive-0000000000000002-0000000000000002.sym");
        for (Path p : List.of(older, newer)) {
            try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(p.toFile(), "rw")) {
                f.setLength(ParsedCache.MAX_BYTES / 2);
            }
        }
        Files.setLastModifiedTime(older, FileTime.from(Instant.now().minusSeconds(600)));
        Files.setLastModifiedTime(newer, FileTime.from(Instant.now().minusSeconds(300)));
        entry("jar-1").keep(Kallsyms.parse(kallsyms));
        assertNotNull(entry("jar-1").table(), "the entry just kept stays");
        assertTrue(Files.exists(newer), "the more recently used of the others fits beside it");
        assertFalse(Files.exists(older), "the least recently used went, to keep all under the cap");
    }

    /** Dates the entry of {@code code} {@code seconds} back, as if last used then. */
    private void dateBack(String code, int seconds) throws Exception {
        Files.setLastModifiedTime(entry(code).file(), FileTime.from(Instant.now().minusSeconds(seconds)));
    }

    @Test
    void aDamagedEntryIsNoEntry() throws Exception {
        entry("jar-1").keep(Kallsyms.parse(kallsyms));
        Path file;
        try (Stream<Path> s = Files.list(cache)) {
            file = s.findFirst().orElseThrow();
        }
        byte[] whole = Files.readAllBytes(file);
        Files.write(file, java.util.Arrays.copyOf(whole, whole.length / 2));
        assertNull(entry("jar-1").table(), "cut short");
        Files.write(file, "not an archive".getBytes());
        assertNull(entry("jar-1").table(), "not an archive at all");
    }

    @Test
    void aCacheThatCannotBeWrittenIsNoCache() throws Exception {
        Files.writeString(cache, "a file where the cache directory would be");
        KallsymsCache c = KallsymsCache.of(kallsyms, cache, "jar-1");
        c.keep(Kallsyms.parse(kallsyms));
        assertNull(c.table());
        assertTrue(Files.isRegularFile(cache));
    }

    @Test
    void procKallsymsAndNonFilesAreNotKept() {
        assertNull(KallsymsCache.of(Path.of("/proc/kallsyms"), cache, "jar-1"), "changes with each boot and module");
        assertNull(KallsymsCache.of(tmp, cache, "jar-1"), "a directory");
        assertNull(KallsymsCache.of(tmp.resolve("missing"), cache, "jar-1"), "a missing file");
        assertFalse(Files.exists(cache));
    }

    private long entries() throws Exception {
        if (!Files.isDirectory(cache)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(cache)) {
            return s.count();
        }
    }
}
