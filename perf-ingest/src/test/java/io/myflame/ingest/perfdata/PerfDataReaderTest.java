package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.myflame.ingest.error.InputException;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;
import io.myflame.ingest.script.PerfDataSource;
import io.myflame.ingest.script.PerfScriptReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native reader against the perf script path, line for line, on perf.data files recorded
 * here with real perf: a C++ program (templates, anonymous namespace, operator()), the same
 * without -g, in pipe mode, two events, a system-wide recording, a JIT map; every fold option. And damaged
 * files: the samples before the damage with a warning, or a one-line error.
 */
class PerfDataReaderTest {
    private static final FoldOptions COMM = FoldOptions.COLLAPSE;
    private static final FoldOptions PID = new FoldOptions(FoldOptions.Root.PID, false, false, false, null, List.of(), false);
    private static final FoldOptions TID = new FoldOptions(FoldOptions.Root.TID, false, false, false, null, List.of(), false);
    private static final FoldOptions KERNEL = new FoldOptions(FoldOptions.Root.COMM, true, true, false, null, List.of(), false);
    private static final List<FoldOptions> ALL = List.of(COMM, PID, TID, KERNEL, FoldOptions.ANALYSIS);

    @TempDir
    static Path dir;
    static Path cpp;

    @BeforeAll
    static void build() throws Exception {
        Recordings.assumeTools("perf", "g++", "c++filt");
        cpp = Recordings.compile(dir, "t.cpp", Recordings.CPP, "-fno-plt");
    }

    @Test
    void cppTemplatesAndAnonymousNamespaceWithCallGraph() throws Exception {
        Path data = Recordings.record(dir, "cpp.data", List.of("-g", "-F", "1999"), cpp.toString());
        String folded = sameAsPerfScript(data, ALL);
        assertTrue(folded.contains("outer::inner::work<3>"), folded);
        assertTrue(folded.contains("outer::inner::Widget::operator()"), folded);
        assertTrue(sameAsPerfScript(data, List.of(FoldOptions.ANALYSIS)).contains("(anonymous namespace)::Box<double>::spin"));
    }

    @Test
    void withoutCallGraph() throws Exception {
        Path data = Recordings.record(dir, "nog.data", List.of("-F", "1999"), cpp.toString());
        String folded = sameAsPerfScript(data, ALL);
        assertTrue(folded.lines().allMatch(l -> l.split(";").length <= 2), "one frame per sample: " + folded);
    }

    @Test
    void twoEventsKeepTheFirstOrTheFilteredOne() throws Exception {
        Path data = Recordings.record(dir, "two.data", List.of("-g", "-e", "cpu-clock,task-clock", "-F", "999"),
                cpp.toString());
        sameAsPerfScript(data, ALL);
        sameAsPerfScript(data, List.of(COMM.withEventFilter("task-clock"), TID.withEventFilter("cpu-clock")));
    }

    /** One-line samples of two events: a skipped sample of the other event must not eat the next line. */
    @Test
    void twoEventsWithoutCallGraph() throws Exception {
        Path data = Recordings.record(dir, "two-nog.data", List.of("-e", "cpu-clock,task-clock", "-F", "999"),
                cpp.toString());
        String cpu = sameAsPerfScript(data, List.of(COMM, TID.withEventFilter("cpu-clock")));
        String task = sameAsPerfScript(data, List.of(COMM.withEventFilter("task-clock")));
        // Both events sample the same run at the same rate: about as much weight each.
        long cpuWeight = weight(cpu);
        long taskWeight = weight(task);
        assertTrue(cpuWeight > 0 && taskWeight * 2 > cpuWeight && cpuWeight * 2 > taskWeight, cpu + "\n" + task);
    }

    private static long weight(String folded) {
        return folded.lines().mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    @Test
    void pipeMode() throws Exception {
        Path data = Recordings.recordPipe(dir, "pipe.data", List.of("-g", "-F", "1999"), cpp.toString());
        assertTrue(sameAsPerfScript(data, List.of(COMM, TID, KERNEL)).contains("outer::inner::work<3>"));
    }

    @Test
    void systemWide() throws Exception {
        Path data = Recordings.record(dir, "a.data", List.of("-a", "-g", "-F", "499"), cpp.toString());
        // Every process on the machine is in this file. A sample inside a PLT stub of one of them is
        // the documented difference (perf names it _init or x@plt by its symbol tree's shape; we say
        // x@plt, docs/perf-data.md): such stacks are left out of the comparison, all others must match.
        for (FoldOptions o : List.of(COMM, TID, KERNEL)) {
            String viaPerf = withoutPltStacks(folded(new PerfDataSource("perf", false).read(data, new PerfScriptReader(o, 2))));
            String nativeFold = withoutPltStacks(folded(new PerfDataReader(o, 2).read(data)));
            assertEquals("", firstDifferences(viaPerf, nativeFold), "native and perf script folds differ for " + o);
            assertTrue(nativeFold.lines().anyMatch(l -> l.startsWith("prog_t_cpp")), "the test program is in it");
        }
    }

    /**
     * One process of a system-wide recording ({@code record --system-wide}'s server): the samples whose
     * pid is that process's, natively and through {@code perf script --pid}: the whole fold's stacks of
     * the test program's comm exactly (no other process runs it), and the process's samples from before
     * its exec, and nothing else.
     */
    @Test
    void oneProcessOfASystemWideRecording() throws Exception {
        Path data = Recordings.record(dir, "a1.data", List.of("-a", "-g", "-F", "499"), cpp.toString());
        Process script = new ProcessBuilder("perf", "script", "-i", data.toString(), "-F", "comm,pid")
                .redirectErrorStream(true).start();
        String printed = new String(script.getInputStream().readAllBytes());
        // the program's comm is "prog t_cpp" (a space in its file name; folded roots say prog_t_cpp)
        long pid = printed.lines().map(String::strip).filter(l -> l.startsWith("prog t_cpp "))
                .map(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).findFirst()
                .orElseThrow(() -> new AssertionError("no sample of the test program in perf script: "
                        + printed.lines().limit(5).toList()));
        assertEquals(0, script.waitFor());
        String whole = withoutPltStacks(folded(new PerfDataReader(COMM, 2).read(data)));
        String ofProgram = whole.lines().filter(l -> l.startsWith("prog_t_cpp;")).map(l -> l + "\n")
                .collect(java.util.stream.Collectors.joining());
        String nativeFold = withoutPltStacks(folded(new PerfDataReader(COMM.withProcess(pid), 2).read(data)));
        String viaPerf = withoutPltStacks(folded(new PerfDataSource("perf", false).process(pid)
                .read(data, new PerfScriptReader(COMM.withProcess(pid), 2))));
        assertTrue(!ofProgram.isEmpty() && whole.length() > ofProgram.length(), "other processes are in the file");
        // before its exec the process was perf's child, "perf-exec"
        assertTrue(nativeFold.lines().allMatch(l -> l.startsWith("prog_t_cpp;") || l.startsWith("perf-exec;")), nativeFold);
        assertEquals(ofProgram, nativeFold.lines().filter(l -> l.startsWith("prog_t_cpp;")).map(l -> l + "\n")
                .collect(java.util.stream.Collectors.joining()));
        assertEquals("", firstDifferences(viaPerf, nativeFold), "native and perf script --pid folds differ");
    }

    private static String withoutPltStacks(String folded) {
        return folded.lines().filter(l -> !l.matches(".*(@plt|;_init)(_\\[k\\])?[; ].*"))
                .map(l -> l + "\n").collect(java.util.stream.Collectors.joining());
    }

    @Test
    void jitMapNamesAnonymousCode() throws Exception {
        assumeTrue(System.getProperty("os.arch").equals("amd64"), "the JIT test's machine code is x86-64");
        Path jit = Recordings.compile(dir, "jit.c", Recordings.JIT);
        Path data = Recordings.record(dir, "jit.data", List.of("-g", "-F", "999"), jit.toString());
        try {
            String folded = sameAsPerfScript(data, ALL);
            // The folded separator ';' in a name becomes ':', as in the text path.
            assertTrue(folded.contains("Ljit/Spin:::loop"), folded);
            assertTrue(sameAsPerfScript(data, List.of(KERNEL)).contains("Ljit/Spin:::loop_[j]"));
        } finally {
            try (var maps = Files.newDirectoryStream(Path.of("/tmp"), "perf-*.map")) {
                for (Path m : maps) {
                    if (Files.readString(m).contains("Ljit/Spin;::loop")) {
                        Files.delete(m);
                    }
                }
            }
        }
    }

    /** A real JVM's map: -XX:+DumpPerfMapAtExit writes "0x00007fe284ec7180 0x0000000000000078 void Spin.main(...)". */
    @Test
    void javaPerfMapWrittenAtExit() throws Exception {
        Path src = dir.resolve("Spin.java");
        Files.writeString(src, "public class Spin { public static void main(String[] a) { long x = 0;"
                + " for (long i = 0; i < 1_000_000_000L; i++) { x += i ^ (x >>> 3); } System.out.println(x); } }");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path data = Recordings.record(dir, "java.data", List.of("-g", "-F", "499"), java,
                "-XX:+UnlockDiagnosticVMOptions", "-XX:+DumpPerfMapAtExit", src.toString());
        String pid = Recordings.stdout(dir, "perf", "script", "-i", data.toString(), "-F", "pid").lines()
                .map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElseThrow();
        try {
            String folded = sameAsPerfScript(data, List.of(COMM, KERNEL));
            assertTrue(folded.contains("Spin.main"), "the JIT-compiled loop is named from the map: " + folded);
        } finally {
            Files.deleteIfExists(Path.of("/tmp/perf-" + pid + ".map"));
        }
    }

    @Test
    void truncatedFileGivesTheSamplesBeforeTheCut() throws Exception {
        Path data = Recordings.record(dir, "cut.data", List.of("-g", "-F", "1999"), cpp.toString());
        byte[] all = Files.readAllBytes(data);
        Path cut = dir.resolve("cut-short.data");
        Files.write(cut, java.util.Arrays.copyOf(all, all.length * 2 / 3 + 3));
        FoldedStacks stacks = new PerfDataReader(COMM, 2).read(cut);
        assertTrue(stacks.warnings().stream().anyMatch(w -> w.contains("damaged")), stacks.warnings().toString());
        assertTrue(stacks.distinctStacks() > 0);
    }

    /** A cut between two records leaves only whole records; the header's data size still tells. */
    @Test
    void fileCutBetweenTwoRecordsIsReportedDamaged() throws Exception {
        Path data = Recordings.record(dir, "cut-whole.data", List.of("-g", "-F", "1999"), cpp.toString());
        byte[] all = Files.readAllBytes(data);
        long boundary = recordBoundaryNear(all, all.length / 2);
        Path cut = dir.resolve("cut-whole-short.data");
        Files.write(cut, java.util.Arrays.copyOf(all, (int) boundary));
        FoldedStacks stacks = new PerfDataReader(COMM, 2).read(cut);
        assertTrue(stacks.warnings().contains(cut + " is damaged at byte " + boundary + "; read the samples before it"),
                stacks.warnings().toString());
        assertTrue(stacks.distinctStacks() > 0);
    }

    /** The offset of the first record that starts at or after {@code near}, walking the data section. */
    private static long recordBoundaryNear(byte[] file, long near) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(file).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        long pos = b.getLong(40);
        long end = pos + b.getLong(48);
        while (pos < near) {
            pos += Short.toUnsignedInt(b.getShort((int) pos + 6));
        }
        assertTrue(pos < end, "the data section ends before byte " + near);
        return pos;
    }

    @Test
    void garbageIsAOneLineError() throws Exception {
        Path junk = dir.resolve("junk.data");
        byte[] b = new byte[4096];
        new java.util.Random(11).nextBytes(b);
        System.arraycopy("PERFILE2".getBytes(StandardCharsets.US_ASCII), 0, b, 0, 8);
        Files.write(junk, b);
        InputException e = assertThrows(InputException.class, () -> new PerfDataReader(COMM, 2).read(junk));
        assertTrue(e.getMessage().startsWith(junk.toString()), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    /** Folds with both readers under each option set, asserts equal output, returns the first. */
    private static String sameAsPerfScript(Path data, List<FoldOptions> optionSets) throws Exception {
        String first = null;
        for (FoldOptions o : optionSets) {
            String viaPerf = folded(new PerfDataSource("perf", false).read(data, new PerfScriptReader(o, 2)));
            String nativeFold = folded(new PerfDataReader(o, 2).read(data));
            assertEquals("", firstDifferences(viaPerf, nativeFold), "native and perf script folds differ for " + o);
            assertFalse(nativeFold.isEmpty());
            first = first == null ? nativeFold : first;
        }
        return first;
    }

    /**
     * The first few lines only one side has ("-" perf script, "+" native), or "" when equal. Functions
     * without symbols (a stripped libstdc++) are FILE+0xSTART natively and [FILE] through perf script:
     * the native fold is compared as perf script names them ({@link Recordings#asPerfScriptNames}).
     */
    private static String firstDifferences(String viaPerfFold, String nativeFunctions) {
        String nativeFold = Recordings.asPerfScriptNames(nativeFunctions);
        String viaPerf = nativeFold.equals(nativeFunctions) ? viaPerfFold : Recordings.sorted(viaPerfFold);
        java.util.Set<String> a = new java.util.LinkedHashSet<>(viaPerf.lines().toList());
        java.util.Set<String> b = new java.util.LinkedHashSet<>(nativeFold.lines().toList());
        StringBuilder sb = new StringBuilder();
        a.stream().filter(l -> !b.contains(l)).limit(5).forEach(l -> sb.append("- ").append(l).append('\n'));
        b.stream().filter(l -> !a.contains(l)).limit(5).forEach(l -> sb.append("+ ").append(l).append('\n'));
        return sb.length() == 0 && !viaPerf.equals(nativeFold) ? "same lines, another order" : sb.toString();
    }

    private static String folded(FoldedStacks s) throws Exception {
        return Recordings.folded(s);
    }
}
