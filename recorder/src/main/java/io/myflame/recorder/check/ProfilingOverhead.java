package io.myflame.recorder.check;

import io.myflame.recorder.capture.CaptureMetadata;
import io.myflame.recorder.progress.Progress;
import java.util.Locale;

/**
 * How much perf slowed the workload it profiled: the measured window's throughput (perf attached)
 * against the warm-up's (same server, same workload, no perf). A dwarf call graph copies tens of
 * kilobytes of stack per sample (the bundled point-select capture lost a seventh of its rate at
 * 499 Hz), and a higher --freq costs in proportion. The CPU proportions still describe the work done, but lock
 * waits, latencies and the mix of background work (purge, flushing) shift with the rate, so a
 * reader should know. It is a comparison of two windows, not a controlled measurement, and only
 * made when both ran on the same table: myflame's DELETE grows its table for the window and
 * empties it during the warm-up, which by itself changes the rate (its frame-pointer capture at
 * 499 Hz, nearly free, shows 0.67), so there the warm-up's rate is recorded and no ratio is drawn.
 */
public final class ProfilingOverhead {
    /** Below this ratio of profiled to unprofiled throughput, the capture says so. */
    static final double WARN_BELOW = 0.75;

    private ProfilingOverhead() {
    }

    /**
     * Records {@code workload.warmup_tps} and, when the two windows ran on the same table
     * ({@code sameTable}), {@code checks.profiled_tps_ratio}; warns when perf cost over a quarter.
     */
    public static void check(double warmupTps, double measuredTps, boolean sameTable, String callGraph,
                             CaptureMetadata meta, Progress progress) {
        if (!(warmupTps > 0) || !(measuredTps > 0)) {
            return;
        }
        meta.workload(w -> w.withWarmupTps(WindowChecks.round(warmupTps)));
        if (!sameTable) {
            return;
        }
        double ratio = measuredTps / warmupTps;
        meta.checks(c -> c.withProfiledTpsRatio(WindowChecks.round(ratio)));
        if (ratio < WARN_BELOW) {
            WindowChecks.warn(meta, progress, String.format(Locale.ROOT, "perf slowed the workload: %.0f tps "
                    + "profiled against %.0f in the unprofiled warm-up (%.0f%% of it); proportions of CPU hold, but "
                    + "waits and background work shift with the rate. %s", measuredTps, warmupTps, 100 * ratio,
                    lighter(callGraph)));
        }
    }

    private static String lighter(String callGraph) {
        return callGraph != null && callGraph.startsWith("dwarf")
                ? "A lower --freq, or a smaller dwarf dump, costs less (each sample copies the stack)"
                : "A lower --freq costs less";
    }
}
