package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Names travel with the profile: a capture recorded here, read where {@code /proc/kallsyms},
 * {@code ~/.debug} and the server's binaries are hidden ({@link MaskedMachine}), names every
 * function {@code perf report --children} names on the recording machine, with the same shares;
 * a plain perf.data does the same with perf archive's tarball beside it, or with {@code --symfs}. The capture is
 * recorded with perf attached to the server's threads ({@code --no-system-wide}), the other of record's two ways.
 */
@Records
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PortableSymbolsIT {
    private static final double SHOWN = 0.5;

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
                "--no-overhead-check", "--table-size", "10000", "--freq", "499", "--no-system-wide");
        assertEquals(0, p.waitFor(1200), p.err());
        // perf attached to the server's threads (record's default is every CPU where perf may): the other way exact too
        assertTrue(new ObjectMapper().readTree(cap.resolve("capture.json").toFile()).at("/perf/command").asText()
                .contains(" -p "), "perf -p PID");
        String binary = new ObjectMapper().readTree(cap.resolve("capture.json").toFile()).at("/server/binary").asText();
        binaries = Path.of(binary).getParent();
        assertTrue(Files.isRegularFile(cap.resolve("perf.data.symbols")), "record keeps the symbols beside perf.data");
    }

    @Test
    void captureReadsTheSameOnAMachineWithNoneOfItsFiles() throws Exception {
        List<ReportComparison.PerfRow> perf = ReportComparison.perfReport(cap.resolve("perf.data"));
        Myflame.Result ours = MaskedMachine.run(tmp, List.of(binaries), "report", cap.resolve("perf.data").toString(),
                "--top", "0");
        assertEquals(0, ours.exit(), ours.err());
        assertFalse(ours.out().contains("[["), ours.out());
        ReportComparison.Comparison c = ReportComparison.compare(perf, rows(ours.out()), SHOWN);
        assertEquals(List.of(), c.mismatches(), "functions perf report names at >= 0.5 % on the recording machine");
        assertTrue(c.compared() >= 30, "too few functions compared: " + c.compared());
        assertTrue(c.kernel() >= 5, "too few kernel functions compared: " + c.kernel());
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

    private static Map<String, double[]> rows(String table) {
        return ReportComparison.rows(table);
    }

    private static void run(Path dir, String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), String.join(" ", cmd) + " did not finish");
        assumeTrue(p.exitValue() == 0 || !cmd[0].equals("gcc"), "gcc cannot build the test program");
        assertEquals(0, p.exitValue(), String.join(" ", cmd));
    }
}
