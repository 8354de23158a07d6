package io.myflame.ingest.symbols;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An ELF file's symbol table kept for the next run reads back as the parse made it, symbol for symbol,
 * for this machine's C and C++ libraries and programs (and a server binary when one is installed); a
 * changed file is parsed again.
 */
class ElfTableCacheTest {
    @TempDir
    Path dir;

    @BeforeEach
    void cacheOn() {
        System.setProperty("myflame.cache", dir.resolve("cache").toString());
        System.setProperty("myflame.cache.code", "test-1");
    }

    @AfterEach
    void cacheOff() {
        System.clearProperty("myflame.cache");
        System.clearProperty("myflame.cache.code");
    }

    @Test
    void aKeptTableReadsBackAsItWasParsed() throws Exception {
        List<Path> files = new ArrayList<>();
        for (String f : new String[] {"/lib/x86_64-linux-gnu/libc.so.6", "/lib/x86_64-linux-gnu/libstdc++.so.6",
                "/usr/bin/python3", "/usr/bin/perf", "/usr/sbin/mariadbd", "/usr/bin/sysbench"}) {
            if (Files.isRegularFile(Path.of(f))) {
                files.add(Path.of(f).toRealPath());
            }
        }
        assertTrue(files.size() >= 3, files.toString());
        for (Path f : files) {
            SymbolTable parsed = parsedWithoutCache(f);
            assertTrue(parsed.size() > 0, f.toString());
            long before = keptEntries();
            SymbolTable first = load(f);
            assertEquals(before + 1, keptEntries(), "no entry kept for " + f);
            assertNotNull(ElfTableCache.of(f, symtab(f), f, f.toString()).table(), "the entry of " + f);
            SymbolTable second = load(f);
            assertEquals(before + 1, keptEntries(), "a second entry for " + f);
            assertSame(parsed, first, f + " (the parse that was kept)");
            assertSame(parsed, second, f + " (read from the entry)");
        }
    }

    @Test
    void aChangedFileIsParsedAgain() throws Exception {
        Path copy = dir.resolve("libc.so.6");
        Files.copy(Path.of("/lib/x86_64-linux-gnu/libc.so.6"), copy);
        Files.setLastModifiedTime(copy, FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        load(copy);
        boolean symtab = symtab(copy);
        assertNotNull(ElfTableCache.of(copy, symtab, copy, copy.toString()).table(), "kept");
        Files.setLastModifiedTime(copy, FileTime.fromMillis(System.currentTimeMillis() - 30_000));
        assertNull(ElfTableCache.of(copy, symtab, copy, copy.toString()).table(), "a changed file's entry was read");
        assertTrue(load(copy).size() > 0);
    }

    /** Whether the reader takes {@code f}'s {@code .symtab} (else its {@code .dynsym}). */
    private static boolean symtab(Path f) {
        io.myflame.ingest.elf.ElfFile elf = io.myflame.ingest.elf.ElfFile.open(f);
        boolean has = elf.hasSymtab();
        elf.close();
        return has;
    }

    private static SymbolTable load(Path f) {
        return new SymbolSources().loadElf(new Dso(0, f.toString(), Dso.Kind.FILE), null);
    }

    private static SymbolTable parsedWithoutCache(Path f) {
        String code = System.clearProperty("myflame.cache.code");
        try {
            return load(f);
        } finally {
            System.setProperty("myflame.cache.code", code);
        }
    }

    private long keptEntries() throws Exception {
        Path symbols = dir.resolve("cache").resolve("symbols");
        if (!Files.isDirectory(symbols)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(symbols)) {
            return s.filter(p -> p.getFileName().toString().startsWith("elf-")).count();
        }
    }

    private static void assertSame(SymbolTable a, SymbolTable b, String what) {
        assertEquals(a.size(), b.size(), what);
        assertEquals(a.demangle, b.demangle, what);
        for (int i = 0; i < a.size(); i++) {
            assertEquals(a.start(i), b.start(i), what);
            assertEquals(a.end(i), b.end(i), what);
            assertEquals(a.name(i), b.name(i), what);
        }
        for (int i = 0; i < a.size(); i += 97) {
            long mid = a.start(i) + (a.end(i) - a.start(i)) / 2;
            assertEquals(a.find(mid), b.find(mid), what + " at " + Long.toHexString(mid));
        }
    }
}
