package io.myflame.recorder.capture;

import io.myflame.ingest.io.AtomicFile;
import io.myflame.recorder.workload.SysbenchResults;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.myflame.ingest.capture.CaptureDirectory;
import io.myflame.ingest.capture.CaptureRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code capture.json} as it is filled in during a recording: schema version, server, workload
 * and its results, perf, host, counter deltas, the self-checks' figures, warnings, and {@code incomplete} with the reason when
 * the recording did not finish. Written atomically, so a reader never sees half a file.
 */
public final class CaptureMetadata {
    public static final int SCHEMA_VERSION = 1;
    private final ObjectNode root = JsonNodeFactory.instance.objectNode();
    private final ArrayNode warnings;

    public CaptureMetadata() {
        root.put("schema_version", SCHEMA_VERSION);
        root.put("tool", "myflame record");
        root.putObject("server");
        root.putObject("workload");
        root.putObject("perf");
        root.putObject("host");
        root.putObject("counters");
        root.putObject("checks");
        warnings = root.putArray("warnings");
        root.putNull("incomplete");
    }

    public ObjectNode server() {
        return (ObjectNode) root.get("server");
    }

    public ObjectNode workload() {
        return (ObjectNode) root.get("workload");
    }

    public ObjectNode perf() {
        return (ObjectNode) root.get("perf");
    }

    public ObjectNode counters() {
        return (ObjectNode) root.get("counters");
    }

    /** The figures the capture's self-checks measured (rows per statement, cache misses, CPU, symbols). */
    public ObjectNode checks() {
        return (ObjectNode) root.get("checks");
    }

    public synchronized void warn(String w) {
        warnings.add(w);
    }

    public void host(HostInfo h) {
        ObjectNode n = (ObjectNode) root.get("host");
        n.put("kernel", h.kernel());
        n.put("cpu_model", h.cpuModel());
        n.put("cores", h.cores());
    }

    public void results(SysbenchResults r) {
        ObjectNode n = workload().putObject("results");
        putCount(n, "transactions", r.transactions());
        putCount(n, "queries", r.queries());
        putNumber(n, "tps", r.tps());
        putNumber(n, "qps", r.qps());
        ObjectNode lat = n.putObject("latency_ms");
        putNumber(lat, "min", r.latencyMin());
        putNumber(lat, "avg", r.latencyAvg());
        putNumber(lat, "max", r.latencyMax());
        putNumber(lat, "p95", r.latencyP95());
        putCount(n, "errors", r.errors());
        putCount(n, "reconnects", r.reconnects());
        putNumber(n, "total_time_s", r.totalTime());
    }

    public void counters(Map<String, Long> deltas, Map<String, Double> perTxn) {
        ObjectNode d = counters().putObject("delta");
        deltas.forEach(d::put);
        ObjectNode p = counters().putObject("per_transaction");
        perTxn.forEach(p::put);
    }

    public static void putStrings(ObjectNode n, String field, List<String> values) {
        ArrayNode a = n.putArray(field);
        values.forEach(a::add);
    }

    private static void putCount(ObjectNode n, String k, long v) {
        if (v < 0) {
            n.putNull(k);
        } else {
            n.put(k, v);
        }
    }

    private static void putNumber(ObjectNode n, String k, double v) {
        if (Double.isNaN(v)) {
            n.putNull(k);
        } else {
            n.put(k, v);
        }
    }

    public synchronized void incomplete(String reason) {
        root.put("incomplete", reason);
    }

    public synchronized boolean isIncomplete() {
        return !root.get("incomplete").isNull();
    }

    /**
     * Writes {@code DIR/capture.json} through a temporary file and a rename. What is written is the
     * {@link CaptureRecord} the sections filled in make, so the file has the reader's schema: a key
     * the record does not know is not written, and keys are in the record's order.
     */
    public synchronized void write(Path dir) throws IOException {
        try {
            byte[] text = CaptureRecord.of(root).toJson().getBytes(StandardCharsets.UTF_8);
            AtomicFile.write(dir.resolve(CaptureDirectory.METADATA), out -> out.write(text));
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
