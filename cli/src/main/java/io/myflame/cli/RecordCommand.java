package io.myflame.cli;

import io.myflame.core.output.Terminal;
import io.myflame.core.text.Escape;
import io.myflame.load.CaptureSummary;
import io.myflame.recorder.process.Machine;
import io.myflame.recorder.progress.Progress;
import io.myflame.recorder.Recorder;
import io.myflame.recorder.capture.CaptureOutput;
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
        description = "Run a sysbench workload against a server with perf sampling it for the measured window, "
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

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        RecordingUsage.check(spec, server, workload);
        CaptureOutput.checkReplace(out, force);
        Recorder.Options o = new Recorder.Options(out, server.choice(), workload.workload(threads), perf.recordable(),
                workload.reprepare, cleanup, force);
        SysbenchResults r = run(o, "myflame record: ");
        printSummary(System.out, out, r);
        return 0;
    }

    /** Records on this machine, with progress on stderr. */
    static SysbenchResults run(Recorder.Options o, String prefix) {
        return Recorder.record(o, Machine.local(), new Progress(System.err, prefix, Terminal.stderrIsTerminal()));
    }

    static void printSummary(PrintStream ps, Path dir, SysbenchResults r) {
        try {
            CaptureSummary meta = CaptureSummary.read(dir);
            // The server reported its version: shown, like every message, without its control characters.
            ps.print(Escape.message(String.format(Locale.ROOT,
                    "capture: %s%n%s: %.1f tps, %.1f qps, p95 %.2f ms; %s%n",
                    dir, meta.serverVersion() == null ? "" : meta.serverVersion(), r.tps(), r.qps(), r.latencyP95(),
                    meta.perfLine())));
            ps.println(meta.checks());
        } catch (Exception e) {
            ps.println(Escape.message("capture: " + dir));
        }
    }
}
