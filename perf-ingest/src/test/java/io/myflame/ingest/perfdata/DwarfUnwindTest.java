package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.script.PerfDataSource;
import io.myflame.ingest.script.PerfScriptReader;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native DWARF unwinder against perf script (perf 6.1 with libunwind) on real
 * {@code --call-graph dwarf} recordings of programs built with {@code -O2 -fomit-frame-pointer},
 * so no frame pointer can help: libc calls (write, send/recv through the PLT), recursion deeper
 * than the stack dump (8 KB and 64 KB), several threads. Folded stacks must agree for at least
 * 99 % of the sample weight; the differences kept are listed in docs/perf-data.md.
 */
class DwarfUnwindTest {
    private static final List<FoldOptions> OPTIONS = List.of(FoldOptions.COLLAPSE,
            new FoldOptions(FoldOptions.Root.TID, true, true, false, null, List.of(), false), FoldOptions.ANALYSIS);

    @TempDir
    static Path dir;
    static Path libc;
    static Path deep;
    static Path threads;

    @BeforeAll
    static void build() throws Exception {
        Recordings.assumeTools("perf", "gcc", "c++filt");
        if (System.getProperty("myflame.dwarf.file") != null) {
            return;
        }
        libc = Recordings.compileOptimised(dir, "libc.c", Recordings.LIBC_CALLS);
        deep = Recordings.compileOptimised(dir, "deep.c", Recordings.DEEP_RECURSION);
        threads = Recordings.compileOptimised(dir, "threads.c", Recordings.THREADS, "-pthread");
    }

    @Test
    void libcCallsWithTheDefaultDump() throws Exception {
        Path data = Recordings.record(dir, "libc.data", List.of("--call-graph", "dwarf", "-F", "999"), libc.toString());
        String folded = agreesWithPerfScript(data);
        assertTrue(folded.contains("__GI___libc_write") || folded.contains("__libc_write"), folded);
        assertTrue(folded.contains(";main;writes"), folded);
    }

    @Test
    void libcCallsWithTheLargestDump() throws Exception {
        Path data = Recordings.record(dir, "libc-big.data", List.of("--call-graph", "dwarf,65528", "-F", "499"),
                libc.toString());
        agreesWithPerfScript(data);
    }

    @Test
    void recursionDeeperThanTheDump() throws Exception {
        Path data = Recordings.record(dir, "deep.data", List.of("--call-graph", "dwarf", "-F", "999"), deep.toString());
        String folded = agreesWithPerfScript(data);
        assertTrue(folded.contains("[unknown];rec;rec"), "a dump that ran out ends in perf's [unknown]: " + folded);
    }

    @Test
    void recursionDeeperThanTheLargestDump() throws Exception {
        Path data = Recordings.record(dir, "deep-big.data", List.of("--call-graph", "dwarf,65528", "-F", "499"),
                deep.toString());
        agreesWithPerfScript(data);
    }

    @Test
    void severalThreads() throws Exception {
        Path data = Recordings.record(dir, "threads.data", List.of("--call-graph", "dwarf", "-F", "999"),
                threads.toString());
        String folded = agreesWithPerfScript(data);
        assertTrue(folded.contains("start_thread"), folded);
    }

    /** Any recording named by {@code -Dmyflame.dwarf.file=PATH} (a server's capture, say), compared the same way. */
    @Test
    void recordingNamedByProperty() throws Exception {
        String file = System.getProperty("myflame.dwarf.file");
        org.junit.jupiter.api.Assumptions.assumeTrue(file != null, "no -Dmyflame.dwarf.file");
        agreesWithPerfScript(Path.of(file));
    }

    /** Folds natively and through perf script under each option set; at least 99 % of the weight must agree. */
    private static String agreesWithPerfScript(Path data) throws Exception {
        String first = null;
        for (FoldOptions o : OPTIONS) {
            String viaPerf = Recordings.folded(new PerfDataSource("perf", false).read(data, new PerfScriptReader(o, 2)));
            String nativeFold = Recordings.folded(new PerfDataReader(o, 2).read(data));
            // Functions without symbols: FILE+0xSTART natively, [FILE] through perf script (docs/perf-data.md).
            Agreement a = Agreement.of(viaPerf, Recordings.asPerfScriptNames(nativeFold));
            System.out.printf("%s %s: %.3f%% of %d agree%s%n", data.getFileName(), o.root(), 100 * a.share(), a.total,
                    a.same == a.total ? "" : a.differences);
            assertTrue(a.share() >= 0.99, data + " " + o + ": " + a);
            first = first == null ? nativeFold : first;
        }
        return first;
    }

    /** How much of perf script's folded weight the native fold has on the same lines. */
    record Agreement(long same, long total, String differences) {
        static Agreement of(String viaPerf, String nativeFold) {
            Map<String, Long> a = counts(viaPerf);
            Map<String, Long> b = counts(nativeFold);
            long same = 0;
            long total = 0;
            for (Map.Entry<String, Long> e : a.entrySet()) {
                total += e.getValue();
                same += Math.min(e.getValue(), b.getOrDefault(e.getKey(), 0L));
            }
            StringBuilder sb = new StringBuilder();
            a.entrySet().stream().filter(e -> !e.getValue().equals(b.get(e.getKey()))).limit(6)
                    .forEach(e -> sb.append("\n- ").append(e.getKey()).append(' ').append(e.getValue()));
            b.entrySet().stream().filter(e -> !e.getValue().equals(a.get(e.getKey()))).limit(6)
                    .forEach(e -> sb.append("\n+ ").append(e.getKey()).append(' ').append(e.getValue()));
            return new Agreement(same, total, sb.toString());
        }

        double share() {
            return total == 0 ? 0 : (double) same / total;
        }

        private static Map<String, Long> counts(String folded) {
            Map<String, Long> m = new HashMap<>();
            for (String l : folded.lines().toList()) {
                int sp = l.lastIndexOf(' ');
                m.merge(l.substring(0, sp), Long.parseLong(l.substring(sp + 1)), Long::sum);
            }
            return m;
        }
    }
}
