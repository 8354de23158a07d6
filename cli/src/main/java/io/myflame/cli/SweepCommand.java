package io.myflame.cli;

import io.myflame.core.UsageError;
import io.myflame.core.DataError;
import io.myflame.core.output.Terminal;
import io.myflame.core.text.Graph;
import io.myflame.core.text.OutputFormat;
import io.myflame.diff.chart.LineChart;
import io.myflame.recorder.perf.PerfSettings;
import io.myflame.recorder.process.Machine;
import io.myflame.recorder.progress.Progress;
import io.myflame.recorder.Sweep;
import io.myflame.recorder.SweepConfigs;
import io.myflame.recorder.capture.CaptureOutput;
import io.myflame.recorder.workload.Workload;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code myflame sweep}: throughput and latency against client threads, one line per configuration. */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = "Run the workload at each thread count for each configuration (--configs FILE), "
                + "optionally profiling every point; write sweep.json, sweep.csv, qps-vs-threads.svg and p95-vs-threads.svg.")
public final class SweepCommand implements Callable<Integer> {
    @Option(names = "--out", paramLabel = "DIR", converter = OptionValues.OutputDirectory.class,
            required = true, description = "Output directory.")
    Path out;

    @Option(names = "--configs", paramLabel = "FILE",
            description = "INI-like file: [name] sections with server-opt=, basedir=, mariadb=, mysql=, storage-engine= "
                    + "(default: one configuration from the server flags).")
    Path configs;

    @Option(names = "--threads", paramLabel = "N,N,...", split = ",", converter = OptionValues.Positive.class, defaultValue = "1,2,4,8,16,32,64",
            description = "Thread counts. Default: ${DEFAULT-VALUE}.")
    List<Integer> threads = new ArrayList<>();

    @Option(names = "--profile", description = "Run perf at every point (each point becomes a full capture).")
    boolean profile;

    @Option(names = "--force", description = "Replace a sweep already in --out (refused otherwise).")
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
    public Integer call() throws Exception {
        RecordingUsage.checkSweepServer(spec, configs);
        RecordingUsage.check(spec, server, workload);
        if (threads.isEmpty() || threads.stream().anyMatch(t -> t < 1)) {
            throw new UsageError("--threads wants positive counts, e.g. 1,2,4,8");
        }
        boolean sweepThere = holdsSweep(out);
        if (!force && sweepThere) {
            throw new UsageError(out + ": holds a sweep already; --force replaces it (or choose another --out)");
        }
        RecordingUsage.checkSweepOut(out, sweepThere);
        List<SweepConfigs.Config> list = configs();
        Workload w = workload.workload(1);
        PerfSettings ps = profile ? perf.recordable() : null;
        Progress progress = new Progress(System.err, "myflame sweep: ", Terminal.stderrIsTerminal());
        // Every release is fetched and checked first: an unknown version stops the sweep before anything runs.
        Machine machine = Machine.local();
        Sweep.checkServers(list, machine, progress);
        Files.createDirectories(out);
        List<Sweep.Point> points = Sweep.run(list, threads, w, ps, workload.reprepare, out, machine, progress);
        writeOutputs(points, w);
        long failed = points.stream().filter(p -> p.error() != null).count();
        System.out.print(Sweep.csv(points));
        System.out.println("wrote " + out.resolve("sweep.json") + ", sweep.csv, qps-vs-threads.svg, p95-vs-threads.svg");
        if (failed > 0) {
            throw new DataError(failed + " of " + points.size() + " points failed (see sweep.csv)");
        }
        return 0;
    }

    /** A previous sweep's results, or a capture of one of its points (CONFIG/threads-N). */
    private static boolean holdsSweep(Path out) throws java.io.IOException {
        if (Files.exists(out.resolve("sweep.json"))) {
            return true;
        }
        if (!Files.isDirectory(out)) {
            return false;
        }
        try (var points = Files.find(out, 2, (p, a) -> a.isDirectory() && p.getFileName().toString().startsWith("threads-"))) {
            return points.anyMatch(CaptureOutput::holdsCapture);
        }
    }

    private List<SweepConfigs.Config> configs() {
        if (configs == null) {
            return List.of(new SweepConfigs.Config("default", server.choice(), null));
        }
        return SweepConfigs.read(configs);
    }

    private void writeOutputs(List<Sweep.Point> points, Workload w) throws Exception {
        AtomicOutput.write(out.resolve("sweep.json"), o -> {
            Path tmp = Files.createTempFile("sweep", ".json");
            try {
                Sweep.writeJson(points, w, tmp);
                Files.copy(tmp, o);
            } finally {
                Files.deleteIfExists(tmp);
            }
        });
        AtomicOutput.write(out.resolve("sweep.csv"), o -> o.write(Sweep.csv(points).getBytes(StandardCharsets.UTF_8)));
        chart(points, "qps-vs-threads.svg", "QPS vs threads: " + w.name(), "queries per second", r -> r.qps());
        chart(points, "p95-vs-threads.svg", "p95 latency vs threads: " + w.name(), "p95 latency (ms)", r -> r.latencyP95());
    }

    private void chart(List<Sweep.Point> points, String file, String title, String yLabel,
                       ToDoubleFunction<io.myflame.recorder.workload.SysbenchResults> value) throws Exception {
        List<LineChart.Series> series = new ArrayList<>();
        for (String config : points.stream().map(Sweep.Point::config).distinct().toList()) {
            List<Sweep.Point> ok = points.stream()
                    .filter(p -> p.config().equals(config) && p.results() != null && p.results().complete()).toList();
            double[] x = ok.stream().mapToDouble(Sweep.Point::threads).toArray();
            double[] y = ok.stream().mapToDouble(p -> value.applyAsDouble(p.results())).toArray();
            series.add(new LineChart.Series(config, x, y));
        }
        String svg = LineChart.svg(title, "client threads", yLabel, series, true, 800, 500);
        Graph chart = Graph.of(w -> w.write(svg), o -> LineChart.png(title, "client threads", yLabel, series, true, 800, 500, o));
        AtomicOutput.write(out.resolve(file), OutputFormat.SVG, chart);
        // The same chart as a PNG, for pages that take images only.
        AtomicOutput.write(out.resolve(file.replace(".svg", ".png")), OutputFormat.PNG, chart);
    }
}
