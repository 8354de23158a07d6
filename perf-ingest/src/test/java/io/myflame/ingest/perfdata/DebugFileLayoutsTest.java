package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.symbols.SymbolSources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stripped program's functions are named from its debug file in each place perf looks for
 * one: the {@code .build-id} tree and the path mirror of the debug root, and the
 * {@code .gnu_debuglink} name beside the binary, in {@code .debug/} beside it and under the debug
 * root. The debug root is a temporary directory standing in for /usr/lib/debug, so nothing is
 * written outside the test's directory. Each test places one copy and removes it afterwards.
 */
class DebugFileLayoutsTest {
    @TempDir
    static Path dir;
    static Path debugRoot;
    static StrippedProgram program;
    static Path data;
    private final List<Path> placed = new ArrayList<>();

    @BeforeAll
    static void buildAndRecord() throws Exception {
        Recordings.assumeTools("perf", "gcc", "objcopy");
        debugRoot = Files.createDirectories(dir.resolve("usr-lib-debug"));
        program = StrippedProgram.build(dir, "spinner");
        data = program.record(dir, "spinner.data");
    }

    @AfterEach
    void removePlacedFiles() throws IOException {
        for (Path p : placed) {
            Files.deleteIfExists(p);
        }
        try (Stream<Path> left = Files.walk(debugRoot)) {
            assertTrue(left.allMatch(Files::isDirectory), "a test left a file under the debug root");
        }
    }

    @Test
    void withoutADebugFileTheFunctionsStayUnnamed() throws Exception {
        String folded = fold();
        assertFalse(folded.contains("spin_middle"), folded);
        assertTrue(folded.contains("spinner+0x"), "unnamed functions show the binary and their start: " + folded);
    }

    /** /usr/lib/debug/.build-id/xx/rest.debug, as Debian's -dbgsym packages install debug files. */
    @Test
    void buildIdTreeOfTheDebugRoot() throws Exception {
        place(debugRoot.resolve(".build-id").resolve(program.buildId.substring(0, 2))
                .resolve(program.buildId.substring(2) + ".debug"));
        assertNamed(fold());
    }

    /** /usr/lib/debug/PATH.debug, the binary's absolute path mirrored under the debug root. */
    @Test
    void pathMirrorOfTheDebugRoot() throws Exception {
        place(Path.of(debugRoot + program.binary.toString() + ".debug"));
        assertNamed(fold());
    }

    @Test
    void debugLinkBesideTheBinary() throws Exception {
        place(program.binary.resolveSibling(program.debugLink));
        assertNamed(fold());
    }

    @Test
    void debugLinkInDotDebugBesideTheBinary() throws Exception {
        place(program.binary.resolveSibling(".debug").resolve(program.debugLink));
        assertNamed(fold());
    }

    /** /usr/lib/debug/DIR/NAME, DIR the binary's directory. */
    @Test
    void debugLinkUnderTheDebugRoot() throws Exception {
        place(Path.of(debugRoot + program.binary.getParent().toString()).resolve(program.debugLink));
        assertNamed(fold());
    }

    /** A debug file of another build under the linked name is not this binary's: skipped, as perf does. */
    @Test
    void debugFileOfAnotherBuildIsSkipped() throws Exception {
        StrippedProgram other = StrippedProgram.build(dir.resolve("other"), "spinner");
        Path target = program.binary.resolveSibling(program.debugLink);
        Files.copy(other.debugFile, target);
        placed.add(target);
        String folded = fold();
        assertFalse(folded.contains("spin_middle"), folded);
    }

    private void place(Path target) throws IOException {
        placed.add(program.placeDebugFile(target));
    }

    private static String fold() throws Exception {
        PerfDataReader reader = new PerfDataReader(FoldOptions.COLLAPSE, 2, "c++filt",
                new SymbolSources.Host(debugRoot, Map.of()));
        return Recordings.folded(reader.read(data));
    }

    private static void assertNamed(String folded) {
        assertTrue(folded.contains(StrippedProgram.CHAIN), "named from the debug file: " + folded);
    }
}
