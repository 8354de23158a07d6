package io.myflame.cli;

import io.myflame.recorder.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The sysbench workload flags shared by record, sweep and demo. */
public final class WorkloadOptions {
    @Option(names = "--workload", paramLabel = "NAME|PATH", defaultValue = "oltp_point_select",
            description = "sysbench test (oltp_point_select, oltp_delete, oltp_read_only, oltp_update_index, ...) "
                    + "or a Lua script. oltp_delete is myflame's: each transaction deletes one existing row "
                    + "(sysbench's own: give its path). Default: ${DEFAULT-VALUE}.")
    String workload;

    @Option(names = "--tables", paramLabel = "N", defaultValue = "1", description = "sbtest tables. Default: ${DEFAULT-VALUE}.")
    int tables;

    @Option(names = "--table-size", paramLabel = "ROWS", defaultValue = "10000", description = "Rows per table. Default: ${DEFAULT-VALUE}.")
    int tableSize;

    @Option(names = "--time", paramLabel = "S", defaultValue = "20", converter = OptionValues.Positive.class, description = "Seconds of the measured run. Default: ${DEFAULT-VALUE}.")
    int time;

    @Option(names = "--warmup", paramLabel = "S", defaultValue = "5", description = "Seconds of load before sampling. Default: ${DEFAULT-VALUE}.")
    int warmup;

    @Option(names = "--rand-type", paramLabel = "TYPE", description = "sysbench --rand-type (uniform, gaussian, special, pareto).")
    String randType;

    @Option(names = "--storage-engine", paramLabel = "ENGINE", description = "Engine of the prepared tables, e.g. rocksdb.")
    String storageEngine;

    @Option(names = "--sysbench-opt", paramLabel = "--OPT=VALUE", description = "Passed to sysbench as given (repeatable).")
    List<String> sysbenchOpts = new ArrayList<>();

    @Option(names = "--reprepare", description = "Drop and recreate the tables even when they exist.")
    boolean reprepare;

    /** The workload at {@code threads} client threads. */
    public Workload workload(int threads) {
        Workload w = new Workload(workload, tables, tableSize, threads, time, warmup, randType, storageEngine, sysbenchOpts);
        io.myflame.recorder.workload.Sysbench.checkFindable(workload);
        return w;
    }
}
