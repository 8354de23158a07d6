package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.fold.FoldOptions;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A C++ program whose first-called function's mangled name is given a newline with objcopy: all
 * C++ names go through one c++filt process a line each, so that name must not shift the names
 * of the functions after it (every later sample would be attributed to the wrong function).
 */
class HostileSymbolTest {
    private static final String SOURCE = """
            #include <cstdio>
            namespace work {
            __attribute__((noinline)) long first(long n) { long s = 0; for (long i = 0; i < n; i++) s += (i ^ 3) % 7; return s; }
            __attribute__((noinline)) long alpha(long n) { long s = 0; for (long i = 0; i < n; i++) s += (i ^ 5) % 7; return s; }
            __attribute__((noinline)) long gamma(long n) { long s = 0; for (long i = 0; i < n; i++) s += (i ^ 6) % 7; return s; }
            __attribute__((noinline)) long delta(long n) { long s = 0; for (long i = 0; i < n; i++) s += (i ^ 9) % 7; return s; }
            }
            int main() {
                long t = 0;
                t += work::first(60000000);
                for (int r = 0; r < 6; r++) { t += work::alpha(6000000); t += work::gamma(6000000); t += work::delta(6000000); }
                std::printf("%ld\\n", t);
                return 0;
            }
            """;

    @TempDir
    Path dir;

    @Test
    void aSymbolWithANewlineDoesNotShiftTheOtherNames() throws Exception {
        Recordings.assumeTools("perf", "g++", "c++filt", "objcopy");
        Path bin = Recordings.compile(dir, "t.cpp", SOURCE, "-fno-plt");
        // _ZN4work5firstEl is work::first(long); the new name is a mangled-looking one with a line break inside.
        Recordings.run(dir, "objcopy", "--redefine-sym", "_ZN4work5firstEl=_ZN4work5fi\nrstEl", bin.toString());
        Path data = Recordings.record(dir, "nl.data", List.of("-N", "-g", "-F", "999"), bin.toString());
        String folded = Recordings.folded(new PerfDataReader(FoldOptions.COLLAPSE, 2).read(data));
        for (String f : List.of("work::alpha", "work::gamma", "work::delta")) {
            assertTrue(folded.lines().anyMatch(l -> l.contains(";" + f + " ") || l.contains(";" + f + ";")),
                    f + " lost its samples:\n" + folded);
        }
        assertTrue(!folded.contains("work::first"), "the renamed symbol is no longer work::first:\n" + folded);
        // The line break is shown as \n: a folded line holds one whole stack.
        assertTrue(folded.contains(";_ZN4work5fi\\nrstEl"), folded);
        assertTrue(folded.lines().allMatch(l -> l.matches(".+ [0-9]+")), folded);
    }
}
