package io.myflame.ingest.symbols;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.unwind.CallFrameInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * A version-1 text archive read once is read the next time from its indexed conversion, kept in the
 * cache directory, and that conversion holds every table and every file's call frame information of the
 * text, equal entry by entry: checked on the text archive of every bundled capture. (That a capture folds
 * the same beside either archive is {@link IndexedArchiveEquivalenceTest}'s.)
 */
class TextArchiveCacheTest {
    @TempDir
    Path tmp;

    @TestFactory
    Stream<DynamicTest> everyBundledTextArchiveIsReadTheSameFromItsKeptConversion() throws Exception {
        Path captures = Path.of(System.getProperty("myflame.samples", "../samples")).resolve("captures");
        List<Path> archives;
        try (Stream<Path> s = Files.list(captures)) {
            archives = s.map(d -> d.resolve("perf.data.symbols.gz")).filter(Files::isRegularFile).sorted().toList();
        }
        assertTrue(archives.size() >= 2, "expected bundled text archives in " + captures);
        return archives.stream().map(a -> DynamicTest.dynamicTest(a.getParent().getFileName().toString(), () -> check(a)));
    }

    private void check(Path bundled) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(bundled.getParent().getFileName().toString()));
        Path file = dir.resolve("perf.data.symbols.gz");
        Files.copy(bundled, file);
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minusSeconds(3600)));
        Path cache = dir.resolve("cache");

        SymbolArchive first = SymbolArchive.readText(file, ParsedCache.of("archive", file, cache, "jar-1"));
        assertFalse(first.indexed(), "read from the text the first time");
        assertTrue(Files.isRegularFile(ParsedCache.of("archive", file, cache, "jar-1").file()), "its conversion kept");
        SymbolArchive second = SymbolArchive.readText(file, ParsedCache.of("archive", file, cache, "jar-1"));
        assertTrue(second.indexed(), "read from the kept conversion the second time");

        TextArchive text = TextArchive.read(file);
        for (SymbolArchive.Section s : text.sections()) {
            SymbolArchive.Section k = second.section(s.buildId(), s.name());
            assertNotNull(k, "section " + s.buildId());
            assertEquals(s.kind(), k.kind());
            assertEquals(s.text(), k.text(), "kernel _text of " + s.buildId());
            SymbolTable a = s.table();
            SymbolTable b = k.table();
            assertEquals(a.size(), b.size(), "symbols of " + s.buildId());
            for (int i = 0; i < a.size(); i++) {
                assertEquals(a.start(i), b.start(i));
                assertEquals(a.end(i), b.end(i));
                assertEquals(a.name(i), b.name(i));
            }
        }
        for (SymbolArchive.Cfi c : text.cfis()) {
            CallFrameInfo k = second.cfi(c.buildId(), c.name());
            assertNotNull(k, "call frame information of " + c.buildId());
            assertArrayEquals(c.info().tablePc(), k.tablePc());
            assertArrayEquals(c.info().tableFde(), k.tableFde());
            assertArrayEquals(c.info().loadVaddr(), k.loadVaddr());
        }

        // another build of the parser, or the file changed, reads the text again
        assertFalse(SymbolArchive.readText(file, ParsedCache.of("archive", file, cache, "jar-2")).indexed());
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minusSeconds(7200)));
        assertFalse(SymbolArchive.readText(file, ParsedCache.of("archive", file, cache, "jar-1")).indexed());
    }
}
