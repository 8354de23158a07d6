package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What programs read from {@code --format json}, through the real jar: a report's totals as
 * numbers, and an unknown event (folded stacks carry none) as JSON null, never the word "null".
 */
class JsonTotalsIT {
    @TempDir
    static Path tmp;
    static String capture;
    static Path folded;

    @BeforeAll
    static void inputs() throws Exception {
        capture = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete").toString();
        folded = tmp.resolve("delete.folded");
        Myflame.Result r = Myflame.run("collapse", capture, "-o", folded.toString());
        assertEquals(0, r.exit(), r.err());
    }

    private static JsonNode json(List<String> args) throws Exception {
        Myflame.Result r = Myflame.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), args + ": " + r.err());
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void reportJsonHasTheTotalsAsNumbersInEveryMode() throws Exception {
        String rows = Myflame.samples().resolve("rows/golden-delete.rows").toString();
        long samples = new com.fasterxml.jackson.databind.ObjectMapper().readTree(
                Path.of(capture, "capture.json").toFile()).at("/perf/samples").asLong();
        long weight = 0;
        for (String line : java.nio.file.Files.readAllLines(folded)) {
            weight += Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
        }
        List<List<String>> modes = List.of(List.of("--top", "3"), List.of("--focus", "do_command", "--depth", "2"),
                List.of("--callers", "ha_commit_trans", "--depth", "2"), List.of("--rows", rows), List.of("--by-thread"));
        for (List<String> mode : modes) {
            List<String> args = new ArrayList<>(List.of("report", capture, "--format", "json"));
            args.addAll(mode);
            JsonNode j = json(args);
            assertTrue(j.path("samples").isIntegralNumber() && j.path("samples").asLong() == samples, mode + ": " + j);
            assertTrue(j.path("weight").isIntegralNumber() && j.path("weight").asLong() == weight, mode + ": " + j);
            assertEquals("cpu-clock", j.path("event").asText(), mode + ": " + j);
            assertEquals(capture, j.path("source").asText(), mode + ": " + j);
        }
        JsonNode bySamples = json(List.of("report", capture, "--format", "json", "--weight", "samples", "--top", "1"));
        assertEquals(samples, bySamples.path("weight").asLong(), "--weight samples: the weight counts samples");
        JsonNode unknown = json(List.of("report", folded.toString(), "--format", "json", "--top", "1"));
        assertTrue(unknown.has("event") && unknown.get("event").isNull(), unknown.toString());
        assertEquals(weight, unknown.path("weight").asLong());
    }

    @Test
    void anUnknownEventIsNeverTheWordNull() throws Exception {
        for (String command : List.of("diff", "categories")) {
            List<String> args = new ArrayList<>(List.of(command, folded.toString()));
            if (command.equals("diff")) {
                args.addAll(List.of(folded.toString(), "--top", "3"));
            }
            Myflame.Result text = Myflame.run(args.toArray(String[]::new));
            assertEquals(0, text.exit(), text.err());
            assertFalse(text.out().contains("null"), text.out());
            assertTrue(text.out().contains("unknown event"), text.out());
            args.addAll(List.of("--format", "json"));
            JsonNode j = json(args);
            for (JsonNode column : j.path("columns")) {
                assertTrue(column.has("event") && column.get("event").isNull(), command + ": " + column);
            }
        }
        // A column of repeats that disagree says which events it mixes.
        Myflame.Result mixed = Myflame.run("diff", "--label", "x=" + folded + "," + capture, "--top", "1");
        assertEquals(0, mixed.exit(), mixed.err());
        assertTrue(mixed.out().contains("event unknown/cpu-clock"), mixed.out());
    }
}
