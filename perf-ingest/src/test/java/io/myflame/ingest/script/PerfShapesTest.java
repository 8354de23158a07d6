package io.myflame.ingest.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.myflame.ingest.error.InputException;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;
import io.myflame.ingest.fold.FrameDecoder;

/**
 * Real {@code perf script} outputs in the shapes users produce (perf-shapes/, recorded here; see
 * its README) and inferno's own test inputs (perf-shapes/inferno/, with inferno's expected output).
 * Our recordings are checked against each other — the same recording printed in different shapes
 * must fold to the same stacks — so no expected output is typed by hand.
 */
class PerfShapesTest {
    static final Path DIR = Path.of("src/test/resources/perf-shapes");
    static final long PERIOD = 2004008;

    static FoldOptions collapse() {
        return FoldOptions.COLLAPSE;
    }

    static FoldOptions with(String eventFilter, List<String> skipAfter) {
        return new FoldOptions(FoldOptions.Root.COMM, false, false, false, eventFilter, skipAfter, false);
    }

    static FoldedStacks read(String file, FoldOptions options, int threads, int block) throws Exception {
        try (InputStream in = Files.newInputStream(DIR.resolve(file))) {
            return new PerfScriptReader(options, threads, block).read(in, file);
        }
    }

    static String fold(String file, FoldOptions options) throws Exception {
        String one = text(read(file, options, 1, PerfScriptReader.BLOCK));
        String split = text(read(file, options, 3, 4096));
        assertEquals(one, split, file + ": output depends on how the input was cut");
        return one;
    }

    static String text(FoldedStacks stacks) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        stacks.writeFolded(out);
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    /** Folded lines as stack → weight. */
    static Map<String, Long> lines(String folded) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (String l : folded.split("\n")) {
            int sp = l.lastIndexOf(' ');
            m.put(l.substring(0, sp), Long.parseLong(l.substring(sp + 1)));
        }
        return m;
    }

    static long headers(String file) throws Exception {
        return Files.readAllLines(DIR.resolve(file), StandardCharsets.ISO_8859_1).stream()
                .filter(l -> l.matches("\\s*spin\\s+\\d+(/\\d+)?\\s+[0-9.]+:.*") && !l.contains("PERF_RECORD")).count();
    }

    @TestFactory
    Stream<DynamicTest> infernoCasesMatchByteForByte() {
        String[][] cases = {
            {"single-line-stacks", ""}, {"single-event", ""}, {"go-stacks", ""}, {"java-inline", ""},
            {"cpp-stacks-std-function", ""}, {"versioned-vmlinux", "kernel"}, {"sourcepawn-jitdump", "jit"},
        };
        return Arrays.stream(cases).map(c -> DynamicTest.dynamicTest(c[0] + " " + c[1], () -> {
            boolean kernel = c[1].equals("kernel");
            boolean jit = c[1].equals("jit");
            FoldOptions o = new FoldOptions(FoldOptions.Root.COMM, kernel, jit, false, null, List.of(), false);
            String want = Files.readString(DIR.resolve("inferno/results/" + c[0] + "-collapsed"
                    + (c[1].isEmpty() ? "" : "-" + c[1]) + ".txt"), StandardCharsets.ISO_8859_1)
                    // Our one documented difference: C++ operator() keeps its parentheses.
                    .replace("::operator;", "::operator();");
            String got = fold("inferno/" + c[0] + ".txt", o);
            if (!got.equals(want)) {
                fail(c[0] + " differs from inferno:\n" + io.myflame.core.text.UnifiedDiff.of(want, got));
            }
        }));
    }

    @Test
    void withoutCallGraphEachSampleIsCommAndSymbol() throws Exception {
        for (String file : List.of("no-callgraph.txt", "hide-callgraph-G.txt")) {
            Map<String, Long> m = lines(fold(file, collapse()));
            long total = 0;
            for (var e : m.entrySet()) {
                assertEquals(2, e.getKey().split(";").length, file + ": " + e.getKey());
                assertTrue(e.getKey().startsWith("spin;"), e.getKey());
                total += e.getValue();
            }
            // (anonymous namespace)::leaf samples are dropped by collapse, as by the peers.
            long anonymous = Files.readAllLines(DIR.resolve(file)).stream().filter(l -> l.contains(": ")
                    && l.contains(" (anonymous namespace)::")).count();
            assertEquals((headers(file) - anonymous) * PERIOD, total, file);
        }
    }

    @Test
    void analysisKeepsAnonymousNamespaceFunctions() throws Exception {
        String collapsed = fold("task-mmap-events.txt", collapse());
        String analysed = fold("task-mmap-events.txt", FoldOptions.ANALYSIS);
        assertFalse(collapsed.contains("anonymous namespace"));
        assertTrue(analysed.contains(";(anonymous namespace)::leaf"), analysed);
        String oneFrame = fold("no-callgraph.txt", FoldOptions.ANALYSIS);
        long total = lines(oneFrame).values().stream().mapToLong(Long::longValue).sum();
        assertEquals(headers("no-callgraph.txt") * PERIOD, total);
    }

    @Test
    void fieldsWithoutEventKeepEverySample() throws Exception {
        // -F comm,pid,tid,time,ip,sym,dso and --show-*-events of the same recording: same stacks,
        // the first without periods, so each sample weighs 1.
        Map<String, Long> noEvent = lines(fold("fields-no-event.txt", collapse()));
        Map<String, Long> withEvent = lines(fold("task-mmap-events.txt", collapse()));
        assertEquals(withEvent.keySet(), noEvent.keySet());
        withEvent.forEach((k, v) -> assertEquals(v / PERIOD, noEvent.get(k), k));
        assertEquals(headers("fields-no-event.txt"),
                noEvent.values().stream().mapToLong(Long::longValue).sum() + anonymousOnly("fields-no-event.txt"));
    }

    /** Samples whose every frame is dropped by the peers' rule for "(" frames. */
    private static long anonymousOnly(String file) throws Exception {
        FoldedStacks all = read(file, FoldOptions.ANALYSIS.withEventFilter(null), 1, PerfScriptReader.BLOCK);
        long kept = lines(text(all)).values().stream().mapToLong(Long::longValue).sum();
        return headers(file) - kept;
    }

    @Test
    void recordsAndSourceLinesAreNotSamplesNorFrames() throws Exception {
        FoldedStacks events = read("task-mmap-events.txt", collapse(), 2, 8192);
        FoldedStacks srcline = read("srcline.txt", collapse(), 2, 8192);
        assertEquals(List.of(), events.warnings());
        assertEquals(List.of(), srcline.warnings());
        assertEquals("cpu-clock", events.event());
        assertEquals(text(events), text(srcline));
        assertFalse(text(events).contains("PERF_RECORD"));
        assertFalse(text(srcline).matches("(?s).*\\.c:\\d.*"));
    }

    @Test
    void dsoPathWithSpacesIsOneDso() throws Exception {
        String folded = fold("dso-path-with-space.txt", collapse());
        assertFalse(folded.contains("my dir") || folded.contains("prog)") || folded.contains("(/tmp"), folded);
        assertTrue(folded.contains(";main;middle;Box<long>::operator() "), folded);
        assertEquals(List.of(), read("dso-path-with-space.txt", collapse(), 1, 1 << 20).warnings());
    }

    @Test
    void skipAfterDropsCallersAndCommAndRepeats() throws Exception {
        Map<String, Long> all = lines(fold("srcline.txt", collapse()));
        Map<String, Long> cut = lines(fold("srcline.txt", with(null, List.of("middle", "_dl_map_object"))));
        for (String stack : cut.keySet()) {
            assertTrue(stack.startsWith("middle") || stack.startsWith("_dl_map_object") || stack.startsWith("spin;"), stack);
        }
        assertTrue(cut.keySet().stream().anyMatch(s -> s.startsWith("middle;Box<long>::operator()")), cut.toString());
        assertTrue(cut.keySet().stream().anyMatch(s -> s.startsWith("_dl_map_object;")), cut.toString());
        assertEquals(all.values().stream().mapToLong(Long::longValue).sum(),
                cut.values().stream().mapToLong(Long::longValue).sum());
    }

    @Test
    void eventFilterMatchesWithOrWithoutModifiers() throws Exception {
        String first = fold("no-callgraph.txt", collapse());
        assertEquals(first, fold("no-callgraph.txt", with("cpu-clock", List.of())));
        assertEquals(first, fold("no-callgraph.txt", with("cpu-clock:ppp", List.of())));
        assertThrows(InputException.class, () -> fold("no-callgraph.txt", with("cycles", List.of())));
    }

    @Test
    void stacklessAndWeirdLinesAsInferno() throws Exception {
        // inferno: a sample whose only stack line is unparsable, or that has no stack, prints nothing.
        for (String file : List.of("inferno/weird-stack-line.txt", "inferno/empty-line.txt")) {
            FoldedStacks s = read(file, collapse(), 1, PerfScriptReader.BLOCK);
            assertEquals("inline-counter;main 250000\n", text(s), file);
            assertEquals(1, s.warnings().size(), s.warnings().toString());
        }
        assertThrows(InputException.class, () -> read("inferno/no-events.txt", collapse(), 1, PerfScriptReader.BLOCK));
    }

    /** An unknown frame in a file deleted while it ran (seen in -a recordings: memfd code, replaced binaries). */
    @Test
    void unknownFrameOfADeletedFileIsNamedAfterTheFile() {
        FoldOptions addrs = new FoldOptions(FoldOptions.Root.COMM, false, false, true, null, List.of(), false);
        assertEquals(List.of("[x]"), new FrameDecoder(collapse()).decode("91a33", "[unknown]", "/usr/bin/x (deleted)", false));
        assertEquals(List.of("[x <91a33>]"), new FrameDecoder(addrs).decode("91a33", "[unknown]", "/usr/bin/x (deleted)", false));
        assertEquals(List.of("[memfd:doublemapper]"),
                new FrameDecoder(collapse()).decode("7f01", "[unknown]", "/memfd:doublemapper (deleted)", false));
    }

    @Test
    void kernelAndJitModules() {
        for (String k : List.of("[kernel.kallsyms]", "[nf_conntrack_ipv4]", "/lib/modules/6.1.0-28-amd64/kernel/fs/ext4/ext4.ko",
                "/usr/lib/debug/boot/vmlinux-5.4.14-cloudflare-2020.1.11", "/lib/modules/4.3.0-rc1-virtual/build/vmlinux")) {
            assertTrue(FrameDecoder.isKernel(k), k);
        }
        for (String u : List.of("[unknown]", "/usr/sbin/mariadbd", "/tmp/vmlinux-x (deleted)", "/usr/lib/libkoala.so")) {
            assertFalse(FrameDecoder.isKernel(u), u);
        }
        assertTrue(FrameDecoder.isJit("/tmp/perf-19982.map"));
        assertTrue(FrameDecoder.isJit("/tmp/jitted-31714-4145673320.so"));
        assertFalse(FrameDecoder.isJit("/usr/lib/libjitted.so"));
    }
}
