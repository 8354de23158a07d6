package io.myflame.cli;

import io.myflame.core.text.Escape;
import io.myflame.core.output.Terminal;
import io.myflame.ingest.capture.CaptureDirectory;
import io.myflame.ingest.capture.CaptureRecord;
import io.myflame.recorder.progress.Progress;
import io.myflame.recorder.Recorder;
import io.myflame.recorder.capture.CaptureOutput;
import io.myflame.recorder.workload.SysbenchResults;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code myflame record}: server + sysbench + perf record → a capture directory. */
@Command(name = "record", mixinStandardHelpOptions = true,
        description = "Run a sysbench workload against a server with perf attached for the measured window, "
                + "and write a capture directory (capture.json, perf.data, stacks.folded, sysbench output, status).")
public final class RecordCommand implements Callable<Integer> {
    @Option(names = "--out", paramLabel = "DIR", converter = OptionValues.OutputDirectory.class,
            required = true, description = "Capture directory to write.")
    Path out;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1", converter = OptionValues.Positive.class, description = "sysbench threads. Default: ${DEFAULT-VALUE}.")
    int threads;

    @Option(names = "--cleanup", description = "Drop the sbtest tables afterwards.")
    boolean cleanup;

    @Option(names = "--force", description = "Replace a capture already in --out (refused otherwise).")
    boolean force;

    @Mixin
    ServerOptions server = new ServerOptions();

    @Mixin
    WorkloadOptions workload = new WorkloadOptions();

    @Mixin
    PerfOptions perf = new PerfOptions();

    @Override
    public Integer call() {
        CaptureOutput.checkReplace(out, force);
        Recorder.Options o = new Recorder.Options(out, server.choice(), workload.workload(threads), perf.recordable(),
                workload.reprepare, cleanup, force);
        SysbenchResults r = run(o, "myflame record: ");
        printSummary(System.out, out, r);
        return 0;
    }

    /** Records with progress on stderr. */
    static SysbenchResults run(Recorder.Options o, String prefix) {
        return Recorder.record(o, new Progress(System.err, prefix, Terminal.stderrIsTerminal()));
    }

    static void printSummary(PrintStream ps, Path dir, SysbenchResults r) {
        try {
            CaptureDirectory c = CaptureDirectory.open(dir);
            CaptureRecord meta = c.record();
            Double b = meta.counters() == null || meta.counters().perTransaction() == null ? null
                    : meta.counters().perTransaction().get("binlog_bytes");
            String binlog = b != null && b > 0 ? String.format(Locale.ROOT, ", %.0f binlog bytes/txn", b) : "";
            // The server reported its version: shown, like every message, without its control characters.
            ps.print(Escape.message(String.format(Locale.ROOT,
                    "capture: %s%n%s: %.1f tps, %.1f qps, p95 %.2f ms; perf: %d samples of %s%s%n",
                    dir, meta.serverVersion() == null ? "" : meta.serverVersion(), r.tps(), r.qps(), r.latencyP95(),
                    meta.perf() == null || meta.perf().samples() == null ? 0 : meta.perf().samples(), meta.event(), binlog)));
            ps.println(checks(meta));
        } catch (Exception e) {
            ps.println(Escape.message("capture: " + dir));
        }
    }

    /**
     * One line of the capture's self-checks, e.g. {@code checks: 1.000 rows deleted per DELETE, 0.000
     * buffer-pool reads/txn, server on CPU 0.64 of 1, 41.8% truncated stacks, 0.7% unresolved samples; 0 warnings}.
     */
    static String checks(CaptureRecord meta) {
        CaptureRecord.Checks c = meta.checks() == null
                ? new CaptureRecord.Checks(null, null, null, null, null, null, null, null, null) : meta.checks();
        List<String> parts = new ArrayList<>();
        CaptureRecord.Rows rows = c.rows();
        if (rows != null && rows.rowsPerStatement() != null) {
            String verb = meta.workload() == null || meta.workload().rowWork() == null ? "changed" : meta.workload().rowWork();
            parts.add(String.format(Locale.ROOT, "%.3f rows %s per %s", rows.rowsPerStatement(), verb,
                    rows.statement() == null ? "" : rows.statement()));
        }
        if (c.bufferPoolReadsPerTransaction() != null) {
            parts.add(String.format(Locale.ROOT, "%.3f buffer-pool reads/txn", c.bufferPoolReadsPerTransaction()));
        }
        if (c.serverCpusBusy() != null) {
            parts.add(String.format(Locale.ROOT, "server on CPU %.2f of %d", c.serverCpusBusy(),
                    c.expectedCpusBusy() == null ? 0 : c.expectedCpusBusy()));
        }
        if (c.truncatedShare() != null) {
            parts.add(String.format(Locale.ROOT, "%.1f%% truncated stacks", 100 * c.truncatedShare()));
        }
        if (c.unresolvedShare() != null) {
            parts.add(String.format(Locale.ROOT, "%.1f%% unresolved samples", 100 * c.unresolvedShare()));
        }
        int warnings = meta.warnings() == null ? 0 : meta.warnings().size();
        return "checks: " + String.join(", ", parts) + "; " + warnings + " warning" + (warnings == 1 ? "" : "s")
                + (warnings == 0 ? "" : " (in capture.json and above)");
    }
}
