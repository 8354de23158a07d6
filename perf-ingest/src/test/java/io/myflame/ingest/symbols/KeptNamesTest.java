package io.myflame.ingest.symbols;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Names c++filt demangled for one input, kept for the next read of it: a read whose names are all kept
 * starts no c++filt and names them as c++filt did; a name the entry lacks starts it, and the entry then
 * holds both; another c++filt, or a damaged entry, is not believed. The real c++filt, reached through a
 * script that notes each start.
 */
class KeptNamesTest {
    private static final List<String> NAMES = List.of("_ZN3THD7cleanupEv", "_Z21mysql_execute_commandP3THDb");
    private static final List<String> MORE = List.of("_ZN3THD7cleanupEv", "_ZN7handler12ha_index_endEv", "main");

    @TempDir
    Path dir;
    Path input;
    Path cache;
    Path starts;
    Path cxxfilt;

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue(KeptNames.identity("c++filt") != null, "c++filt (binutils) is not installed");
        input = Files.writeString(dir.resolve("perf.data"), "samples");
        // settled: a file modified in the last two seconds is not kept
        Files.setLastModifiedTime(input, FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        cache = dir.resolve("cache");
        starts = dir.resolve("starts.txt");
        cxxfilt = noting("noting-c++filt");
    }

    @Test
    void aSecondReadOfTheSameNamesStartsNoCxxfilt() throws Exception {
        Map<String, String> first = demangle(NAMES);
        assertEquals("THD::cleanup", first.get(NAMES.get(0)));
        assertEquals("mysql_execute_command", first.get(NAMES.get(1)));
        assertEquals(1, started());
        assertFalse(kept().names().isEmpty(), "the names are kept");

        Files.deleteIfExists(starts);
        try (Demangler d = new Demangler(cxxfilt.toString(), kept())) {
            d.start();
            assertEquals(first, d.demangle(NAMES));
        }
        assertEquals(0, started(), "c++filt started though every name was kept");
    }

    @Test
    void aNameTheEntryLacksGoesToCxxfiltAndIsKeptBesideTheOthers() throws Exception {
        demangle(NAMES);
        Files.deleteIfExists(starts);
        Map<String, String> more = demangle(MORE);
        assertEquals(1, started());
        assertEquals("handler::ha_index_end", more.get(MORE.get(1)));
        assertEquals("THD::cleanup", more.get(MORE.get(0)));
        assertFalse(more.containsKey("main"), "only mangled names are demangled");
        Files.deleteIfExists(starts);
        assertEquals(more, demangle(MORE));
        assertEquals(0, started());
    }

    @Test
    void anotherCxxfiltOrADamagedEntryIsNotBelieved() throws Exception {
        Map<String, String> first = demangle(NAMES);
        Path other = noting("other-c++filt");
        Files.deleteIfExists(starts);
        try (Demangler d = new Demangler(other.toString(), KeptNames.of(ParsedCache.of("demangled", input, cache, "jar-1"),
                other.toString()))) {
            assertEquals(first, d.demangle(NAMES));
        }
        assertEquals(1, started(), "an entry of another c++filt was used");

        Path entry = ParsedCache.of("demangled", input, cache, "jar-1").file();
        for (String damage : new String[] {"MYFLDMG1\n", "garbage", "", "MYFLDMG1\nx\n_ZN3THD7cleanupEv\n"}) {
            Files.writeString(entry, damage, StandardCharsets.ISO_8859_1);
            assertTrue(kept().names().isEmpty(), damage);
        }
        String whole = Files.readString(entry, StandardCharsets.ISO_8859_1);
        assertTrue(whole.isEmpty() || whole.startsWith("MYFLDMG1"), whole);
    }

    @Test
    void nothingIsKeptWithoutAJarOrForAFileBeingWritten() throws Exception {
        assertTrue(KeptNames.of((Path) null, cxxfilt.toString()).names().isEmpty());
        Files.setLastModifiedTime(input, FileTime.fromMillis(System.currentTimeMillis()));
        demangle(NAMES);
        assertTrue(kept().names().isEmpty(), "a file modified in the last two seconds was kept");
        assertEquals(null, KeptNames.identity(dir.resolve("no-such-c++filt").toString()));
    }

    private Map<String, String> demangle(List<String> names) throws Exception {
        try (Demangler d = new Demangler(cxxfilt.toString(), kept())) {
            d.start();
            return d.demangle(names);
        }
    }

    private KeptNames kept() {
        return KeptNames.of(ParsedCache.of("demangled", input, cache, "jar-1"), cxxfilt.toString());
    }

    private int started() throws Exception {
        return Files.exists(starts) ? Files.readAllLines(starts).size() : 0;
    }

    private Path noting(String name) throws Exception {
        Path script = dir.resolve(name);
        Files.writeString(script, "#!/bin/sh\necho started >> '" + starts + "'\nexec c++filt \"$@\"\n");
        assertTrue(script.toFile().setExecutable(true));
        return script;
    }
}
