package io.myflame.ingest.capture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.myflame.core.model.CallGraph;
import io.myflame.ingest.error.InputException;
import io.myflame.ingest.perfdata.RecordedCallGraph;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * A capture directory as {@code myflame record} writes it: {@code capture.json} (metadata),
 * {@code perf.data}, the folded stacks and the workload's output. This class reads what analysis
 * needs from it: which file holds the samples, and from {@code capture.json}, read once into a
 * {@link CaptureRecord}, the server version (a column label), the perf event really recorded and the
 * workload's transaction and query counts.
 */
public final class CaptureDirectory {
    public static final String METADATA = "capture.json";
    /** Sample files in order of preference: exact periods first, folded stacks last. */
    static final List<String> SAMPLE_FILES = List.of(
            "perf.script.gz", "perf.script", "perf.data", "stacks.folded", "stacks.folded.gz");

    /** A capture without capture.json (only its sample files) says nothing. */
    private static final CaptureRecord NOTHING =
            new CaptureRecord(null, null, null, null, null, null, null, null, null, null);

    private final Path dir;
    private final CaptureRecord meta;

    private CaptureDirectory(Path dir, CaptureRecord meta) {
        this.dir = dir;
        this.meta = meta;
    }

    public static CaptureDirectory open(Path dir) throws IOException, InputException {
        Path json = dir.resolve(METADATA);
        CaptureRecord meta = NOTHING;
        if (Files.isRegularFile(json)) {
            JsonNode tree;
            try {
                tree = new ObjectMapper().readTree(json.toFile());
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                // A nesting too deep for the parser has no location.
                String where = e.getLocation() == null ? "" : ":" + e.getLocation().getLineNr();
                throw new InputException(json + where + ": not valid JSON (" + e.getOriginalMessage() + ")");
            } catch (StackOverflowError e) {
                throw new InputException(json + ": not valid JSON (nested too deeply)");
            }
            if (tree == null || !tree.isObject()) {
                throw new InputException(json + ": not a capture's metadata (expected a JSON object)");
            }
            try {
                meta = CaptureRecord.of(tree);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new InputException(json + ": not a capture's metadata (" + e.getOriginalMessage() + ")");
            }
        }
        return new CaptureDirectory(dir, meta);
    }

    /** Whether {@code dir} holds a capture's files (which may still turn out damaged when read). */
    public static boolean looksLikeCapture(Path dir) {
        if (Files.isRegularFile(dir.resolve(METADATA))) {
            return true;
        }
        for (String name : SAMPLE_FILES) {
            if (Files.isRegularFile(dir.resolve(name))) {
                return true;
            }
        }
        return false;
    }

    public Path dir() {
        return dir;
    }

    /** What capture.json says; every field null when the directory has none. */
    public CaptureRecord record() {
        return meta;
    }

    /** The file with the samples, or an error naming what a capture should contain. */
    public Path samples() throws InputException {
        for (String name : SAMPLE_FILES) {
            Path p = dir.resolve(name);
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new InputException(dir + ": not a capture directory (no " + String.join(", ", SAMPLE_FILES) + ")");
    }

    public String serverVersion() {
        return meta.server() == null ? null : meta.server().version();
    }

    /** The perf event really recorded (a VM records cpu-clock when cycles was asked for). */
    public String event() {
        return meta.perf() == null ? null : meta.perf().event();
    }

    /**
     * How perf walked the stacks: {@code perf.call_graph} ({@code fp}, {@code dwarf}, {@code lbr}), else
     * what the capture's perf.data header says, else unknown.
     */
    public CallGraph callGraph() {
        CallGraph said = CallGraph.parse(meta.perf() == null ? null : meta.perf().callGraph());
        Path data = dir.resolve("perf.data");
        return said != CallGraph.UNKNOWN || !Files.isRegularFile(data) ? said : RecordedCallGraph.of(data);
    }

    public OptionalLong transactions() {
        return optional(results() == null ? null : results().transactions());
    }

    public OptionalLong queries() {
        return optional(results() == null ? null : results().queries());
    }

    /** Why the capture is incomplete, or null when it is complete. */
    public String incompleteReason() {
        return meta.incomplete();
    }

    /** The capture's own warnings ({@code warnings} in capture.json: self-checks, substituted events). */
    public List<String> warnings() {
        return meta.warnings() == null ? List.of() : meta.warnings();
    }

    /** The workload's name ({@code oltp_delete}), or null. */
    public String workloadName() {
        return meta.workload() == null ? null : meta.workload().name();
    }

    /** How long perf recorded, in seconds, when known. */
    public OptionalDouble durationSeconds() {
        return optional(meta.perf() == null ? null : meta.perf().durationS());
    }

    /** Transactions per second the workload reported, when it did. */
    public OptionalDouble tps() {
        return optional(results() == null ? null : results().tps());
    }

    /** {@code SHOW GLOBAL STATUS} counters: their change over the measured window ({@code counters.delta}). */
    public Map<String, Long> counterDeltas() {
        Map<String, Long> out = new TreeMap<>();
        if (meta.counters() != null && meta.counters().delta() != null) {
            meta.counters().delta().forEach((k, v) -> {
                if (v != null) {
                    out.put(k, v);
                }
            });
        }
        return out;
    }

    /**
     * What must agree between repeats averaged into one column: the workload and its size, the
     * server version and options, and the perf event and frequency ({@code name -> value}).
     */
    public Map<String, String> setup() {
        CaptureRecord.Workload w = meta.workload();
        Map<String, String> s = new LinkedHashMap<>();
        s.put("workload name", orUnknown(w == null ? null : w.name()));
        s.put("workload tables", orUnknown(w == null ? null : w.tables()));
        s.put("workload table_size", orUnknown(w == null ? null : w.tableSize()));
        s.put("workload threads", orUnknown(w == null ? null : w.threads()));
        s.put("workload time_s", orUnknown(w == null ? null : w.timeS()));
        s.put("workload rand_type", orUnknown(w == null ? null : w.randType()));
        s.put("workload storage_engine", orUnknown(w == null ? null : w.storageEngine()));
        s.put("server version", orUnknown(serverVersion()));
        List<String> options = meta.server() == null ? null : meta.server().options();
        s.put("server options", options == null ? "unknown" : new ObjectMapper().valueToTree(options).toString());
        s.put("perf event", orUnknown(event()));
        s.put("perf frequency", orUnknown(meta.perf() == null ? null : meta.perf().frequency()));
        return s;
    }

    private CaptureRecord.Results results() {
        return meta.workload() == null ? null : meta.workload().results();
    }

    /** A value for a message: "unknown" rather than Java's "null" where the capture does not say. */
    private static String orUnknown(Object v) {
        return v == null ? "unknown" : v.toString();
    }

    private static OptionalLong optional(Long v) {
        return v == null ? OptionalLong.empty() : OptionalLong.of(v);
    }

    private static OptionalDouble optional(Double v) {
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }
}
