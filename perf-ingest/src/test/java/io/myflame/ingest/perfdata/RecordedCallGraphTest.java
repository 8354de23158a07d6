package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.myflame.core.model.CallGraph;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The call-graph mode read from real perf.data headers, recorded here with real perf. */
class RecordedCallGraphTest {
    @TempDir
    Path tmp;

    @Test
    void eachModeAsRecorded() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/perf")), "perf not installed");
        assertEquals(CallGraph.FP, RecordedCallGraph.of(record("fp.data", "-g")));
        assertEquals(CallGraph.DWARF, RecordedCallGraph.of(record("dwarf.data", "--call-graph", "dwarf")));
        assertEquals(CallGraph.DWARF, RecordedCallGraph.of(record("dwarf-64k.data", "--call-graph", "dwarf,65528")));
        assertEquals(CallGraph.NONE, RecordedCallGraph.of(record("none.data")));
    }

    @Test
    void theBundledCapturesSayHowTheyWereRecorded() throws Exception {
        assertEquals(CallGraph.FP, RecordedCallGraph.of(bundled("mariadb-11.4.5-oltp_delete-fp")));
        assertEquals(CallGraph.DWARF, RecordedCallGraph.of(bundled("mariadb-11.4.5-oltp_delete")));
    }

    private Path bundled(String capture) throws Exception {
        Path xz = Path.of(System.getProperty("myflame.samples", "../samples"))
                .resolve("captures").resolve(capture).resolve("perf.data.xz");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/xz")) && Files.isRegularFile(xz), "xz or the capture missing");
        Path data = tmp.resolve(capture + ".data");
        assertEquals(0, run(List.of("sh", "-c", "xz -dc \"$0\" > \"$1\"", xz.toString(), data.toString())));
        return data;
    }

    @Test
    void whatItCannotReadIsUnknown() throws Exception {
        Path text = Files.writeString(tmp.resolve("perf.script"), "mysqld 1 1.0: 1 cpu-clock:\n\tffff f (x)\n");
        assertEquals(CallGraph.UNKNOWN, RecordedCallGraph.of(text));
        assertEquals(CallGraph.UNKNOWN, RecordedCallGraph.of(tmp.resolve("missing")));
        // A pipe-mode perf.data: its events are records, not a header section.
        Path pipe = Files.write(tmp.resolve("pipe.data"), "PERFILE2".getBytes());
        Files.write(pipe, new byte[] {16, 0, 0, 0, 0, 0, 0, 0}, java.nio.file.StandardOpenOption.APPEND);
        assertEquals(CallGraph.UNKNOWN, RecordedCallGraph.of(pipe));
        // A header cut short.
        Path cut = Files.write(tmp.resolve("cut.data"), "PERFILE2\u0068\0\0\0".getBytes());
        assertEquals(CallGraph.UNKNOWN, RecordedCallGraph.of(cut));
    }

    private Path record(String name, String... callGraph) throws Exception {
        Path out = tmp.resolve(name);
        List<String> cmd = new ArrayList<>(List.of("perf", "record", "-q", "-e", "cpu-clock"));
        cmd.addAll(List.of(callGraph));
        cmd.addAll(List.of("-o", out.toString(), "--", "true"));
        assumeTrue(run(cmd) == 0, "perf cannot record here: " + cmd);
        return out;
    }

    private int run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        return p.exitValue();
    }
}
