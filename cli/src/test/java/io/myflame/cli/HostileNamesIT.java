package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Names with UTF-8, invalid bytes, terminal control characters and spreadsheet formulas (issue 9
 * items 7, 8, 14) through report and diff in every format: UTF-8 shown as text (never
 * {@code cafÃ©}), other bytes and controls shown as {@code \xNN}, CSV formulas neutralised.
 */
class HostileNamesIT {
    @TempDir
    static Path dir;
    static Path folded;

    @BeforeAll
    static void writeFolded() throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write("main;caf\u00e9Run;leaf 5\n".getBytes(StandardCharsets.UTF_8));
        b.write("main;evil\u001bOname\u0007 4\n".getBytes(StandardCharsets.UTF_8));
        b.write(new byte[] {'m', 'a', 'i', 'n', ';', 'b', 'a', 'd', (byte) 0xff, 'b', 'y', 't', 'e', ' ', '3', '\n'});
        b.write("main;=HYPERLINK(\"http://x\") 2\n".getBytes(StandardCharsets.UTF_8));
        folded = dir.resolve("hostile.folded");
        Files.write(folded, b.toByteArray());
    }

    static String report(String... more) throws Exception {
        List<String> a = new ArrayList<>(List.of("report", folded.toString()));
        a.addAll(List.of(more));
        if (!a.contains("--focus")) {
            a.addAll(List.of("--top", "0"));
        }
        Myflame.Result r = Myflame.run(a.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        return r.out();
    }

    static void noRawControls(String out) {
        assertFalse(out.contains("\u001b") || out.contains("\u0007"), "a raw control character reached the output");
    }

    @Test
    void textShowsUtf8AsTextAndEscapesTheRest() throws Exception {
        for (String format : List.of("text", "markdown", "csv", "html")) {
            // Markdown escapes the backslash of \xNN; a reader sees it once.
            String out = report("--format", format).replace("\\\\", "\\");
            assertTrue(out.contains("caf\u00e9Run"), format + ": " + out);
            assertFalse(out.contains("caf\u00c3\u00a9"), format + " double-encodes: " + out);
            assertTrue(out.contains("evil\\x1bOname\\x07"), format + ": " + out);
            assertTrue(out.contains("bad\\xffbyte"), format + ": " + out);
            noRawControls(out);
        }
    }

    @Test
    void csvNeutralisesFormulas() throws Exception {
        String csv = report("--format", "csv");
        assertTrue(csv.contains("\"'=HYPERLINK(\"\"http://x\"\")\","), csv);
    }

    @Test
    void jsonIsExactText() throws Exception {
        JsonNode root = new ObjectMapper().readTree(report("--format", "json"));
        List<String> names = new ArrayList<>();
        root.get("functions").forEach(f -> names.add(f.get("function").asText()));
        assertTrue(names.contains("caf\u00e9Run"), names.toString());
        assertTrue(names.contains("evil\u001bOname\u0007"), names.toString());
        assertTrue(names.contains("=HYPERLINK(\"http://x\")"), names.toString());
    }

    @Test
    void typedUtf8NamesFindTheirFrames() throws Exception {
        String out = report("--focus", "caf\u00e9Run");
        assertTrue(out.contains("caf\u00e9Run"), out);
        assertTrue(out.contains("leaf"), out);
        Myflame.Result d = Myflame.run("diff", folded.toString(), folded.toString(), "--label", "a", "--label", "b",
                "--focus", "caf\u00e9Run", "--format", "json");
        assertEquals(0, d.exit(), d.err());
        assertEquals("caf\u00e9Run", new ObjectMapper().readTree(d.out()).get("rows").get(0).get("row").asText(), d.out());
    }
}
