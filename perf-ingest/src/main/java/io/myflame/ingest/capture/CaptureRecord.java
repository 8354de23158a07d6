package io.myflame.ingest.capture;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Map;

/**
 * {@code capture.json}, typed: the one spelling of the capture schema, bound by Jackson (components in
 * camel case are the file's snake-case keys, in the file's order). A field the file does not have is
 * null and is not written; the few the recorder writes as an explicit {@code null} when unknown
 * ({@code incomplete}, {@code build_id}, {@code rand_type}, {@code frequency}, the workload's results)
 * keep that null. Unknown keys are ignored, so a newer capture still reads.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record CaptureRecord(Integer schemaVersion, String tool, Server server, Workload workload, Perf perf,
                            Host host, Counters counters, Checks checks, List<String> warnings,
                            @JsonInclude(Include.ALWAYS) String incomplete) {
    /** Indented as the recorder has always written capture.json. */
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The record a parsed capture.json holds; a value of the wrong type is a Jackson error saying which. */
    public static CaptureRecord of(JsonNode tree) throws JsonProcessingException {
        return JSON.treeToValue(tree, CaptureRecord.class);
    }

    /** This record with another {@code incomplete} reason (null: complete). */
    public CaptureRecord withIncomplete(String reason) {
        return new CaptureRecord(schemaVersion, tool, server, workload, perf, host, counters, checks, warnings, reason);
    }

    /** capture.json's text for this record. */
    public String toJson() throws JsonProcessingException {
        return JSON.writeValueAsString(this);
    }

    /** The server recorded: what it says of itself, where it came from, the options and variables it ran with. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Server(String version, String binary, @JsonInclude(Include.ALWAYS) String buildId, Long pid,
                         String source, Boolean throwaway, List<String> options, Map<String, String> settings) {
    }

    /** The workload as run: sysbench's test and sizes, the command and its parsed results. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Workload(String name, String description, String rowWork, Integer tables, Integer tableSize,
                           Integer threads, Integer timeS, Integer warmupS, @JsonInclude(Include.ALWAYS) String randType,
                           @JsonInclude(Include.ALWAYS) String storageEngine, String sysbenchVersion,
                           Integer tableSizeRequested, String command, Results results, Double warmupTps) {
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
                       Double durationS, Long distinctStacks, String symbols) {
    }

    /** The machine recorded on. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Host(String kernel, String cpuModel, Integer cores) {
    }

    /** {@code SHOW GLOBAL STATUS} over the measured window: each counter's change, and per transaction. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Counters(Map<String, Long> delta, Map<String, Double> perTransaction) {
    }

    /** The figures the capture's self-checks measured. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Checks(Rows rows, Long bufferPoolReads, Double bufferPoolReadsPerTransaction, Double serverCpusBusy,
                         Integer expectedCpusBusy, Double truncatedShare, Map<String, Double> truncatedCauses,
                         Double unresolvedShare, Double profiledTpsRatio) {
    }

    /** Rows changed per statement: did the workload do what it says. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Rows(String statement, String statementCounter, String rowCounter, Long statements, Long rows,
                       Double rowsPerStatement, Double rowsPerTransaction) {
    }
}
