package io.myflame.ingest.capture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.myflame.core.model.CallGraph;
import io.myflame.ingest.error.InputException;
import io.myflame.ingest.perfdata.RecordedCallGraph;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * A capture directory as {@code myflame record} writes it: {@code capture.json} (metadata),
 * {@code perf.data}, the folded stacks and the workload's output. This class reads what analysis
 * needs from it: which file holds the samples, the server version (a column label), the perf
 * event really recorded and the workload's transaction and query counts.
 */
public final class CaptureDirectory {
    public static final String METADATA = "capture.json";
    /** Sample files in order of preference: exact periods first, folded stacks last. */
    static final List<String> SAMPLE_FILES = List.of(
            "perf.script.gz", "perf.script", "perf.data", "stacks.folded", "stacks.folded.gz");

    private final Path dir;
    private final JsonNode meta;

    private CaptureDirectory(Path dir, JsonNode meta) {
        this.dir = dir;
        this.meta = meta;
    }

    public static CaptureDirectory open(Path dir) throws IOException, InputException {
        Path json = dir.resolve(METADATA);
        JsonNode meta = null;
        if (Files.isRegularFile(json)) {
            try {
                meta = new ObjectMapper().readTree(json.toFile());
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                // A nesting too deep for the parser has no location.
                String where = e.getLocation() == null ? "" : ":" + e.getLocation().getLineNr();
                throw new InputException(json + where + ": not valid JSON (" + e.getOriginalMessage() + ")");
            } catch (StackOverflowError e) {
                throw new InputException(json + ": not valid JSON (nested too deeply)");
            }
            if (meta == null || !meta.isObject()) {
                throw new InputException(json + ": not a capture's metadata (expected a JSON object)");
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
        return text("server", "version");
    }

    /** The perf event really recorded (a VM records cpu-clock when cycles was asked for). */
    public String event() {
        return text("perf", "event");
    }

    /**
     * How perf walked the stacks: {@code perf.call_graph} ({@code fp}, {@code dwarf}, {@code lbr}), else
     * what the capture's perf.data header says, else unknown.
     */
    public CallGraph callGraph() {
        CallGraph said = CallGraph.parse(text("perf", "call_graph"));
        Path data = dir.resolve("perf.data");
        return said != CallGraph.UNKNOWN || !Files.isRegularFile(data) ? said : RecordedCallGraph.of(data);
    }

    public OptionalLong transactions() {
        return number("workload", "results", "transactions");
    }

    public OptionalLong queries() {
        return number("workload", "results", "queries");
    }

    /** Why the capture is incomplete, or null when it is complete. */
    public String incompleteReason() {
        return text("incomplete");
    }

    /** The capture's own warnings ({@code warnings} in capture.json: self-checks, substituted events). */
    public List<String> warnings() {
        JsonNode n = node("warnings");
        if (n == null || !n.isArray()) {
            return List.of();
        }
        List<String> out = new java.util.ArrayList<>();
        n.forEach(w -> out.add(w.isTextual() ? w.asText() : w.toString()));
        return out;
    }

    /** The workload's name ({@code oltp_delete}), or null. */
    public String workloadName() {
        return text("workload", "name");
    }

    /** How long perf recorded, in seconds, when known. */
    public java.util.OptionalDouble durationSeconds() {
        JsonNode n = node("perf", "duration_s");
        return n == null || !n.isNumber() ? java.util.OptionalDouble.empty() : java.util.OptionalDouble.of(n.asDouble());
    }

    /** Transactions per second the workload reported, when it did. */
    public java.util.OptionalDouble tps() {
        JsonNode n = node("workload", "results", "tps");
        return n == null || !n.isNumber() ? java.util.OptionalDouble.empty() : java.util.OptionalDouble.of(n.asDouble());
    }

    /** {@code SHOW GLOBAL STATUS} counters: their change over the measured window ({@code counters.delta}). */
    public java.util.Map<String, Long> counterDeltas() {
        JsonNode n = node("counters", "delta");
        java.util.Map<String, Long> out = new java.util.TreeMap<>();
        if (n != null && n.isObject()) {
            n.fields().forEachRemaining(e -> {
                if (e.getValue().isIntegralNumber()) {
                    out.put(e.getKey(), e.getValue().asLong());
                }
            });
        }
        return out;
    }

    /**
     * What must agree between repeats averaged into one column: the workload and its size, the
     * server version and options, and the perf event and frequency ({@code name -> value}).
     */
    public java.util.Map<String, String> setup() {
        java.util.Map<String, String> s = new java.util.LinkedHashMap<>();
        for (String field : List.of("name", "tables", "table_size", "threads", "time_s", "rand_type", "storage_engine")) {
            s.put("workload " + field, orUnknown(text("workload", field)));
        }
        s.put("server version", orUnknown(serverVersion()));
        JsonNode options = node("server", "options");
        s.put("server options", options == null ? "unknown" : options.toString());
        s.put("perf event", orUnknown(event()));
        s.put("perf frequency", orUnknown(text("perf", "frequency")));
        return s;
    }

    /** A value for a message: "unknown" rather than Java's "null" where the capture does not say. */
    private static String orUnknown(String v) {
        return v == null ? "unknown" : v;
    }

    private String text(String... path) {
        JsonNode n = node(path);
        return n == null || n.isNull() || n.isMissingNode() ? null : n.asText();
    }

    private OptionalLong number(String... path) {
        JsonNode n = node(path);
        return n == null || !n.isNumber() ? OptionalLong.empty() : OptionalLong.of(n.asLong());
    }

    private JsonNode node(String... path) {
        JsonNode n = meta;
        for (String p : path) {
            if (n == null) {
                return null;
            }
            n = n.get(p);
        }
        return n;
    }
}
