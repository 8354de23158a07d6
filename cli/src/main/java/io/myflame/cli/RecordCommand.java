package io.myflame.cli;

import io.myflame.core.text.Escape;
import io.myflame.ingest.io.Terminal;
import io.myflame.ingest.capture.CaptureDirectory;
import io.myflame.recorder.progress.Progress;
import io.myflame.recorder.Recorder;
import io.myflame.recorder.capture.CaptureOutput;
import io.myflame.recorder.workload.SysbenchResults;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Capture directory to write.")
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
            JsonNode meta = new ObjectMapper().readTree(dir.resolve(CaptureDirectory.METADATA).toFile());
            JsonNode b = meta.path("counters").path("per_transaction").path("binlog_bytes");
            String binlog = b.isNumber() && b.asDouble() > 0
                    ? String.format(Locale.ROOT, ", %.0f binlog bytes/txn", b.asDouble()) : "";
            // The server reported its version: shown, like every message, without its control characters.
            ps.print(Escape.message(String.format(Locale.ROOT,
                    "capture: %s%n%s: %.1f tps, %.1f qps, p95 %.2f ms; perf: %d samples of %s%s%n",
                    dir, meta.path("server").path("version").asText(), r.tps(), r.qps(), r.latencyP95(),
                    meta.path("perf").path("samples").asLong(), c.event(), binlog)));
            ps.println(checks(meta));
        } catch (Exception e) {
            ps.println(Escape.message("capture: " + dir));
        }
    }

    /**
     * One line of the capture's self-checks, e.g. {@code checks: 1.000 rows deleted per DELETE, 0.000
     * buffer-pool reads/txn, server on CPU 0.64 of 1, 41.8% truncated stacks, 0.7% unresolved samples; 0 warnings}.
     */
    static String checks(JsonNode meta) {
        JsonNode c = meta.path("checks");
        List<String> parts = new ArrayList<>();
        JsonNode rows = c.path("rows");
        if (rows.has("rows_per_statement")) {
            parts.add(String.format(Locale.ROOT, "%.3f rows %s per %s", rows.path("rows_per_statement").asDouble(),
                    meta.path("workload").path("row_work").asText("changed"), rows.path("statement").asText()));
        }
        if (c.has("buffer_pool_reads_per_transaction")) {
            parts.add(String.format(Locale.ROOT, "%.3f buffer-pool reads/txn",
                    c.path("buffer_pool_reads_per_transaction").asDouble()));
        }
        if (c.has("server_cpus_busy")) {
            parts.add(String.format(Locale.ROOT, "server on CPU %.2f of %d", c.path("server_cpus_busy").asDouble(),
                    c.path("expected_cpus_busy").asInt()));
        }
        if (c.has("truncated_share")) {
            parts.add(String.format(Locale.ROOT, "%.1f%% truncated stacks", 100 * c.path("truncated_share").asDouble()));
        }
        if (c.has("unresolved_share")) {
            parts.add(String.format(Locale.ROOT, "%.1f%% unresolved samples", 100 * c.path("unresolved_share").asDouble()));
        }
        int warnings = meta.path("warnings").size();
        return "checks: " + String.join(", ", parts) + "; " + warnings + " warning" + (warnings == 1 ? "" : "s")
                + (warnings == 0 ? "" : " (in capture.json and above)");
    }
}
