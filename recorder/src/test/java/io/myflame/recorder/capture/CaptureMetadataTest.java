package io.myflame.recorder.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.myflame.ingest.capture.CaptureDirectory;
import io.myflame.ingest.capture.CaptureRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaptureMetadataTest {
    @TempDir
    Path dir;

    /** The recorder writes capture.json as the reader's record: the figures read back typed, a stray key is not written. */
    @Test
    void writesTheRecordTheReaderReads() throws Exception {
        CaptureMetadata m = new CaptureMetadata();
        m.server().put("version", "11.4.5-MariaDB-log");
        m.perf().put("event", "cpu-clock");
        m.perf().put("samples", 4961);
        m.perf().put("not_in_the_schema", "x");
        m.counters(Map.of("Com_delete", 89046L), Map.of("binlog_bytes", 410.87));
        m.warn("perf recorded cpu-clock");
        m.write(dir);
        CaptureRecord r = CaptureDirectory.open(dir).record();
        assertEquals("11.4.5-MariaDB-log", r.server().version());
        assertEquals(4961L, r.perf().samples());
        assertEquals(410.87, r.counters().perTransaction().get("binlog_bytes"));
        assertEquals(java.util.List.of("perf recorded cpu-clock"), r.warnings());
        assertNull(r.incomplete());
        String text = Files.readString(dir.resolve(CaptureDirectory.METADATA));
        assertFalse(text.contains("not_in_the_schema"), text);
        assertEquals(r.toJson(), text, "written as the record writes itself");
    }
}
