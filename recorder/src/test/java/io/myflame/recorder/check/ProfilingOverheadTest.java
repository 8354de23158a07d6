package io.myflame.recorder.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.myflame.ingest.capture.CaptureDirectory;
import io.myflame.recorder.capture.CaptureMetadata;
import io.myflame.recorder.progress.Progress;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * perf's cost to the workload, from the warm-up's and the window's throughput (figures of the
 * bundled captures): written to capture.json, read back through the typed record, a warning only
 * past a quarter lost, and no ratio when the window ran on another table than the warm-up (the
 * DELETE workload's, grown and refilled between them).
 */
class ProfilingOverheadTest {
    @TempDir
    Path tmp;

    private JsonNode written(CaptureMetadata meta) throws Exception {
        meta.write(tmp);
        return new ObjectMapper().readTree(tmp.resolve("capture.json").toFile());
    }

    @Test
    void dwarfHalvingTheRateIsSaid() throws Exception {
        CaptureMetadata meta = new CaptureMetadata();
        ProfilingOverhead.check(null, 16953.38, 7416.59, true, "dwarf,32768", meta, Progress.silent());
        JsonNode json = written(meta);
        assertEquals(0.4375, json.path("checks").path("profiled_tps_ratio").asDouble(), 1e-4);
        assertEquals(16953.38, json.path("workload").path("warmup_tps").asDouble(), 1e-2);
        String warning = json.path("warnings").get(0).asText();
        assertTrue(warning.startsWith("perf slowed the workload: 7417 tps profiled against 16953"), warning);
        assertTrue(warning.contains("smaller dwarf dump"), warning);
        assertEquals(0.4375, CaptureDirectory.open(tmp).record().checks().profiledTpsRatio(), 1e-4);
    }

    @Test
    void framePointersCostingAThirdAreSaidWithTheirOwnFix() throws Exception {
        CaptureMetadata meta = new CaptureMetadata();
        ProfilingOverhead.check(null, 12000, 8000, true, "fp", meta, Progress.silent());
        JsonNode json = written(meta);
        assertEquals(0.6667, json.path("checks").path("profiled_tps_ratio").asDouble(), 1e-4);
        assertTrue(json.path("warnings").get(0).asText().endsWith("A lower --freq costs less"));
        assertFalse(json.path("warnings").get(0).asText().contains("dwarf"));
    }

    @Test
    void aSmallCostIsRecordedSilently() throws Exception {
        CaptureMetadata meta = new CaptureMetadata();
        ProfilingOverhead.check(null, 22854.79, 19556.41, true, "dwarf,32768", meta, Progress.silent());
        JsonNode json = written(meta);
        assertEquals(0.8557, json.path("checks").path("profiled_tps_ratio").asDouble(), 1e-4);
        assertTrue(json.path("warnings").isEmpty(), json.toString());
    }

    @Test
    void anotherTableNoRatio() throws Exception {
        CaptureMetadata meta = new CaptureMetadata();
        ProfilingOverhead.check(null, 16953.38, 7416.59, false, "dwarf,32768", meta, Progress.silent());
        JsonNode json = written(meta);
        assertTrue(json.path("checks").path("profiled_tps_ratio").isMissingNode(), json.toString());
        assertEquals(16953.38, json.path("workload").path("warmup_tps").asDouble(), 1e-2);
        assertTrue(json.path("warnings").isEmpty(), json.toString());
    }

    @Test
    void theInterleavedMeasurementWinsOverTheWarmUpAndSaysHow() throws Exception {
        CaptureMetadata meta = new CaptureMetadata();
        InterleavedOverhead o;
        try (java.io.InputStream in = getClass().getResourceAsStream("/record/sysbench-1.0.20-overhead-check.txt")) {
            o = InterleavedOverhead.of(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        }
        // a DELETE: warm-up and window on different tables, which the interleaved check does not mind
        ProfilingOverhead.check(o, 30835.78, 19047.3, false, "dwarf,32768", meta, Progress.silent());
        JsonNode json = written(meta);
        assertEquals(0.6982, json.path("checks").path("profiled_tps_ratio").asDouble(), 1e-4);
        JsonNode how = json.path("checks").path("profiling_overhead");
        assertEquals("interleaved", how.path("method").asText());
        assertEquals(2, how.path("rounds").asInt());
        assertEquals(6, how.path("profiled_s").asInt());
        assertEquals(5, how.path("unprofiled_s").asInt());
        assertEquals(28173.1, how.path("unprofiled_tps").asDouble(), 1e-2);
        assertEquals(30835.78, json.path("workload").path("warmup_tps").asDouble(), 1e-2);
        assertTrue(json.path("warnings").get(0).asText().contains("in turns in one run"), json.toString());
        assertEquals(0.0495, how.path("ratio_standard_error").asDouble(), 1e-4);
        assertEquals("interleaved", CaptureDirectory.open(tmp).record().checks().profilingOverhead().method());
        assertEquals(0.0495, CaptureDirectory.open(tmp).record().checks().profilingOverhead().ratioStandardError(), 1e-4);
    }

    @Test
    void theWarmUpFallbackSaysItIsOne() throws Exception {
        CaptureMetadata meta = new CaptureMetadata();
        ProfilingOverhead.check(null, 22854.79, 19556.41, true, "dwarf,32768", meta, Progress.silent());
        JsonNode how = written(meta).path("checks").path("profiling_overhead");
        assertEquals("warm-up", how.path("method").asText());
        assertTrue(how.path("rounds").isMissingNode());
        assertTrue(how.path("ratio_standard_error").isMissingNode(), "two runs on one table: no spread measured");
        assertEquals(19556.41, how.path("profiled_tps").asDouble(), 1e-2);
    }

    @Test
    void noWarmUpNoFigure() throws Exception {
        CaptureMetadata meta = new CaptureMetadata();
        ProfilingOverhead.check(null, Double.NaN, 9000, true, "fp", meta, Progress.silent());
        assertTrue(written(meta).path("checks").path("profiled_tps_ratio").isMissingNode());
    }
}
