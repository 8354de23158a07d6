package io.myflame.load;

import io.myflame.core.Decimals;
import io.myflame.ingest.capture.CaptureDirectory;
import io.myflame.ingest.capture.CaptureRecord;
import io.myflame.ingest.error.InputException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * What a capture directory's {@code capture.json} says that commands show: the server, the
 * workload and its counts, perf's facts and the recording's self-checks. It wraps perf-ingest's
 * {@link CaptureRecord}, the one spelling of capture.json, so commands read a capture through load
 * and the comparison columns get the whole record here.
 */
public final class CaptureSummary {
    private final CaptureRecord record;

    CaptureSummary(CaptureRecord record) {
        this.record = record;
    }

    /** The capture.json of the capture directory {@code dir} (every field null when it has none). */
    public static CaptureSummary read(Path dir) throws IOException, InputException {
        return new CaptureSummary(CaptureDirectory.open(dir).record());
    }

    /** The whole record, for the comparison columns and the capture's own warnings. */
    CaptureRecord record() {
        return record;
    }

    /** The server's version string as it reported it, or null. */
    public String serverVersion() {
        return record.serverVersion();
    }

    /** The sysbench workload's name, or null. */
    public String workloadName() {
        return record.workloadName();
    }

    /** The measured window's transactions, when recorded. */
    public OptionalLong transactions() {
        return record.transactions();
    }

    /** The measured window's length in seconds, when recorded. */
    public OptionalDouble durationSeconds() {
        return record.durationSeconds();
    }

    /**
     * What perf recorded, for the line after a recording: {@code perf: 4961 samples of cpu-clock},
     * with the binary log's bytes per transaction when the server wrote any.
     */
    public String perfLine() {
        Double b = record.counters() == null || record.counters().perTransaction() == null ? null
                : record.counters().perTransaction().get("binlog_bytes");
        String binlog = b != null && b > 0 ? String.format(Locale.ROOT, ", %.0f binlog bytes/txn", b) : "";
        long samples = record.perf() == null || record.perf().samples() == null ? 0 : record.perf().samples();
        return String.format(Locale.ROOT, "perf: %d samples of %s%s", samples, record.event(), binlog);
    }

    /**
     * One line of the capture's self-checks, e.g. {@code checks: 1.000 rows deleted per DELETE, 0.000
     * buffer-pool reads/txn, server on CPU 0.64 of 1, 41.8% truncated stacks, 0.7% self time in unnamed code; 0 warnings}.
     */
    public String checks() {
        CaptureRecord.Checks c = record.checks() == null
                ? CaptureRecord.Checks.NONE : record.checks();
        List<String> parts = new ArrayList<>();
        CaptureRecord.Rows rows = c.rows();
        if (rows != null && rows.rowsPerStatement() != null) {
            String verb = record.workload() == null || record.workload().rowWork() == null ? "changed"
                    : record.workload().rowWork();
            parts.add(String.format(Locale.ROOT, "%.3f rows %s per %s", rows.rowsPerStatement(), verb,
                    rows.statement() == null ? "" : rows.statement()));
        }
        if (c.bufferPoolReadsPerTransaction() != null) {
            parts.add(String.format(Locale.ROOT, "%.3f buffer-pool reads/txn", c.bufferPoolReadsPerTransaction()));
        }
        if (c.serverCpusBusy() != null) {
            parts.add(String.format(Locale.ROOT, "server on CPU %.2f of %d", c.serverCpusBusy(),
                    c.expectedCpusBusy() == null ? 0 : c.expectedCpusBusy()));
        }
        if (c.truncatedShare() != null) {
            parts.add(Decimals.onePlace(100 * c.truncatedShare()) + "% truncated stacks");
        }
        if (c.unnamedSelfShare() != null) {
            parts.add(Decimals.onePlace(100 * c.unnamedSelfShare()) + "% self time in unnamed code");
        } else if (c.unresolvedShare() != null) {
            parts.add(Decimals.onePlace(100 * c.unresolvedShare()) + "% unresolved samples");
        }
        int warnings = record.warnings() == null ? 0 : record.warnings().size();
        return "checks: " + String.join(", ", parts) + "; " + warnings + " warning" + (warnings == 1 ? "" : "s")
                + (warnings == 0 ? "" : " (in capture.json and above)");
    }
}
