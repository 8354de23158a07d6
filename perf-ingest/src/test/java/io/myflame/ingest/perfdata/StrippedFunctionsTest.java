package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.script.PerfDataSource;
import io.myflame.ingest.script.PerfScriptReader;
import io.myflame.ingest.symbols.SymbolSources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A binary stripped to its exported symbols, as upstream MySQL releases and Debian's mariadbd are:
 * gcc {@code -O2 -rdynamic}, several non-inlined static functions and one exported, then
 * {@code strip --strip-all} or {@code objcopy --strip-all}, which keep {@code .dynsym} and
 * {@code .eh_frame}. One run is recorded (with frame pointers, {@code -g}, and with
 * {@code --call-graph dwarf}) and read twice: with the full
 * binary at the recorded path, then with the stripped copy (same build id) there. Stripped, each
 * static function is one frame {@code prog+0xSTART}, START its {@code nm} address, and naming those
 * frames by {@code nm} gives back, line for line, what the full binary gives: every function's
 * inclusive share, named or not, is its own.
 */
class StrippedFunctionsTest {
    private static final String SOURCE = """
            #include <stdio.h>
            #include <stdlib.h>
            #define WORK(name, k) __attribute__((noinline)) static long name(long n) { \\
                long s = 0; for (long i = 0; i < n; i++) s += (i * k) ^ (s >> 3); return s; }
            WORK(hidden_a, 3)
            WORK(hidden_b, 5)
            WORK(hidden_c, 7)
            __attribute__((noinline)) static long hidden_mid(long n) { return hidden_a(n) + hidden_b(n / 2) + hidden_c(n / 4); }
            __attribute__((noinline)) long exported_work(long n) { return hidden_mid(n) ^ hidden_c(n / 3); }
            __attribute__((noinline)) static long hidden_top(long n) { return exported_work(n) + hidden_a(n / 5); }
            int main(int argc, char **argv) {
                long t = 0;
                for (int r = 0; r < 8; r++) t += hidden_top(40000000);
                printf("%ld\\n", t);
                return 0;
            }
            """;
    /**
     * crtbegin's functions, which gcc links into every program without unwind tables: a sample in one (at
     * exit, under ld.so's _dl_fini; two fresh-clone test runs of the last seven had one) is named by the
     * full binary and can only be [prog] in the stripped one. They are no functions of the program's own.
     */
    private static final Pattern CRT = Pattern.compile(
            "(^|;)(__do_global_dtors_aux|deregister_tm_clones|register_tm_clones|frame_dummy)[; ]");
    private static final Pattern UNNAMED = Pattern.compile("(?<=^|;)prog\\+0x([0-9a-f]+)(?=;| )");

    @TempDir
    static Path dir;
    static Path binary;
    static Path full;
    static Path stripped;
    /** The same stripped by objcopy, as build systems often do. */
    static Path objcopied;
    static Path debugRoot;
    /** The full binary's functions by start address ({@code nm}: t and T). */
    static Map<Long, String> functions = new TreeMap<>();
    static Set<String> exported = new TreeSet<>();

    @BeforeAll
    static void build() throws Exception {
        Recordings.assumeTools("perf", "gcc", "strip", "objcopy", "nm");
        Path src = Files.writeString(dir.resolve("prog.c"), SOURCE);
        binary = Files.createDirectories(dir.resolve("bin")).resolve("prog");
        Path kept = Files.createDirectories(dir.resolve("kept"));
        debugRoot = Files.createDirectories(dir.resolve("no-debug"));
        Recordings.run(dir, "gcc", "-O2", "-fno-omit-frame-pointer", "-rdynamic", "-o", binary.toString(), src.toString());
        full = Files.copy(binary, kept.resolve("prog.full"));
        stripped = kept.resolve("prog.stripped");
        Recordings.run(dir, "strip", "--strip-all", "-o", stripped.toString(), full.toString());
        objcopied = kept.resolve("prog.objcopied");
        Recordings.run(dir, "objcopy", "--strip-all", full.toString(), objcopied.toString());
        for (String line : Recordings.stdout(dir, "nm", full.toString()).split("\n")) {
            String[] f = line.trim().split(" ");
            if (f.length == 3 && (f[1].equals("t") || f[1].equals("T"))) {
                functions.put(Long.parseUnsignedLong(f[0], 16), f[2]);
            }
        }
        for (String line : Recordings.stdout(dir, "nm", "-D", "--defined-only", stripped.toString()).split("\n")) {
            String[] f = line.trim().split(" ");
            if (f.length == 3 && f[1].equals("T")) {
                exported.add(f[2]);
            }
        }
        assertTrue(exported.contains("exported_work") && !exported.contains("hidden_mid"), exported.toString());
    }

    @ParameterizedTest
    @CsvSource({"-g, strip", "--call-graph=dwarf, strip", "-g, objcopy", "--call-graph=dwarf, objcopy"})
    void eachUnnamedFunctionIsOneFrameWithItsOwnInclusiveShare(String callGraph, String stripper) throws Exception {
        Path data = record(callGraph);
        String named = fold(data, full);
        String unnamed = fold(data, stripper.equals("strip") ? stripped : objcopied);
        // Every function of the program's own lies in an FDE; only crtbegin's have none and are [prog].
        assertEquals(weight(named, CRT.asPredicate()), weight(unnamed, l -> l.contains("[prog]")),
                "every sampled address of the program's own code lies in a function's FDE: " + unnamed);
        named = without(named, CRT.asPredicate());
        unnamed = without(unnamed, l -> l.contains("[prog]"));
        assertFalse(unnamed.contains("hidden_"), unnamed);
        assertTrue(unnamed.contains("exported_work"), "exported symbols keep their names: " + unnamed);

        Set<Long> starts = new TreeSet<>();
        Matcher m = UNNAMED.matcher(unnamed);
        while (m.find()) {
            starts.add(Long.parseUnsignedLong(m.group(1), 16));
        }
        Set<String> hit = new TreeSet<>();
        for (long s : starts) {
            String name = functions.get(s);
            assertTrue(name != null && !exported.contains(name), String.format("prog+0x%x starts no hidden function", s));
            hit.add(name);
        }
        Set<String> hiddenHit = new TreeSet<>();
        for (String name : functions.values()) {
            if (!exported.contains(name) && named.matches("(?s).*(^|[;\n])" + Pattern.quote(name) + "[; ].*")) {
                hiddenHit.add(name);
            }
        }
        // gcc may rename (hidden_top.constprop.0); a frame-pointer walk skips the caller of a leaf
        // sampled before it set up its frame (hidden_mid): either way, the same in both reads.
        assertTrue(hiddenHit.containsAll(List.of("hidden_a", "hidden_b", "hidden_c")) && hiddenHit.size() >= 4,
                hiddenHit + "\n" + named);
        assertEquals(hiddenHit, hit, "one frame per unnamed function hit");

        assertEquals(sortedLines(named), sortedLines(renamed(unnamed)), "named by nm, the stripped read is the full one");
        for (long s : starts) {
            String frame = String.format("prog+0x%x", s);
            assertEquals(inclusive(named, functions.get(s)), inclusive(unnamed, frame), frame);
        }
    }

    /** The weight of the folded lines that {@code which} takes. */
    private static long weight(String folded, java.util.function.Predicate<String> which) {
        return folded.lines().filter(which).mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    /** The folded lines but those {@code which} takes. */
    private static String without(String folded, java.util.function.Predicate<String> which) {
        return folded.lines().filter(which.negate()).collect(java.util.stream.Collectors.joining("\n", "", "\n"));
    }

    /** perf script cannot tell functions apart: its fold is the native one with each prog+0x.. as [prog]. */
    @ParameterizedTest
    @ValueSource(strings = {"-g"})
    void throughPerfScriptUnnamedFunctionsAreOneFrameOfTheBinary(String callGraph) throws Exception {
        Path data = record(callGraph);
        String unnamed = fold(data, stripped);
        String viaPerf = Recordings.folded(new PerfDataSource("perf", false).read(data,
                new PerfScriptReader(FoldOptions.COLLAPSE, 2)));
        assertTrue(viaPerf.contains("[prog]"), viaPerf);
        assertEquals(merged(viaPerf), merged(UNNAMED.matcher(unnamed).replaceAll("[prog]")));
    }

    /** The symbol archive keeps the stripped binary's call frame information: the read is the same without the file. */
    @ParameterizedTest
    @ValueSource(strings = {"-g"})
    void theSymbolArchiveNamesUnnamedFunctionsWithoutTheBinary(String callGraph) throws Exception {
        Path data = record(callGraph);
        Files.copy(stripped, binary, StandardCopyOption.REPLACE_EXISTING);
        Path archive = PerfDataReader.archiveBeside(data);
        String here = Recordings.folded(reader().archiveTo(archive).read(data));
        assertTrue(here.contains("prog+0x"), here);
        Files.delete(binary);
        try {
            assertEquals(here, Recordings.folded(reader().read(data)));
        } finally {
            Files.delete(archive);
            Files.copy(full, binary);
        }
    }

    private static Path record(String callGraph) throws Exception {
        Files.copy(full, binary, StandardCopyOption.REPLACE_EXISTING);
        String name = "prog" + callGraph.replaceAll("[^a-z]", "") + "-" + System.nanoTime() + ".data";
        return Recordings.record(dir, name, List.of("-N", callGraph, "-F", "999"), binary.toString());
    }

    private static PerfDataReader reader() {
        return new PerfDataReader(FoldOptions.COLLAPSE, 2, "c++filt", new SymbolSources.Host(debugRoot, Map.of()));
    }

    /** The fold of {@code data} with {@code file} at the recorded path. */
    private static String fold(Path data, Path file) throws Exception {
        Files.copy(file, binary, StandardCopyOption.REPLACE_EXISTING);
        return Recordings.folded(reader().read(data));
    }

    private static String renamed(String folded) {
        return UNNAMED.matcher(folded).replaceAll(r -> Matcher.quoteReplacement(
                functions.get(Long.parseUnsignedLong(r.group(1), 16))));
    }

    private static List<String> sortedLines(String folded) {
        List<String> lines = new ArrayList<>(List.of(folded.split("\n")));
        lines.sort(null);
        return lines;
    }

    /** Weight per stack, equal stacks summed. */
    private static Map<String, Long> merged(String folded) {
        Map<String, Long> out = new TreeMap<>();
        for (String line : folded.split("\n")) {
            int sp = line.lastIndexOf(' ');
            out.merge(line.substring(0, sp), Long.parseLong(line.substring(sp + 1)), Long::sum);
        }
        return out;
    }

    /** The weight of the stacks holding {@code frame} at least once. */
    private static long inclusive(String folded, String frame) {
        long w = 0;
        for (String line : folded.split("\n")) {
            int sp = line.lastIndexOf(' ');
            if (List.of(line.substring(0, sp).split(";")).contains(frame)) {
                w += Long.parseLong(line.substring(sp + 1));
            }
        }
        return w;
    }
}
