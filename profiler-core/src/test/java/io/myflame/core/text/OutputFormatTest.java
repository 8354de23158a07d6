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

    /** A graph is written by the format its command chose, as a table is: SVG as UTF-8 text, PNG and HTML as bytes. */
    @Test
    void aGraphIsWrittenInTheFormatChosen() throws Exception {
        Graph graph = new Graph() {
            @Override
            public void svg(java.io.Writer w) throws java.io.IOException {
                w.write("<svg>\u2192</svg>");
            }

            @Override
            public void png(java.io.OutputStream out) throws java.io.IOException {
                out.write(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
            }

            @Override
            public void html(java.io.OutputStream out) throws java.io.IOException {
                out.write("<html>".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
        };
        assertEquals("<svg>\u2192</svg>", written(OutputFormat.SVG, graph).toString(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(4, written(OutputFormat.PNG, graph).size());
        assertEquals("<html>", written(OutputFormat.HTML, graph).toString(java.nio.charset.StandardCharsets.UTF_8));
        assertThrows(IllegalStateException.class, () -> written(OutputFormat.CSV, graph), "a table format draws no graph");
        Graph chart = Graph.of(w -> w.write("<svg/>"), out -> out.write(1));
        assertThrows(IllegalStateException.class, () -> written(OutputFormat.HTML, chart), "a chart has no HTML page");
    }

    private static java.io.ByteArrayOutputStream written(OutputFormat f, Graph g) throws java.io.IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        f.write(g, out);
        return out;
    }
}
