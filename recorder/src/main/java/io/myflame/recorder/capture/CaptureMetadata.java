package io.myflame.recorder.capture;

import io.myflame.ingest.capture.CaptureDirectory;
import io.myflame.ingest.capture.CaptureRecord;
import io.myflame.core.output.AtomicFile;
import io.myflame.recorder.workload.SysbenchResults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * {@code capture.json} as it is filled in during a recording: schema version, server, workload
 * and its results, perf, host, counter deltas, the self-checks' figures, warnings, and {@code incomplete} with the reason when
 * the recording did not finish. It is the reader's {@link CaptureRecord}, changed section by section
 * (so the file has the reader's schema and no key is spelled here), and written atomically, so a
 * reader never sees half a file. Changes are synchronized: an interrupt marks it incomplete from another thread.
 */
public final class CaptureMetadata {
    public static final int SCHEMA_VERSION = 1;
    private CaptureRecord record = CaptureRecord.started(SCHEMA_VERSION, "myflame record");

    /** What has been filled in so far. */
    public synchronized CaptureRecord record() {
        return record;
    }

    public synchronized void server(UnaryOperator<CaptureRecord.Server> change) {
        record = record.withServer(change.apply(record.server()));
    }

    public synchronized void workload(UnaryOperator<CaptureRecord.Workload> change) {
        record = record.withWorkload(change.apply(record.workload()));
    }

    public synchronized void perf(UnaryOperator<CaptureRecord.Perf> change) {
        record = record.withPerf(change.apply(record.perf()));
    }

    /** The figures the capture's self-checks measured (rows per statement, cache misses, CPU, symbols). */
    public synchronized void checks(UnaryOperator<CaptureRecord.Checks> change) {
        record = record.withChecks(change.apply(record.checks()));
    }

    public synchronized void warn(String w) {
        record = record.withWarning(w);
    }

    public synchronized void host(HostInfo h) {
        record = record.withHost(new CaptureRecord.Host(h.kernel(), h.cpuModel(), h.cores()));
    }

    /** sysbench's figures; one it did not print (negative, or NaN) is written as null. */
    public void results(SysbenchResults r) {
        CaptureRecord.Results results = new CaptureRecord.Results(count(r.transactions()), count(r.queries()),
                number(r.tps()), number(r.qps()), new CaptureRecord.Latency(number(r.latencyMin()),
                number(r.latencyAvg()), number(r.latencyMax()), number(r.latencyP95())), count(r.errors()),
                count(r.reconnects()), number(r.totalTime()));
        workload(w -> w.withResults(results));
    }

    public synchronized void counters(Map<String, Long> deltas, Map<String, Double> perTxn) {
        record = record.withCounters(new CaptureRecord.Counters(new LinkedHashMap<>(deltas), new LinkedHashMap<>(perTxn)));
    }

    private static Long count(long v) {
        return v < 0 ? null : v;
    }

    private static Double number(double v) {
        return Double.isNaN(v) ? null : v;
    }

    public synchronized void incomplete(String reason) {
        record = record.withIncomplete(reason);
    }

    public synchronized boolean isIncomplete() {
        return record.incomplete() != null;
    }

    /** Writes {@code DIR/capture.json} through a temporary file and a rename. */
    public synchronized void write(Path dir) throws IOException {
        try {
            byte[] text = record.toJson().getBytes(StandardCharsets.UTF_8);
            AtomicFile.write(dir.resolve(CaptureDirectory.METADATA), out -> out.write(text));
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
