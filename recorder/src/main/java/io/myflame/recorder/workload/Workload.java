package io.myflame.recorder.workload;

import java.util.List;

/**
 * A sysbench workload: a bundled test name ({@code oltp_delete}) or a Lua script path, its table
 * layout, concurrency and timing.
 *
 * @param name          bundled test or path to a Lua script
 * @param tables        number of sbtest tables
 * @param tableSize     rows per table after prepare
 * @param threads       client threads of the measured run
 * @param seconds       length of the measured run (perf samples during it)
 * @param warmup        seconds of load before the measured run, not sampled
 * @param randType      sysbench --rand-type, or null for its default
 * @param storageEngine engine of the prepared tables, or null for the server's default
 * @param extra         further sysbench options, passed as given
 */
public record Workload(String name, int tables, int tableSize, int threads, int seconds, int warmup,
                       String randType, String storageEngine, List<String> extra) {

    public static final String DATABASE = "sbtest";

    public Workload {
        extra = List.copyOf(extra);
        if (tables < 1 || tableSize < 1 || threads < 1 || seconds < 1 || warmup < 0) {
            throw new IllegalArgumentException("--tables, --table-size, --threads and --time must be positive "
                    + "and --warmup not negative");
        }
    }

    public Workload withThreads(int t) {
        return new Workload(name, tables, tableSize, t, seconds, warmup, randType, storageEngine, extra);
    }

    public Workload withStorageEngine(String engine) {
        return new Workload(name, tables, tableSize, threads, seconds, warmup, randType, engine, extra);
    }
}
