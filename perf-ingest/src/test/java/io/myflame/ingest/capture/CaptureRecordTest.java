package io.myflame.ingest.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaptureRecordTest {
    static final Path CAPTURES = Path.of("..", "samples", "captures");

    @TempDir
    Path tmp;

    /** Every key of every bundled capture.json has its place in the record: read and written back, the file is unchanged. */
    @Test
    void theBundledCapturesRoundTripByteForByte() throws Exception {
        List<Path> files = bundled();
        assertTrue(files.size() >= 5, files.toString());
        for (Path f : files) {
            assertEquals(Files.readString(f), CaptureJsonReader.read(f).toJson(), f.toString());
        }
    }

    /** The streaming reader reads what Jackson's mapper binds, on every bundled capture.json. */
    @Test
    void theStreamingReaderReadsWhatTheMapperBinds() throws Exception {
        for (Path f : bundled()) {
            CaptureRecord bound = new ObjectMapper().readValue(f.toFile(), CaptureRecord.class);
            CaptureRecord read = CaptureJsonReader.read(f);
            assertEquals(bound, read, f.toString());
            assertEquals(setupAsTheMapperSpelledIt(bound), read.setup(), f.toString());
        }
    }

    /** The mapper's leniencies the recorder never relies on, but an edited or older file may. */
    @Test
    void numbersAsStringsFractionsNullsAndUnknownKeysReadAsTheMapperReadThem() throws Exception {
        String json = "{\"schema_version\": \"1\", \"future\": {\"a\": [1, {\"b\": null}]},"
                + " \"workload\": {\"tables\": 2.0, \"table_size\": \"\", \"threads\": null,"
                + " \"results\": {\"transactions\": \"12\", \"tps\": 3, \"latency_ms\": {\"p95\": \"0.5\"}}},"
                + " \"server\": {\"options\": [\"a\\\"b\", \"c\"], \"settings\": {\"x\": \"1\", \"y\": 2}, \"throwaway\": \"true\"},"
                + " \"perf\": {\"event\": \"cycles\"}, \"perf\": {\"event\": \"cpu-clock\"},"
                + " \"counters\": {\"delta\": {\"Com_delete\": 5}}, \"warnings\": [\"w\"]}";
        Path f = write(json);
        CaptureRecord bound = new ObjectMapper().readValue(json, CaptureRecord.class);
        CaptureRecord read = CaptureJsonReader.read(f);
        assertEquals(bound, read);
        assertEquals("cpu-clock", read.event());
        assertEquals(12, read.transactions().getAsLong());
        assertEquals(setupAsTheMapperSpelledIt(bound), read.setup());
    }

    @Test
    void whatAFileLacksIsNullAndNotWritten() throws Exception {
        CaptureRecord r = CaptureJsonReader.read(write("{\"perf\": {\"event\": \"cycles\"}, \"x\": 1}"));
        assertEquals("cycles", r.perf().event());
        assertNull(r.workload());
        assertEquals("{\n  \"perf\" : {\n    \"event\" : \"cycles\",\n    \"frequency\" : null\n  },\n"
                + "  \"incomplete\" : null\n}", r.toJson());
    }

    /** A value of the wrong kind names its key and line; a top that is no object reads as nothing. */
    @Test
    void valuesOfTheWrongKindNameTheirKey() throws Exception {
        for (String[] c : new String[][] {
                {"{\"workload\": {\"tables\": \"many\"}}", "key workload.tables: expected a number, found many"},
                {"{\n\"perf\": [1]}", "key perf: expected an object"},
                {"{\"warnings\": \"w\"}", "key warnings: expected a list"},
                {"{\"counters\": {\"delta\": {\"x\": true}}}", "key counters.delta.x: expected a number, found true"},
                {"{\"server\": {\"version\": {}}}", "key server.version: expected text"},
                {"{\"server\": {\"throwaway\": 3}}", "key server.throwaway: expected true or false"},
                {"{\"workload\": {\"tables\": 99999999999999999999}}",
                        "key workload.tables: expected a number in range, found 99999999999999999999"},
                {"{\"perf\": {\"frequency\": 1e999}}", "key perf.frequency: expected a number in range, found 1e999"}}) {
            CaptureJsonReader.WrongShape e = assertThrows(CaptureJsonReader.WrongShape.class,
                    () -> CaptureJsonReader.read(write(c[0])), c[0]);
            assertTrue(e.detail.startsWith(c[1]), e.detail);
        }
        assertEquals(2, assertThrows(CaptureJsonReader.WrongShape.class,
                () -> CaptureJsonReader.read(write("{\n\"perf\": [1]}"))).line);
        assertNull(CaptureJsonReader.read(write("[1, 2]")));
        assertNull(CaptureJsonReader.read(write("")));
    }

    /** Jackson's snake case, which names the keys the mapper writes. */
    @Test
    void componentNamesAreTheMappersSnakeCase() {
        assertEquals("latency_ms", CaptureJsonReader.snakeCase("latencyMs"));
        assertEquals("total_time_s", CaptureJsonReader.snakeCase("totalTimeS"));
        assertEquals("p95", CaptureJsonReader.snakeCase("p95"));
        assertEquals("buffer_pool_reads_per_transaction", CaptureJsonReader.snakeCase("bufferPoolReadsPerTransaction"));
    }

    private static Map<String, String> setupAsTheMapperSpelledIt(CaptureRecord r) {
        Map<String, String> s = new LinkedHashMap<>(r.setup());
        if (r.server() != null && r.server().options() != null) {
            s.put("server options", new ObjectMapper().valueToTree(r.server().options()).toString());
        }
        return s;
    }

    private Path write(String json) throws Exception {
        Path f = Files.createTempFile(tmp, "capture", ".json");
        Files.writeString(f, json);
        return f;
    }

    private static List<Path> bundled() throws Exception {
        try (Stream<Path> s = Files.list(CAPTURES)) {
            return s.map(d -> d.resolve(CaptureDirectory.METADATA)).filter(Files::isRegularFile).sorted().toList();
        }
    }
}
