package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Names travel with the profile: a capture recorded here, read where {@code /proc/kallsyms},
 * {@code ~/.debug} and the server's binaries are hidden ({@link MaskedMachine}), names every
 * function {@code perf report --children} names on the recording machine, with the same shares;
 * a plain perf.data does the same with perf archive's tarball beside it, or with {@code --symfs}.
 */
@Records
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PortableSymbolsIT {
    /** "    61.96%     0.03%  [k] do_syscall_64      -      -" */
    private static final Pattern PERF_ROW = Pattern.compile("^\\s*([\\d.]+)%\\s+([\\d.]+)%\\s+\\[(.)\\]\\s(.*)$");
    private static final Pattern OUR_ROW = Pattern.compile("^\\s*([\\d.]+)%\\s+([\\d.]+)%\\s+(.+)$", Pattern.MULTILINE);
    private static final double SHOWN = 0.5;
    private static final double TOLERANCE = 0.01;

    private Path tmp;
    private Path cap;
    private Path binaries;

    @BeforeAll
    void recordACapture(@TempDir Path dir) throws Exception {
        tmp = dir;
        RealParts.assumeRecordingPossible();
        MaskedMachine.assumePossible();
        cap = tmp.resolve("cap");
        Myflame.Running p = Myflame.start(tmp.resolve("record-log"), "record", "--out", cap.toString(),
                "--mariadb", "11.4.5", "--workload", "oltp_delete", "--threads", "1", "--time", "5", "--warmup", "2",
                "--no-overhead-check", "--table-size", "10000", "--freq", "499");
        assertEquals(0, p.waitFor(1200), p.err());
        String binary = new ObjectMapper().readTree(cap.resolve("capture.json").toFile()).at("/server/binary").asText();
        binaries = Path.of(binary).getParent();
        assertTrue(Files.isRegularFile(cap.resolve("perf.data.symbols")), "record keeps the symbols beside perf.data");
    }

    @Test
    void captureReadsTheSameOnAMachineWithNoneOfItsFiles() throws Exception {
        List<PerfRow> perf = perfReport(cap.resolve("perf.data"));
        Myflame.Result ours = MaskedMachine.run(tmp, List.of(binaries), "report", cap.resolve("perf.data").toString(),
                "--top", "0");
        assertEquals(0, ours.exit(), ours.err());
        assertFalse(ours.out().contains("[["), ours.out());
        Map<String, double[]> rows = rows(ours.out());
        Map<String, Integer> perName = new HashMap<>();
        perf.forEach(r -> perName.merge(r.function(), 1, Integer::sum));
        List<String> mismatches = new ArrayList<>();
        int compared = 0;
        int kernel = 0;
        for (PerfRow r : perf) {
            if (r.children() < SHOWN || r.unresolved() || perName.get(r.function()) > 1) {
                continue;
            }
            double[] v = rows.getOrDefault(r.function(), new double[] {0, 0});
            if (Math.abs(v[0] - r.children()) > TOLERANCE || Math.abs(v[1] - r.self()) > TOLERANCE) {
                mismatches.add(r.function() + ": perf " + r.children() + "/" + r.self() + ", myflame " + v[0] + "/" + v[1]);
            }
            compared++;
            kernel += r.kernel() ? 1 : 0;
        }
        assertEquals(List.of(), mismatches, "functions perf report names at >= 0.5 % on the recording machine");
        assertTrue(compared >= 30, "too few functions compared: " + compared);
        assertTrue(kernel >= 5, "too few kernel functions compared: " + kernel);
    }

    @Test
    void withoutItsArchiveKernelFramesAreUnnamedAndTheWarningSaysHowToSupplyThem() throws Exception {
        Path alone = Files.createDirectories(tmp.resolve("alone")).resolve("perf.data");
        Files.copy(cap.resolve("perf.data"), alone);
        Myflame.Result r = MaskedMachine.run(tmp, List.of(binaries), "report", alone.toString(), "--top", "0");
        assertEquals(0, r.exit(), r.err());
        Map<String, double[]> rows = rows(r.out());
        assertTrue(rows.containsKey("[kernel.kallsyms]"), r.out());
        assertFalse(rows.containsKey("do_syscall_64"), r.out());
        assertFalse(r.out().contains("[["), r.out());
        assertTrue(r.err().contains("kernel symbols not found"), r.err());
        assertTrue(r.err().contains("no symbols for " + binaries.resolve("mariadbd")), r.err());
        assertTrue(r.err().contains("perf archive") && r.err().contains("DEBUGINFOD_URLS"), r.err());
    }

    @Test
    void plainPerfDataWithPerfArchivesTarballOrSymfs() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path src = bin.resolve("burn.c");
        Files.writeString(src, """
                #include <stdlib.h>
                volatile unsigned long sink;
                __attribute__((noinline)) void burn_leaf(int n) { for (int i = 0; i < n; i++) sink += i * 7; }
                __attribute__((noinline)) void burn_middle(int n) { burn_leaf(n); burn_leaf(n / 2); }
                int main(void) { for (int k = 0; k < 3000; k++) burn_middle(200000); return 0; }
                """);
        run(tmp, "gcc", "-O1", "-fno-omit-frame-pointer", "-mno-omit-leaf-frame-pointer", "-o", bin.resolve("burn").toString(), src.toString());
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        run(plain, "perf", "record", "-g", "-F", "999", "-o", "perf.data", bin.resolve("burn").toString());
        run(plain, "perf", "archive", "perf.data");
        assertTrue(Files.isRegularFile(plain.resolve("perf.data.tar.bz2")));

        Myflame.Result r = MaskedMachine.run(tmp, List.of(bin), "report", plain.resolve("perf.data").toString(), "--top", "0");
        assertEquals(0, r.exit(), r.err());
        assertTrue(rows(r.out()).containsKey("burn_leaf"), r.out());
        assertTrue(r.err().contains("names from perf archive's"), r.err());

        Path moved = Files.createDirectories(tmp.resolve("without-tarball")).resolve("perf.data");
        Files.copy(plain.resolve("perf.data"), moved);
        Myflame.Result bare = MaskedMachine.run(tmp, List.of(bin), "report", moved.toString(), "--top", "0");
        assertFalse(rows(bare.out()).containsKey("burn_leaf"), "the binary was hidden: " + bare.out());

        // --symfs: the recording machine's files under another root, as perf's option reads them.
        Path symfs = tmp.resolve("symfs");
        Path copy = Path.of(symfs.toString(), bin.resolve("burn").toString());
        Files.createDirectories(copy.getParent());
        Files.copy(bin.resolve("burn"), copy);
        Myflame.Result withSymfs = MaskedMachine.run(tmp, List.of(bin), "report", moved.toString(), "--top", "0",
                "--symfs", symfs.toString());
        assertEquals(0, withSymfs.exit(), withSymfs.err());
        assertTrue(rows(withSymfs.out()).containsKey("burn_leaf"), withSymfs.out());
    }

    record PerfRow(double children, double self, boolean kernel, String symbol, String function) {
        boolean unresolved() {
            return symbol.startsWith("0x") || symbol.matches("[0-9a-f]{16}");
        }
    }

    /** {@code perf report --children} of {@code data} on this machine, where every file is where perf saw it. */
    private static List<PerfRow> perfReport(Path data) throws Exception {
        // --no-inline: perf adds inlined frames to dwarf call chains, which myflame does not name.
        Process p = new ProcessBuilder("perf", "report", "-i", data.toString(), "--no-inline", "--children", "--stdio",
                "--sort", "symbol", "-g", "none").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(5, TimeUnit.MINUTES) && p.exitValue() == 0, "perf report failed");
        List<PerfRow> rows = new ArrayList<>();
        for (String line : out.split("\n")) {
            Matcher m = PERF_ROW.matcher(line);
            if (!line.startsWith("#") && m.matches()) {
                String symbol = m.group(4).replaceFirst("\\s+-\\s+-\\s*$", "").strip();
                rows.add(new PerfRow(Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
                        m.group(3).equals("k"), symbol, io.myflame.ingest.fold.SymbolTidy.functionName(symbol)));
            }
        }
        return rows;
    }

    /** myflame's table: function → {children, self}. */
    private static Map<String, double[]> rows(String table) {
        Map<String, double[]> m = new HashMap<>();
        Matcher row = OUR_ROW.matcher(table);
        while (row.find()) {
            m.put(row.group(3).strip(), new double[] {Double.parseDouble(row.group(1)), Double.parseDouble(row.group(2))});
        }
        return m;
    }

    private static void run(Path dir, String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), String.join(" ", cmd) + " did not finish");
        assumeTrue(p.exitValue() == 0 || !cmd[0].equals("gcc"), "gcc cannot build the test program");
        assertEquals(0, p.exitValue(), String.join(" ", cmd));
    }
}
