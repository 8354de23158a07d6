package io.myflame.recorder;

import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.server.Sql;
import io.myflame.recorder.workload.Sysbench;
import io.myflame.recorder.workload.Workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import io.myflame.recorder.error.RecordException;

/**
 * Gets the tables ready for the measured window, outside it: every row the workload will touch
 * exists, and the tables are in the buffer pool.
 *
 * <p>The delete workload removes one row per transaction, so its tables must hold more rows than
 * the measured run can delete: the warm-up's rate times the measured seconds, with a margin, per
 * table. The rows the warm-up deleted are put back ({@code refill}: INSERT IGNORE of ids
 * 1..size), and the tables are grown to that size when the given one is too small. Every other
 * bundled workload gets the same refill to its table size, so a table an earlier delete run
 * emptied is whole again. Then a full scan of the clustered and the secondary index reads the
 * tables into the buffer pool.
 */
final class RowSupply {
    /** How much faster than the warm-up the measured run may be before the delete workload runs out. */
    static final double MARGIN = 2.0;

    private final Session session;
    private final Path logDir;

    RowSupply(Session session, Path logDir) {
        this.session = session;
        this.logDir = logDir;
    }

    /**
     * A delete rate no warm-up of one thread outruns here (MariaDB and MySQL do 2,000-13,000 on this
     * project's 2-core VMs; 20,000 on a table emptied, DELETEs that find nothing).
     */
    static final int WARMUP_TPS_PER_THREAD = 25_000;

    /**
     * Before a delete workload's warm-up: rows for all of it. 10,000 rows were gone in a second, and
     * the rest of the warm-up ran DELETEs that found nothing, whose rate was then taken as the
     * workload's. The tables grow to what {@link #WARMUP_TPS_PER_THREAD} per thread would delete;
     * the warm-up itself says when it still ran out (myflame's script prints it). Returns the workload
     * at that size, which the warm-up must be run with: the script deletes ids 1..--table-size.
     */
    Workload beforeWarmUp(Workload w) throws RecordException {
        long perTable = (long) WARMUP_TPS_PER_THREAD * w.threads() * w.warmup() / w.tables() + w.threads();
        int rows = (int) Math.min(Integer.MAX_VALUE, Math.max(w.tableSize(), (long) Math.ceil(perTable / 1000.0) * 1000));
        Workload sized = w.withTableSize(rows);
        if (missingRows(sized) > 0) {
            refill(sized, "sysbench-refill-warmup.txt", "before the warm-up");
        }
        return sized;
    }

    /** Refills (and grows) the tables and reads them in; returns the workload with its table size. */
    Workload beforeMeasuredRun(Workload w, double warmupTps) throws RecordException {
        Workload sized = w.myflameDelete() ? w.withTableSize(rowsForDeletes(w, warmupTps)) : w;
        if (w.bundled() && missingRows(sized) > 0) {
            refill(sized, "sysbench-refill.txt", "outside the measured window");
        }
        readIntoCache(sized);
        return sized;
    }

    /**
     * Puts back the rows the overhead check deleted (myflame's delete starts every run at id 1), so
     * the window starts on the table the refill before the check left; the size stays.
     */
    void afterOverheadCheck(Workload w) throws RecordException {
        if (w.myflameDelete() && w.bundled() && missingRows(w) > 0) {
            refill(w, "sysbench-refill-after-check.txt", "after the overhead check, outside the measured window");
            readIntoCache(w);
        }
    }

    /** Rows per table the measured run can delete at MARGIN x the warm-up's rate, rounded up to 1000s. */
    static int rowsForDeletes(Workload w, double warmupTps) {
        if (!(warmupTps > 0)) {
            return w.tableSize();
        }
        double perTable = warmupTps * w.seconds() * MARGIN / w.tables() + w.threads();
        long rows = (long) Math.ceil(perTable / 1000.0) * 1000;
        return (int) Math.min(Integer.MAX_VALUE, Math.max(w.tableSize(), rows));
    }

    /** Ids in 1..size missing from the tables. */
    private long missingRows(Workload w) throws RecordException {
        long missing = 0;
        for (int t = 1; t <= w.tables(); t++) {
            String n = session.client().value("SELECT COUNT(*) FROM " + Workload.DATABASE + ".sbtest" + t
                    + " WHERE id BETWEEN 1 AND " + w.tableSize());
            missing += w.tableSize() - Long.parseLong(n == null ? "0" : n);
        }
        return missing;
    }

    private void refill(Workload w, String logName, String when) throws RecordException {
        session.progress().phase("refill: ids 1.." + w.tableSize() + " in " + w.tables() + " table(s), " + when);
        Path secrets = Sysbench.secretsFile(session.server().endpoint());
        Path log = logDir.resolve(logName);
        try {
            ExternalCommand c = session.sysbench().refillCommand(w, session.server().endpoint(), secrets);
            ExternalCommand.Result r = c.run(session.machine().processes(), Duration.ofHours(1));
            write(log, "$ " + c.display() + "\n" + r.stdout() + r.stderr());
            if (r.exit() != 0) {
                throw new RecordException("sysbench refill failed: " + r.said() + " (see " + log + ")");
            }
        } finally {
            Sysbench.deleteSecrets(secrets);
        }
    }

    /** Scans each table's clustered index and its secondary index k_N, so the window reads nothing from disk. */
    private void readIntoCache(Workload w) throws RecordException {
        Sql client = session.client();
        for (int t = 1; t <= w.tables(); t++) {
            String table = Workload.DATABASE + ".sbtest" + t;
            client.attempt("SELECT SUM(LENGTH(c)), SUM(LENGTH(pad)) FROM " + table + " FORCE INDEX (PRIMARY)");
            // sysbench's index on k; a table prepared with --create-secondary=off has none, which is fine
            client.attempt("SELECT SUM(k) FROM " + table + " FORCE INDEX (k_" + t + ")");
        }
    }

    private static void write(Path log, String text) {
        try {
            Files.writeString(log, text);
        } catch (IOException e) {
            // the log is for diagnosis only
        }
    }
}
