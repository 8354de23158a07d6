package io.myflame.cli;

import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.export.PprofExport;
import io.myflame.load.AnalysisInput;
import io.myflame.load.CaptureSummary;
import io.myflame.load.Warnings;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code myflame export}: a profile in the format fleet profilers ingest (pprof). */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Write a profile as pprof (gzip'd profile.proto) for Grafana Pyroscope, Parca or go tool pprof. "
                + "For folded stacks use 'myflame collapse'.")
public final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "INPUT", description = "Capture directory, perf.data, perf script text or folded stacks.")
    String input;

    @Option(names = "--format", paramLabel = "pprof", defaultValue = "pprof", description = "Default: ${DEFAULT-VALUE}.")
    String format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true, converter = OptionValues.OutputFile.class,
            description = "The file to write, e.g. mysqld.pb.gz.")
    Path output;

    @Mixin
    AnalysisOptions analysis = new AnalysisOptions();

    @Override
    public Integer call() throws Exception {
        CommandOutputs.EXPORT.choose(format, output);
        Warnings warnings = new Warnings();
        AnalysisInput loaded = analysis.loading().load(input);
        warnings.addAll(loaded.warnings());
        Profile profile = loaded.profile();
        Map<String, String> metadata = new LinkedHashMap<>();
        long durationNanos = 0;
        CaptureSummary capture = loaded.capture();
        if (capture != null) {
            put(metadata, "server_version", ProfileInfo.shortVersion(capture.serverVersion()));
            put(metadata, "server", capture.serverVersion());
            put(metadata, "workload", capture.workloadName());
            durationNanos = Math.round(capture.durationSeconds().orElse(0) * 1e9);
        }
        put(metadata, "event", profile.info().event());
        long duration = durationNanos;
        // --weight samples: the second value counts samples, so it must not claim the event's unit
        // (cpu/nanoseconds would show 2817 samples as 2.8 µs of CPU); it becomes weight/count.
        Profile typed = analysis.weight.equals("samples") ? profile.withInfo(profile.info().withEvent(null)) : profile;
        AtomicOutput.write(output, out -> PprofExport.write(typed, metadata, duration, out));
        warnings.print(spec.commandLine().getErr(), "myflame export");
        return 0;
    }

    private static void put(Map<String, String> m, String key, String value) {
        if (value != null) {
            m.put(key, value);
        }
    }
}
