package io.myflame.cli;

import io.myflame.recorder.perf.PerfSettings;
import picocli.CommandLine.Option;

/** How perf samples the server during the measured run. */
public final class PerfOptions {
    @Option(names = "--event", paramLabel = "EVENT", defaultValue = "cycles", description = "perf event. Default: ${DEFAULT-VALUE}.")
    String event;

    @Option(names = "--freq", paramLabel = "HZ", description = "Samples per second (perf -F; perf's default otherwise).")
    Integer freq;

    @Option(names = "--count", paramLabel = "N", description = "Events per sample (perf -c).")
    Long count;

    @Option(names = "--call-graph", paramLabel = "fp|dwarf|lbr", defaultValue = "fp", description = "Default: ${DEFAULT-VALUE}.")
    String callGraph;

    @Option(names = "--perf", paramLabel = "PATH", defaultValue = "perf", description = "The perf binary. Default: ${DEFAULT-VALUE}.")
    String perf;

    public PerfSettings settings() {
        try {
            return new PerfSettings(perf, event, freq, count, callGraph);
        } catch (IllegalArgumentException e) {
            throw new Main.UsageError(e.getMessage());
        }
    }
}
