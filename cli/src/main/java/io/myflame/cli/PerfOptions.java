package io.myflame.cli;

import io.myflame.core.UsageError;
import io.myflame.recorder.perf.EventProbe;
import io.myflame.recorder.perf.PerfSettings;
import io.myflame.recorder.process.Machine;
import picocli.CommandLine.Option;

/** How perf samples the server during the measured run. */
public final class PerfOptions {
    @Option(names = "--event", paramLabel = "EVENT", defaultValue = "cycles", description = "perf event. Default: ${DEFAULT-VALUE}.")
    String event;

    @Option(names = "--freq", paramLabel = "HZ", description = "Samples per second (perf -F). Default: "
            + PerfSettings.DEFAULT_FREQUENCY + " with every call graph (perf's own 4000 costs a busy server far more).")
    Integer freq;

    @Option(names = "--count", paramLabel = "N", description = "Events per sample (perf -c).")
    Long count;

    @Option(names = "--call-graph", paramLabel = "fp|dwarf[,SIZE]|lbr", defaultValue = PerfSettings.DEFAULT_CALL_GRAPH,
            description = "How perf walks stacks: dwarf copies SIZE bytes of stack per sample (up to 65528; a larger "
                    + "SIZE, fewer truncated stacks), fp follows frame pointers (cut short in code built without "
                    + "them, such as Debian's libc). Default: ${DEFAULT-VALUE}.")
    String callGraph;

    @Option(names = "--perf", paramLabel = "PATH", defaultValue = "perf", description = "The perf binary. Default: ${DEFAULT-VALUE}.")
    String perf;

    @Option(names = "--no-overhead-check", description = "Skip the 18 s sysbench run before the measured run that "
            + "measures perf's cost by switching sampling on and off; capture.json then compares the measured run "
            + "with the unprofiled warm-up only (on the same table).")
    boolean noOverheadCheck;

    /**
     * The settings, refused (exit 2) when perf cannot record the event here — found out with a
     * short {@code perf record} of {@code true}, before any server starts or any table is prepared.
     */
    public PerfSettings recordable() {
        return recordable(settings());
    }

    static PerfSettings recordable(PerfSettings s) {
        String problem = EventProbe.problem(s, Machine.local().processes());
        if (problem != null) {
            throw new UsageError(problem);
        }
        return s;
    }

    public PerfSettings settings() {
        return new PerfSettings(perf, event, freq, count, callGraph, !noOverheadCheck);
    }
}
