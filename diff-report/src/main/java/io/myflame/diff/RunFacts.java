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
        // In their given order: Map.copyOf's order changes from run to run, and the warning that repeats
        // differ lists the setup entries in this order.
        deltas = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(deltas));
        setup = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(setup));
    }
}
