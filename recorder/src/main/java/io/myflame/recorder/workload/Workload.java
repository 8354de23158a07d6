package io.myflame.recorder.workload;

import io.myflame.core.UsageError;
import java.util.List;
import java.util.Objects;

/**
 * A sysbench workload: a bundled test name ({@code oltp_delete}) or a Lua script path, its table
 * layout, concurrency and timing. Immutable; {@link #defaults()} and the {@code with...} methods
 * build one step by step.
 *
 * <p>{@code oltp_delete} is myflame's own delete workload (a script shipped in this module):
 * sysbench's stock {@code oltp_delete} picks ids at random from a few hot ones and finds no row
 * after the first seconds, so it profiles DELETEs that delete nothing. Give sysbench's script by
 * path ({@code /usr/share/sysbench/oltp_delete.lua}) to run the stock one anyway.
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
    /** The name that runs myflame's delete workload instead of sysbench's. */
    public static final String DELETE = "oltp_delete";

    public Workload {
        Objects.requireNonNull(name);
        extra = List.copyOf(extra);
        if (tables < 1 || tableSize < 1 || threads < 1 || seconds < 1 || warmup < 0) {
            throw new UsageError("--tables, --table-size, --threads and --time must be positive "
                    + "and --warmup not negative");
        }
    }

    /** oltp_point_select on 1 table of 10000 rows, 1 thread, 5 s of warm-up and 20 s measured. */
    public static Workload defaults() {
        return new Workload("oltp_point_select", 1, 10_000, 1, 20, 5, null, null, List.of());
    }

    public Workload withName(String n) {
        return new Workload(n, tables, tableSize, threads, seconds, warmup, randType, storageEngine, extra);
    }

    public Workload withTables(int t) {
        return new Workload(name, t, tableSize, threads, seconds, warmup, randType, storageEngine, extra);
    }

    public Workload withTableSize(int rows) {
        return new Workload(name, tables, rows, threads, seconds, warmup, randType, storageEngine, extra);
    }

    public Workload withThreads(int t) {
        return new Workload(name, tables, tableSize, t, seconds, warmup, randType, storageEngine, extra);
    }

    public Workload withSeconds(int s) {
        return new Workload(name, tables, tableSize, threads, s, warmup, randType, storageEngine, extra);
    }

    public Workload withWarmup(int s) {
        return new Workload(name, tables, tableSize, threads, seconds, s, randType, storageEngine, extra);
    }

    public Workload withRandType(String r) {
        return new Workload(name, tables, tableSize, threads, seconds, warmup, r, storageEngine, extra);
    }

    public Workload withStorageEngine(String engine) {
        return new Workload(name, tables, tableSize, threads, seconds, warmup, randType, engine, extra);
    }

    public Workload withExtra(List<String> e) {
        return new Workload(name, tables, tableSize, threads, seconds, warmup, randType, storageEngine, e);
    }

    /** A test sysbench ships ({@code oltp_update_index}), as opposed to a script path. */
    public boolean bundled() {
        return !name.contains("/") && !name.endsWith(".lua");
    }

    /** True for {@code oltp_delete}: myflame's delete script runs, not sysbench's. */
    public boolean myflameDelete() {
        return name.equals(DELETE);
    }

    /** The one row of work each transaction does, or null for a read-only or mixed workload. */
    public RowWork rowWork() {
        return RowWork.of(name);
    }

    /** What the workload is, for humans: {@code oltp_delete (myflame: one existing row per DELETE)}. */
    public String describe() {
        return myflameDelete() ? name + " (myflame's: each transaction deletes one existing row)" : name;
    }
}
