package io.myflame.ingest.capture;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * {@code capture.json}, typed: the one spelling of the capture schema, written by Jackson's mapper and
 * read by {@link CaptureJsonReader} (components in camel case are the file's snake-case keys, in the
 * file's order). A field the file does not have is
 * null and is not written; the few the recorder writes as an explicit {@code null} when unknown
 * ({@code incomplete}, {@code build_id}, {@code rand_type}, {@code frequency}, the workload's results)
 * keep that null. Unknown keys are ignored, so a newer capture still reads. The recorder fills it
 * in section by section through the {@code with} methods, so no key is spelled anywhere else.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record CaptureRecord(Integer schemaVersion, String tool, Server server, Workload workload, Perf perf,
                            Host host, Counters counters, Checks checks, List<String> warnings,
                            @JsonInclude(Include.ALWAYS) String incomplete) {
    /**
     * The mapper that writes capture.json, indented as the recorder has always written it; made on
     * first use, so a run that only reads captures never loads Jackson's mapper.
     */
    private static final class Writer {
        static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    /** A record with every section present and empty, as a recording starts. */
    public static CaptureRecord started(int schemaVersion, String tool) {
        return new CaptureRecord(schemaVersion, tool, Server.NONE, Workload.NONE, Perf.NONE, Host.NONE, Counters.NONE,
                Checks.NONE, List.of(), null);
    }

    public CaptureRecord withServer(Server s) {
        return new CaptureRecord(schemaVersion, tool, s, workload, perf, host, counters, checks, warnings, incomplete);
    }

    public CaptureRecord withWorkload(Workload w) {
        return new CaptureRecord(schemaVersion, tool, server, w, perf, host, counters, checks, warnings, incomplete);
    }

    public CaptureRecord withPerf(Perf p) {
        return new CaptureRecord(schemaVersion, tool, server, workload, p, host, counters, checks, warnings, incomplete);
    }

    public CaptureRecord withHost(Host h) {
        return new CaptureRecord(schemaVersion, tool, server, workload, perf, h, counters, checks, warnings, incomplete);
    }

    public CaptureRecord withCounters(Counters c) {
        return new CaptureRecord(schemaVersion, tool, server, workload, perf, host, c, checks, warnings, incomplete);
    }

    public CaptureRecord withChecks(Checks c) {
        return new CaptureRecord(schemaVersion, tool, server, workload, perf, host, counters, c, warnings, incomplete);
    }

    /** This record with {@code warning} after the others. */
    public CaptureRecord withWarning(String warning) {
        List<String> all = new java.util.ArrayList<>(warnings == null ? List.of() : warnings);
        all.add(warning);
        return new CaptureRecord(schemaVersion, tool, server, workload, perf, host, counters, checks, List.copyOf(all),
                incomplete);
    }

    /** This record with another {@code incomplete} reason (null: complete). */
    public CaptureRecord withIncomplete(String reason) {
        return new CaptureRecord(schemaVersion, tool, server, workload, perf, host, counters, checks, warnings, reason);
    }

    /** The server's version as it says ({@code 11.4.5-MariaDB-log}), or null. */
    public String serverVersion() {
        return server == null ? null : server.version();
    }

    /** The perf event really recorded (a VM records cpu-clock when cycles was asked for), or null. */
    public String event() {
        return perf == null ? null : perf.event();
    }

    /** The capture's own warnings (self-checks, substituted events); none when it has none. */
    public List<String> ownWarnings() {
        return warnings == null ? List.of() : warnings;
    }

    /** The workload's name ({@code oltp_delete}), or null. */
    public String workloadName() {
        return workload == null ? null : workload.name();
    }

    public OptionalLong transactions() {
        return optional(results() == null ? null : results().transactions());
    }

    public OptionalLong queries() {
        return optional(results() == null ? null : results().queries());
    }

    /** Transactions per second the workload reported, when it did. */
    public OptionalDouble tps() {
        return optional(results() == null ? null : results().tps());
    }

    /** How long perf recorded, in seconds, when known. */
    public OptionalDouble durationSeconds() {
        return optional(perf == null ? null : perf.durationS());
    }

    /** {@code SHOW GLOBAL STATUS} counters: their change over the measured window ({@code counters.delta}). */
    public Map<String, Long> counterDeltas() {
        Map<String, Long> out = new TreeMap<>();
        if (counters != null && counters.delta() != null) {
            counters.delta().forEach((k, v) -> {
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
        Workload w = workload;
        Map<String, String> s = new LinkedHashMap<>();
        s.put("workload name", orUnknown(w == null ? null : w.name()));
        s.put("workload tables", orUnknown(w == null ? null : w.tables()));
        s.put("workload table_size", orUnknown(w == null ? null : w.tableSize()));
        s.put("workload threads", orUnknown(w == null ? null : w.threads()));
        s.put("workload time_s", orUnknown(w == null ? null : w.timeS()));
        s.put("workload rand_type", orUnknown(w == null ? null : w.randType()));
        s.put("workload storage_engine", orUnknown(w == null ? null : w.storageEngine()));
        s.put("server version", orUnknown(serverVersion()));
        List<String> options = server == null ? null : server.options();
        s.put("server options", options == null ? "unknown" : jsonArray(options));
        s.put("perf event", orUnknown(event()));
        s.put("perf frequency", orUnknown(perf == null ? null : perf.frequency()));
        return s;
    }

    /** {@code ["a","b"]}: the options as compact JSON, as the setup has always spelled them. */
    private static String jsonArray(List<String> values) {
        StringBuilder out = new StringBuilder("[");
        for (String v : values) {
            out.append(out.length() > 1 ? ",\"" : "\"");
            if (v == null) {
                out.setLength(out.length() - 1);
                out.append("null");
            } else {
                out.append(JsonStringEncoder.getInstance().quoteAsString(v)).append('"');
            }
        }
        return out.append(']').toString();
    }

    private Results results() {
        return workload == null ? null : workload.results();
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

    /** capture.json's text for this record. */
    public String toJson() throws JsonProcessingException {
        return Writer.JSON.writeValueAsString(this);
    }

    /** The server recorded: what it says of itself, where it came from, the options and variables it ran with. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Server(String version, String binary, @JsonInclude(Include.ALWAYS) String buildId, Long pid,
                         String source, String flavour, Boolean throwaway, List<String> options,
                         Map<String, String> settings) {
        public static final Server NONE = new Server(null, null, null, null, null, null, null, null, null);

        /** {@code settings}: the variables the server ran with that a reader should see. */
        public Server withSettings(Map<String, String> values) {
            return new Server(version, binary, buildId, pid, source, flavour, throwaway, options, values);
        }
    }

    /** The workload as run: sysbench's test and sizes, the command and its parsed results. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Workload(String name, String description, String rowWork, Integer tables, Integer tableSize,
                           Integer threads, Integer timeS, Integer warmupS, @JsonInclude(Include.ALWAYS) String randType,
                           @JsonInclude(Include.ALWAYS) String storageEngine, String sysbenchVersion,
                           Integer tableSizeRequested, String command, Results results, Double warmupTps) {
        public static final Workload NONE = new Workload(null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null);

        /** The size the table was grown to for the window, and the size asked for. */
        public Workload withTableSize(int size, int requested) {
            return new Workload(name, description, rowWork, tables, size, threads, timeS, warmupS, randType,
                    storageEngine, sysbenchVersion, requested, command, results, warmupTps);
        }

        public Workload withCommand(String line) {
            return new Workload(name, description, rowWork, tables, tableSize, threads, timeS, warmupS, randType,
                    storageEngine, sysbenchVersion, tableSizeRequested, line, results, warmupTps);
        }

        public Workload withResults(Results measured) {
            return new Workload(name, description, rowWork, tables, tableSize, threads, timeS, warmupS, randType,
                    storageEngine, sysbenchVersion, tableSizeRequested, command, measured, warmupTps);
        }

        /** The unprofiled warm-up's throughput. */
        public Workload withWarmupTps(double tps) {
            return new Workload(name, description, rowWork, tables, tableSize, threads, timeS, warmupS, randType,
                    storageEngine, sysbenchVersion, tableSizeRequested, command, results, tps);
        }
    }

    /** What sysbench reported for the measured window; a figure it did not print is null. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Results(Long transactions, Long queries, Double tps, Double qps, Latency latencyMs, Long errors,
                          Long reconnects, Double totalTimeS) {
    }

    /** Latency figures in milliseconds. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Latency(Double min, Double avg, Double max, Double p95) {
    }

    /** How perf recorded: the event asked for and the one perf used, call graph, command, sample figures. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Perf(String requestedEvent, String callGraph, String command, String event,
                       @JsonInclude(Include.ALWAYS) Integer frequency, Long period, Long samples, Long lost,
                       Double durationS, Long distinctStacks, String symbols, Boolean systemWide, Long allSamples) {
        public static final Perf NONE = new Perf(null, null, null, null, null, null, null, null, null, null, null,
                null, null);

        /** What was asked of perf before it started. */
        public static Perf requested(String event, String callGraph) {
            return new Perf(event, callGraph, null, null, null, null, null, null, null, null, null, null, null);
        }

        public Perf withCommand(String line) {
            return new Perf(requestedEvent, callGraph, line, event, frequency, period, samples, lost, durationS,
                    distinctStacks, symbols, systemWide, allSamples);
        }

        /** What perf.data says was recorded: the event, its frequency (null when sampled by period), the counts. */
        public Perf withRecorded(String recorded, String requested, Integer hz, Long everyN, long sampled, long lostEvents,
                                 double seconds) {
            return new Perf(requested, callGraph, command, recorded, hz, everyN, sampled, lostEvents, seconds,
                    distinctStacks, symbols, systemWide, allSamples);
        }

        /** How many distinct stacks were folded, and the symbols file kept beside perf.data (or null). */
        public Perf withStacks(long distinct, String symbolsFile) {
            return new Perf(requestedEvent, callGraph, command, event, frequency, period, samples, lost, durationS,
                    distinct, symbolsFile, systemWide, allSamples);
        }

        /**
         * Recorded on every CPU ({@code record --system-wide}): {@code samples} are then the server's, of
         * {@code all} in perf.data, and a read of the capture keeps the server's process.
         */
        public Perf withSystemWide(long serverSamples, long all) {
            return new Perf(requestedEvent, callGraph, command, event, frequency, period, serverSamples, lost, durationS,
                    distinctStacks, symbols, true, all);
        }

        /**
         * Whether perf recorded every CPU, so that the capture's samples are the server's of more: perf.data
         * keeps the server's alone since 2026-12-07 (before, every process's, which a read of the capture filters).
         */
        public boolean everyProcess() {
            return Boolean.TRUE.equals(systemWide);
        }
    }

    /** The machine recorded on. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Host(String kernel, String cpuModel, Integer cores) {
        public static final Host NONE = new Host(null, null, null);
    }

    /** {@code SHOW GLOBAL STATUS} over the measured window: each counter's change, and per transaction. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Counters(Map<String, Long> delta, Map<String, Double> perTransaction) {
        public static final Counters NONE = new Counters(null, null);
    }

    /** The figures the capture's self-checks measured. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Checks(Rows rows, Long bufferPoolReads, Double bufferPoolReadsPerTransaction, Double serverCpusBusy,
                         Integer expectedCpusBusy, Double truncatedShare, Map<String, Double> truncatedCauses,
                         Double unresolvedShare, Double profiledTpsRatio, ProfilingOverhead profilingOverhead,
                         Double unnamedSelfShare) {
        public static final Checks NONE = new Checks(null, null, null, null, null, null, null, null, null, null, null);

        public Checks withRows(Rows changed) {
            return new Checks(changed, bufferPoolReads, bufferPoolReadsPerTransaction, serverCpusBusy, expectedCpusBusy,
                    truncatedShare, truncatedCauses, unresolvedShare, profiledTpsRatio, profilingOverhead,
                    unnamedSelfShare);
        }

        public Checks withBufferPoolReads(long reads, double perTransaction) {
            return new Checks(rows, reads, perTransaction, serverCpusBusy, expectedCpusBusy, truncatedShare,
                    truncatedCauses, unresolvedShare, profiledTpsRatio, profilingOverhead, unnamedSelfShare);
        }

        public Checks withCpusBusy(double busy, int expected) {
            return new Checks(rows, bufferPoolReads, bufferPoolReadsPerTransaction, busy, expected, truncatedShare,
                    truncatedCauses, unresolvedShare, profiledTpsRatio, profilingOverhead, unnamedSelfShare);
        }

        /**
         * The stack checks: the truncated share with its causes, the unresolved share (weight in stacks
         * passing through unnamed code of the server) and the unnamed self share (weight whose leaf is
         * unnamed code: what missing symbols hide).
         */
        public Checks withStacks(double truncated, Map<String, Double> causes, double unresolved, double unnamedSelf) {
            return new Checks(rows, bufferPoolReads, bufferPoolReadsPerTransaction, serverCpusBusy, expectedCpusBusy,
                    truncated, causes, unresolved, profiledTpsRatio, profilingOverhead, unnamedSelf);
        }

        /** perf's cost: the profiled over the unprofiled rate, and how it was measured. */
        public Checks withProfilingOverhead(double ratio, ProfilingOverhead how) {
            return new Checks(rows, bufferPoolReads, bufferPoolReadsPerTransaction, serverCpusBusy, expectedCpusBusy,
                    truncatedShare, truncatedCauses, unresolvedShare, ratio, how, unnamedSelfShare);
        }
    }

    /**
     * How {@code profiled_tps_ratio} was measured. {@code interleaved}: in one sysbench run before the
     * window, perf switched on and off in slices of seconds ({@code rounds} stretches of sampling), the
     * mean per-second rate of the {@code profiled_s} sampled seconds against the {@code unprofiled_s}
     * others, and {@code ratio_standard_error}, how far the ratio may be from perf's real cost given
     * how much those seconds' rates varied (one standard error; seconds taken as independent);
     * {@code warm-up}: the window's rate against the unprofiled warm-up's, when this perf has no
     * control fifos.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ProfilingOverhead(String method, Integer rounds, Integer profiledS, Integer unprofiledS,
                                    Double profiledTps, Double unprofiledTps, Double ratioStandardError) {
    }

    /** Rows changed per statement: did the workload do what it says. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Rows(String statement, String statementCounter, String rowCounter, Long statements, Long rows,
                       Double rowsPerStatement, Double rowsPerTransaction) {
    }
}
