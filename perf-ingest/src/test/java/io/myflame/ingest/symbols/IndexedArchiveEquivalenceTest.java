package io.myflame.ingest.symbols;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.ProfileLoader;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every bundled capture reads the same beside the indexed archive as beside its own text archive:
 * the text archive (samples/captures/X/perf.data.symbols.gz, which stays as it is) is written
 * again as {@code perf.data.symbols} in a temporary directory, and the capture's perf.data is
 * folded for {@code collapse} once beside each. Equal folded stacks are equal tables, flamegraphs
 * and diffs, since every output is made from them.
 */
class IndexedArchiveEquivalenceTest {
    @TempDir
    Path tmp;

    private static Path captures() {
        return Path.of(System.getProperty("myflame.samples", "../samples")).resolve("captures");
    }

    @TestFactory
    Stream<DynamicTest> everyCaptureFoldsTheSameBesideEitherArchive() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/xz")), "xz not installed");
        List<Path> dirs;
        try (Stream<Path> s = Files.list(captures())) {
            dirs = s.filter(d -> Files.isRegularFile(d.resolve("perf.data.xz"))
                    && Files.isRegularFile(d.resolve("perf.data.symbols.gz"))).sorted().toList();
        }
        assertTrue(dirs.size() >= 2, "expected captures with perf.data.xz and their symbol archive in " + captures());
        return dirs.stream().map(d -> DynamicTest.dynamicTest(d.getFileName().toString(), () -> check(d)));
    }

    private void check(Path capture) throws Exception {
        Path text = Files.createDirectories(tmp.resolve(capture.getFileName() + "-text"));
        Path indexed = Files.createDirectories(tmp.resolve(capture.getFileName() + "-indexed"));
        Path data = text.resolve("perf.data");
        Process xz = new ProcessBuilder("xz", "-dc", capture.resolve("perf.data.xz").toString())
                .redirectOutput(data.toFile()).start();
        assertEquals(0, xz.waitFor());
        Files.copy(capture.resolve("perf.data.symbols.gz"), text.resolve("perf.data.symbols.gz"));
        Files.createLink(indexed.resolve("perf.data"), data);
        try (OutputStream out = Files.newOutputStream(indexed.resolve("perf.data.symbols"))) {
            SymbolArchive.rewrite(text.resolve("perf.data.symbols.gz"), out);
        }
        assertTrue(Files.isRegularFile(SymbolArchive.besides(indexed.resolve("perf.data")))
                && SymbolArchive.besides(indexed.resolve("perf.data")).getFileName().toString().equals("perf.data.symbols"));
        Folded fromText = fold(text);
        Folded fromIndexed = fold(indexed);
        assertTrue(fromText.stacks.length() > 1000, "too few stacks to compare: " + fromText.stacks.length());
        assertEquals(fromText.warnings, fromIndexed.warnings.replace(indexed.toString(), text.toString()));
        assertTrue(fromText.stacks.equals(fromIndexed.stacks), capture.getFileName() + ": folded stacks differ");
        System.out.printf("%s: text archive %d bytes, indexed %d bytes; %d bytes of folded stacks equal%n",
                capture.getFileName(), Files.size(text.resolve("perf.data.symbols.gz")),
                Files.size(indexed.resolve("perf.data.symbols")), fromText.stacks.length());
        Files.delete(indexed.resolve("perf.data"));
        Files.delete(data);
    }

    private record Folded(String stacks, String warnings) {
    }

    private static Folded fold(Path dir) throws Exception {
        ProfileLoader loader = new ProfileLoader(2, false, "perf");
        FoldedStacks stacks = loader.fold(dir.resolve("perf.data").toString(), FoldOptions.COLLAPSE);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        stacks.writeFolded(out);
        return new Folded(out.toString(StandardCharsets.ISO_8859_1), String.join("\n", loader.warnings()));
    }
}
