package io.myflame.recorder.check;

import io.myflame.core.Decimals;
import io.myflame.recorder.progress.Progress;
import io.myflame.recorder.capture.CaptureMetadata;
import io.myflame.recorder.workload.RowWork;
import io.myflame.recorder.workload.Workload;

import io.myflame.ingest.capture.CaptureRecord;
import java.util.Locale;
import java.util.Map;

/**
 * Did the measured window do the work the workload's name promises, from memory? Two figures from
 * {@code SHOW GLOBAL STATUS} before and after the window, for a throwaway or an existing server:
 * rows changed per statement of a write workload ({@code Handler_delete / Com_delete}), which
 * must be about 1, and buffer-pool reads from disk per transaction ({@code Innodb_buffer_pool_reads}),
 * which must be about 0. Both go into capture.json's {@code checks}; a figure out of bounds is a
 * warning there and on stderr.
 */
public final class WindowChecks {
    /** Below this many rows per statement the write workload mostly did nothing. */
    public static final double MIN_ROWS_PER_STATEMENT = 0.9;
    /** Above this many disk reads per transaction the table was not cached. */
    public static final double MAX_POOL_READS_PER_TXN = 0.01;

    private WindowChecks() {
    }

    /** Measures, records and warns. */
    public static void run(Workload w, Map<String, String> before, Map<String, String> after, long transactions,
                           String bufferPoolSize, CaptureMetadata meta, Progress progress) {
        RowWork work = w.rowWork();
        if (work != null) {
            rows(work, delta(before, after, work.statementCounter()), delta(before, after, work.rowCounter()),
                    transactions, meta, progress);
        }
        long reads = delta(before, after, "Innodb_buffer_pool_reads");
        if (reads >= 0 && transactions > 0) {
            double perTxn = reads / (double) transactions;
            meta.checks(c -> c.withBufferPoolReads(reads, round(perTxn)));
            if (perTxn > MAX_POOL_READS_PER_TXN) {
                warn(meta, progress, String.format(Locale.ROOT, "buffer-pool misses: %.3f reads from disk per "
                        + "transaction in the measured window (Innodb_buffer_pool_reads +%d): the tables are not "
                        + "cached, so the profile includes I/O; innodb_buffer_pool_size is %s — raise it "
                        + "(--server-opt innodb_buffer_pool_size=...) or use a smaller --table-size",
                        perTxn, reads, bufferPoolSize == null ? "unknown" : bufferPoolSize));
            }
        }
    }

    private static void rows(RowWork work, long statements, long rows, long transactions, CaptureMetadata meta,
                             Progress progress) {
        if (statements < 0 || rows < 0) {
            return;
        }
        double perStatement = statements == 0 ? 0 : rows / (double) statements;
        CaptureRecord.Rows r = new CaptureRecord.Rows(work.statement(), work.statementCounter(), work.rowCounter(),
                statements, rows, round(perStatement), transactions > 0 ? round(rows / (double) transactions) : null);
        meta.checks(c -> c.withRows(r));
        if (perStatement < MIN_ROWS_PER_STATEMENT) {
            warn(meta, progress, String.format(Locale.ROOT, "rows per transaction: %.3f rows %s per %s in the "
                    + "measured window (%s %d / %s %d): most statements changed no row, so this profiles "
                    + "statements that do nothing; %s", perStatement, work.verb(), work.statement(),
                    work.rowCounter(), rows, work.statementCounter(), statements, work == RowWork.DELETE
                            ? "use --workload oltp_delete (myflame's: one existing row per transaction)"
                            : "the rows it looks for are missing: use the bundled workload name (its tables are "
                            + "refilled before the window) or --reprepare"));
        }
    }

    /** after - before of a counter, or -1 when the server has no such counter. */
    static long delta(Map<String, String> before, Map<String, String> after, String counter) {
        try {
            return Long.parseLong(after.get(counter)) - Long.parseLong(before.get(counter));
        } catch (NumberFormatException | NullPointerException e) {
            return -1;
        }
    }

    static double round(double v) {
        return Decimals.round(v, 4);
    }

    static void warn(CaptureMetadata meta, Progress progress, String w) {
        meta.warn(w);
        progress.warn(w);
    }
}
