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
 * {@code cafÃ©}), other bytes and controls shown as {@code \xNN}, CSV formulas neutralised; and
 * characters XML forbids, which never make an SVG or HTML page unreadable.
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

    /**
     * Characters XML 1.0 forbids even escaped (U+FFFE, U+FFFF, C0 controls, a lone surrogate's
     * UTF-8 bytes), {@code --} in the notes comment and {@code ]]>} in names: every SVG a real XML
     * parser reads, every HTML page holds no forbidden character and its inline SVG parses.
     */
    @Test
    void svgAndHtmlAreWellFormedWhateverTheNames() throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write("main;a\ufffeb;c\u0001d\u000b\u000c;e\uffff 5\n".getBytes(StandardCharsets.UTF_8));
        b.write("main;x<&>y;z]]>--- 3\n".getBytes(StandardCharsets.UTF_8));
        b.write(new byte[] {'m', 'a', 'i', 'n', ';', (byte) 0xed, (byte) 0xa0, (byte) 0x80, 's', ' ', '2', '\n'});
        Path nasty = Files.write(dir.resolve("xml-hostile.folded"), b.toByteArray());
        String title = "T | a | b |\ufffe -- x";
        String in = nasty.toString();
        List<List<String>> svgs = List.of(
                List.of("flamegraph", in, "--notes", "a --- b-", "--title", title, "--subtitle", title),
                List.of("flamegraph", in, "--reverse", "--countname", title, "--nametype", title),
                List.of("flamegraph", in, "--flamechart", "--colors", "mysql", "--cp", "--palette-file",
                        dir.resolve("xml.map").toString()),
                List.of("flamegraph", "--diff", in, in, "--title", title, "--notes", "x--y-"));
        int n = 0;
        for (List<String> args : svgs) {
            Path svg = dir.resolve("wf" + n++ + ".svg");
            List<String> a = new ArrayList<>(args);
            a.addAll(List.of("-o", svg.toString()));
            Myflame.Result r = Myflame.run(a.toArray(String[]::new));
            assertEquals(0, r.exit(), r.err());
            assertWellFormed(Files.readString(svg, StandardCharsets.UTF_8), args.toString());
        }
        Path page = dir.resolve("wf.html");
        assertEquals(0, Myflame.run("flamegraph", in, "--title", title, "-o", page.toString()).exit());
        assertPage(Files.readString(page, StandardCharsets.UTF_8), "flamegraph .html");
        for (List<String> args : List.of(List.of("report", in, "--top", "0"), List.of("diff", in, in, "--title", title,
                "--caption", title), List.of("categories", in, "--title", title))) {
            List<String> a = new ArrayList<>(args);
            a.addAll(List.of("--format", "html"));
            Myflame.Result r = Myflame.run(a.toArray(String[]::new));
            assertEquals(0, r.exit(), r.err());
            assertPage(r.out(), args.toString());
        }
    }

    private static void assertWellFormed(String xml, String what) throws Exception {
        javax.xml.parsers.DocumentBuilderFactory f = javax.xml.parsers.DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        try {
            f.newDocumentBuilder().parse(new org.xml.sax.InputSource(new java.io.StringReader(xml)));
        } catch (org.xml.sax.SAXException e) {
            throw new AssertionError(what + ": not well-formed XML: " + e.getMessage(), e);
        }
    }

    /** An HTML page: no character XML or HTML forbids anywhere, and each inline SVG well-formed. */
    private static void assertPage(String html, String what) throws Exception {
        java.util.regex.Matcher bad = java.util.regex.Pattern
                .compile("[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]|[\\ud800-\\udbff](?![\\udc00-\\udfff])"
                        + "|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]").matcher(html);
        boolean found = bad.find();
        assertFalse(found, found ? what + ": forbidden character U+" + Integer.toHexString(html.charAt(bad.start())) : "");
        java.util.regex.Matcher svg = java.util.regex.Pattern.compile("<svg[\\s>].*?</svg>", java.util.regex.Pattern.DOTALL)
                .matcher(html);
        while (svg.find()) {
            assertWellFormed(svg.group(), what + " inline SVG");
        }
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
