package io.myflame.ingest.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class CaptureRecordTest {
    static final Path CAPTURES = Path.of("..", "samples", "captures");

    /** Every key of every bundled capture.json has its place in the record: read and written back, the file is unchanged. */
    @Test
    void theBundledCapturesRoundTripByteForByte() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(CAPTURES)) {
            files = s.map(d -> d.resolve(CaptureDirectory.METADATA)).filter(Files::isRegularFile).sorted().toList();
        }
        assertTrue(files.size() >= 5, files.toString());
        for (Path f : files) {
            String text = Files.readString(f);
            assertEquals(text, CaptureRecord.of(new ObjectMapper().readTree(text)).toJson(), f.toString());
        }
    }

    @Test
    void whatAFileLacksIsNullAndNotWritten() throws Exception {
        CaptureRecord r = CaptureRecord.of(new ObjectMapper().readTree("{\"perf\": {\"event\": \"cycles\"}, \"x\": 1}"));
        assertEquals("cycles", r.perf().event());
        assertNull(r.workload());
        assertEquals("{\n  \"perf\" : {\n    \"event\" : \"cycles\",\n    \"frequency\" : null\n  },\n"
                + "  \"incomplete\" : null\n}", r.toJson());
    }
}
