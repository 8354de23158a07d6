package io.myflame.recorder.check;

import io.myflame.ingest.capture.CaptureRecord;
import io.myflame.recorder.capture.CaptureMetadata;
import io.myflame.recorder.progress.Progress;
import java.util.Locale;

/**
 * How much perf slowed the workload it profiled. A dwarf call graph copies kilobytes of stack per
 * sample, and a higher --freq costs in proportion. The CPU proportions still describe the work done,
 * but lock waits, latencies and the mix of background work (purge, flushing) shift with the rate, so
 * a reader should know. Measured by switching perf on and off within one run ({@link
 * InterleavedOverhead}); comparing the window with the unprofiled warm-up, the fallback for a perf
 * without control fifos, compares two windows on different table states: even frame pointers, nearly
 * free, read 0.29 to 0.67 that way on myflame's DELETE, whose table grows for the window and empties
 * in the warm-up. So that comparison is only drawn when both ran on the same table.
 */
public final class ProfilingOverhead {
    /** Below this ratio of profiled to unprofiled throughput, the capture says so. */
    static final double WARN_BELOW = 0.75;

    private ProfilingOverhead() {
    }

    /**
     * Records {@code workload.warmup_tps}, and {@code checks.profiled_tps_ratio} with {@code
     * checks.profiling_overhead}: from {@code interleaved} when the check ran, else from the warm-up
     * and the window when they ran on the same table ({@code sameTable}); warns when perf cost over a quarter.
     */
    public static void check(InterleavedOverhead interleaved, double warmupTps, double measuredTps, boolean sameTable,
                             String callGraph, CaptureMetadata meta, Progress progress) {
        if (warmupTps > 0) {
            meta.workload(w -> w.withWarmupTps(WindowChecks.round(warmupTps)));
        }
        if (interleaved != null) {
            record(interleaved.ratio(), new CaptureRecord.ProfilingOverhead("interleaved", interleaved.rounds(),
                    interleaved.profiledSeconds(), interleaved.unprofiledSeconds(),
                    WindowChecks.round(interleaved.profiledTps()), WindowChecks.round(interleaved.unprofiledTps()),
                    Double.isNaN(interleaved.ratioStandardError()) ? null : WindowChecks.round(interleaved.ratioStandardError())),
                    "with perf sampling and without, in turns in one run", callGraph, meta, progress);
        } else if (warmupTps > 0 && measuredTps > 0 && sameTable) {
            record(measuredTps / warmupTps, new CaptureRecord.ProfilingOverhead("warm-up", null, null, null,
                    WindowChecks.round(measuredTps), WindowChecks.round(warmupTps), null),
                    "in the window against the unprofiled warm-up", callGraph, meta, progress);
        }
    }

    private static void record(double ratio, CaptureRecord.ProfilingOverhead how, String measured, String callGraph,
                               CaptureMetadata meta, Progress progress) {
        meta.checks(c -> c.withProfilingOverhead(WindowChecks.round(ratio), how));
        if (ratio < WARN_BELOW) {
            WindowChecks.warn(meta, progress, String.format(Locale.ROOT, "perf slowed the workload: %.0f tps "
                    + "profiled against %.0f unprofiled (%.0f%% of it, %s); proportions of CPU hold, but waits and "
                    + "background work shift with the rate. %s", how.profiledTps(), how.unprofiledTps(), 100 * ratio,
                    measured, lighter(callGraph)));
        }
    }

    private static String lighter(String callGraph) {
        return callGraph != null && callGraph.startsWith("dwarf")
                ? "A lower --freq, or a smaller dwarf dump, costs less (each sample copies the stack)"
                : "A lower --freq costs less";
    }
}
