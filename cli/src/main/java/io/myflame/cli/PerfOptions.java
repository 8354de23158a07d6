package io.myflame.cli;

import io.myflame.core.UsageError;
import io.myflame.recorder.perf.EventProbe;
import io.myflame.recorder.perf.PerfPermissions;
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

    @Option(names = "--overhead-rounds", paramLabel = "N", description = "Rounds of the overhead check, 8 s of "
            + "sysbench each (sampling off, on, on, off in 2 s slices): more rounds measure perf's cost with a "
            + "smaller standard error. 1 to " + PerfSettings.MAX_OVERHEAD_ROUNDS + ". Default: "
            + PerfSettings.DEFAULT_OVERHEAD_ROUNDS + ".")
    Integer overheadRounds;

    @Option(names = "--system-wide", negatable = true, description = "Sample every CPU (perf -a) and keep the "
            + "server's samples (perf.data too), or with --no-system-wide attach perf to the server's threads "
            + "(perf -p PID), whose every switch then switches perf's events: MySQL 8.0.15's DELETE ran at 0.93 of "
            + "its unprofiled rate on every CPU, 0.81 attached. Default: every CPU where perf may (root, or "
            + "perf_event_paranoid 0 or less), else attached.")
    Boolean systemWide;

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
        if (noOverheadCheck && overheadRounds != null) {
            throw new UsageError("--no-overhead-check and --overhead-rounds exclude each other");
        }
        if (overheadRounds != null && overheadRounds < 1) {
            throw new UsageError("--overhead-rounds must be 1 to " + PerfSettings.MAX_OVERHEAD_ROUNDS + ", not "
                    + overheadRounds);
        }
        int rounds = noOverheadCheck ? 0 : overheadRounds == null ? PerfSettings.DEFAULT_OVERHEAD_ROUNDS : overheadRounds;
        if (Boolean.TRUE.equals(systemWide) && PerfPermissions.everyCpuRefusal() != null) {
            throw new UsageError("--system-wide: " + PerfPermissions.everyCpuRefusal());
        }
        boolean everyCpu = systemWide != null ? systemWide : PerfPermissions.everyCpuAllowed();
        return new PerfSettings(perf, event, freq, count, callGraph, rounds, everyCpu);
    }
}
