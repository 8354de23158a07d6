package io.myflame.diff;

import java.util.Map;

/**
 * What a capture recorded beside the samples, for the counters block: the workload's throughput,
 * the change of the server's status counters over the measured window, and the setup that repeats
 * of one column must share.
 *
 * @param tps    transactions per second, NaN when unknown
 * @param deltas {@code SHOW GLOBAL STATUS} changes over the window ({@code Handler_delete -> 182869})
 * @param setup  workload, server and perf settings, {@code name -> value}
 */
public record RunFacts(double tps, Map<String, Long> deltas, Map<String, String> setup) {
    public static final RunFacts NONE = new RunFacts(Double.NaN, Map.of(), Map.of());

    public RunFacts {
        deltas = Map.copyOf(deltas);
        setup = Map.copyOf(setup);
    }
}
