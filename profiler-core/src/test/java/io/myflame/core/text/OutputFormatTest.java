package io.myflame.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.UsageError;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class OutputFormatTest {
    static final CommandFormats TABLES = CommandFormats.tables("report");

    @Test
    void theFlagWinsOverTheExtension() {
        assertEquals(OutputFormat.MARKDOWN, TABLES.choose("markdown", Path.of("x.html")));
    }

    @Test
    void withoutAFlagTheExtensionChooses() {
        assertEquals(OutputFormat.HTML, TABLES.choose(null, Path.of("out/report.HTML")));
        assertEquals(OutputFormat.CSV, TABLES.choose(null, Path.of("t.csv")));
        assertEquals(OutputFormat.MARKDOWN, TABLES.choose(null, Path.of("t.md")));
        assertEquals(OutputFormat.JSON, TABLES.choose(null, Path.of("t.json")));
        assertEquals(OutputFormat.TEXT, TABLES.choose(null, Path.of("t.txt")));
        assertEquals(OutputFormat.TEXT, TABLES.choose(null, Path.of("t.tar.gz")));
        assertEquals(OutputFormat.TEXT, TABLES.choose(null, null));
    }

    @Test
    void everyArtefactHasItsNames() {
        assertEquals(OutputFormat.SVG, OutputFormat.named(Path.of("g.svgz")));
        assertEquals(OutputFormat.FOLDED, OutputFormat.named(Path.of("x.folded.gz")));
        assertEquals(OutputFormat.PPROF, OutputFormat.named(Path.of("x.pb.gz")));
        assertEquals(OutputFormat.RECORDING, OutputFormat.named(Path.of("perf.data")));
        assertEquals(OutputFormat.RECORDING, OutputFormat.named(Path.of("run.perf.data")));
        assertNull(OutputFormat.named(Path.of("data")));
        assertNull(OutputFormat.named(Path.of("svg")));
    }

    @Test
    void anUnwrittenFormatIsAMessageNamingTheChoices() {
        CommandFormats textOrCsv = new CommandFormats("t", java.util.List.of(OutputFormat.TEXT, OutputFormat.CSV),
                OutputFormat.TEXT, true, "");
        UsageError e = assertThrows(UsageError.class, () -> textOrCsv.choose(null, Path.of("t.html")));
        assertTrue(e.getMessage().contains(".txt, .csv"), e.getMessage());
        assertTrue(e.getMessage().contains("t.html names an HTML page"), e.getMessage());
        e = assertThrows(UsageError.class, () -> TABLES.choose("yaml", null));
        assertEquals("--format must be text, markdown, csv, json, html, list, png, not 'yaml'", e.getMessage());
    }

    @Test
    void aCommandWithoutFormatFlagNamesWhatItWrites() {
        CommandFormats graphs = CommandFormats.byName("flamegraph", OutputFormat.SVG, OutputFormat.PNG, OutputFormat.HTML);
        assertEquals(OutputFormat.SVG, graphs.choose(null, Path.of("graph")));
        UsageError e = assertThrows(UsageError.class, () -> graphs.choose(null, Path.of("graph.md")));
        assertEquals("-o graph.md names markdown text, which this command does not write: "
                + "flamegraph writes SVG, PNG or HTML (name the file .svg, .png or .html)", e.getMessage());
    }
}
