package io.myflame.cli;

import io.myflame.ingest.io.Terminal;
import io.myflame.ingest.capture.CaptureDirectory;
import io.myflame.recorder.Progress;
import io.myflame.recorder.RecordException;
import io.myflame.recorder.Recorder;
import io.myflame.recorder.workload.SysbenchResults;
import java.io.PrintStream;
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

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1", description = "sysbench threads. Default: ${DEFAULT-VALUE}.")
    int threads;

    @Option(names = "--cleanup", description = "Drop the sbtest tables afterwards.")
    boolean cleanup;

    @Mixin
    ServerOptions server = new ServerOptions();

    @Mixin
    WorkloadOptions workload = new WorkloadOptions();

    @Mixin
    PerfOptions perf = new PerfOptions();

    @Override
    public Integer call() {
        Recorder.Options o = new Recorder.Options(out, server.choice(), workload.workload(threads), perf.settings(),
                workload.reprepare, cleanup);
        SysbenchResults r = run(o, "myflame record: ");
        printSummary(System.out, out, r);
        return 0;
    }

    /** Records, turning a failure into the one-line error of exit 1. */
    static SysbenchResults run(Recorder.Options o, String prefix) {
        Progress progress = new Progress(System.err, prefix, Terminal.stderrIsTerminal());
        try {
            return Recorder.record(o, progress);
        } catch (RecordException e) {
            throw new Main.DataError(e.getMessage());
        }
    }

    static void printSummary(PrintStream ps, Path dir, SysbenchResults r) {
        String event = "?";
        String binlog = "";
        try {
            CaptureDirectory c = CaptureDirectory.open(dir);
            event = c.event();
            com.fasterxml.jackson.databind.JsonNode meta = new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(dir.resolve(CaptureDirectory.METADATA).toFile());
            com.fasterxml.jackson.databind.JsonNode b = meta.path("counters").path("per_transaction").path("binlog_bytes");
            if (b.isNumber() && b.asDouble() > 0) {
                binlog = String.format(Locale.ROOT, ", %.0f binlog bytes/txn", b.asDouble());
            }
            ps.printf(Locale.ROOT, "capture: %s%n%s: %.1f tps, %.1f qps, p95 %.2f ms; perf: %d samples of %s%s%n",
                    dir, meta.path("server").path("version").asText(), r.tps(), r.qps(), r.latencyP95(),
                    meta.path("perf").path("samples").asLong(), event, binlog);
        } catch (Exception e) {
            ps.println("capture: " + dir);
        }
    }
}
