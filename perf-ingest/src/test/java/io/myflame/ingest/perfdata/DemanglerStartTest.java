package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.fold.FoldOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * c++filt is started for a perf.data only when a table of names perf demangles is loaded: a C program's
 * never starts it (starting a process costs a run 25-35 ms of CPU), a C++ program's does, and its names
 * come out demangled. Real perf recordings of programs compiled here; c++filt is reached through a script
 * that notes each start.
 */
class DemanglerStartTest {
    @TempDir
    static Path dir;
    static Path starts;
    static Path cxxfilt;

    @BeforeAll
    static void tools() throws Exception {
        Recordings.assumeTools("perf", "gcc", "g++", "c++filt");
        starts = dir.resolve("starts.txt");
        cxxfilt = dir.resolve("noting-c++filt");
        Files.writeString(cxxfilt, "#!/bin/sh\necho started >> '" + starts + "'\nexec c++filt \"$@\"\n");
        assertTrue(cxxfilt.toFile().setExecutable(true));
    }

    @Test
    void aCProgramNeverStartsIt() throws Exception {
        Path c = Recordings.compile(dir, "c.c", Recordings.LIBC_CALLS);
        Path data = Recordings.record(dir, "c.data", List.of("-g", "-F", "999"), c.toString());
        Files.deleteIfExists(starts);
        String folded = Recordings.folded(new PerfDataReader(FoldOptions.COLLAPSE, 2, cxxfilt.toString()).read(data));
        assertTrue(folded.contains(";main;"), folded);
        assertFalse(Files.exists(starts), "c++filt started for a C program");
    }

    @Test
    void aCppProgramStartsItOnceAndIsDemangled() throws Exception {
        Path cpp = Recordings.compile(dir, "t.cpp", Recordings.CPP, "-fno-plt");
        Path data = Recordings.record(dir, "cpp.data", List.of("-g", "-F", "999"), cpp.toString());
        Files.deleteIfExists(starts);
        String folded = Recordings.folded(new PerfDataReader(FoldOptions.COLLAPSE, 2, cxxfilt.toString()).read(data));
        assertTrue(folded.contains("outer::inner::work<3>"), folded);
        assertEquals(List.of("started"), Files.readAllLines(starts, StandardCharsets.UTF_8));
    }
}
