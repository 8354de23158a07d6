package io.myflame.recorder.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.myflame.ingest.capture.CaptureDirectory;
import io.myflame.ingest.capture.CaptureRecord;
import io.myflame.recorder.workload.SysbenchResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaptureMetadataTest {
    @TempDir
    Path dir;

    /** The recorder writes the reader's record: every section filled in reads back equal, and the text is the record's. */
    @Test
    void writesTheRecordTheReaderReadsBackIdentically() throws Exception {
        CaptureMetadata m = filledIn();
        m.write(dir);
        CaptureRecord r = CaptureDirectory.open(dir).record();
        assertEquals(m.record(), r);
        assertEquals("11.4.5-MariaDB-log", r.server().version());
        assertEquals(4961L, r.perf().samples());
        assertEquals(410.87, r.counters().perTransaction().get("binlog_bytes"));
        assertEquals(List.of("perf recorded cpu-clock"), r.warnings());
        assertNull(r.incomplete());
        assertEquals(r.toJson(), Files.readString(dir.resolve(CaptureDirectory.METADATA)));
    }

    /** A recording that stopped at once still writes every section, as the reader expects. */
    @Test
    void aFreshRecordingWritesEmptySectionsAndItsReason() throws Exception {
        CaptureMetadata m = new CaptureMetadata();
        m.incomplete(CaptureOutput.NOT_FINISHED);
        m.write(dir);
        assertEquals("{\n  \"schema_version\" : 1,\n  \"tool\" : \"myflame record\",\n  \"server\" : {\n"
                + "    \"build_id\" : null\n  },\n  \"workload\" : {\n    \"rand_type\" : null,\n"
                + "    \"storage_engine\" : null\n  },\n  \"perf\" : {\n    \"frequency\" : null\n  },\n"
                + "  \"host\" : { },\n  \"counters\" : { },\n  \"checks\" : { },\n  \"warnings\" : [ ],\n"
                + "  \"incomplete\" : \"the recording did not finish\"\n}",
                Files.readString(dir.resolve(CaptureDirectory.METADATA)));
        assertEquals(m.record(), CaptureDirectory.open(dir).record());
    }

    private static CaptureMetadata filledIn() {
        CaptureMetadata m = new CaptureMetadata();
        m.server(s -> new CaptureRecord.Server("11.4.5-MariaDB-log", "/usr/sbin/mariadbd", null, 18219L,
                "mariadb 11.4.5", "MariaDB", true, List.of("log_bin=ON"), null));
        m.server(s -> s.withSettings(Map.of("log_bin", "ON")));
        m.host(new HostInfo("6.1.0", "Xeon", 2));
        m.workload(w -> new CaptureRecord.Workload("oltp_delete", "oltp_delete", "deleted", 1, 10000, 1, 12, 5, null,
                null, "sysbench 1.0.20", null, null, null, null));
        m.workload(w -> w.withTableSize(407000, 10000).withCommand("sysbench run").withWarmupTps(9000.5));
        m.results(SysbenchResults.parse("""
                    transactions:                        107050 (8920.79 per sec.)
                    queries:                             107050 (8920.79 per sec.)
                """));
        m.perf(p -> CaptureRecord.Perf.requested("cycles", "dwarf").withCommand("perf record"));
        m.perf(p -> p.withRecorded("cpu-clock", "cycles", 499, null, 4961, 0, 12.0).withStacks(812, null));
        m.counters(Map.of("Com_delete", 89046L), Map.of("binlog_bytes", 410.87));
        m.checks(c -> c.withRows(new CaptureRecord.Rows("DELETE", "Com_delete", "Handler_delete", 5L, 5L, 1.0, 1.0))
                .withBufferPoolReads(0, 0).withCpusBusy(0.64, 1).withStacks(0.4, Map.of("dwarf", 0.4), 0.01, 0.005)
                .withProfilingOverhead(0.9, new CaptureRecord.ProfilingOverhead("interleaved", 2, 6, 6, 9000.0, 10000.0, 0.03)));
        m.warn("perf recorded cpu-clock");
        return m;
    }
}
