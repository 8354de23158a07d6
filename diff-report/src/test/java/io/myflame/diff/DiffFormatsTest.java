package io.myflame.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.myflame.core.analysis.RowSpec;
import io.myflame.core.model.Profile;
import io.myflame.core.text.Document;
import io.myflame.core.text.OutputFormat;
import java.io.StringWriter;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import io.myflame.diff.flame.FlameGraphEmbedder;

class DiffFormatsTest {
    static final Profile A = Stacks.of("5.7", "m;Foo<int>::bar|baz;x 25", "m;y 75");
    static final Profile B = Stacks.of("8.0", "m;Foo<int>::bar|baz;x 50", "m;y 50");
    static final List<RowSpec> ROWS = List.of(
            new RowSpec(List.of("Foo<int>::bar|baz"), 0, -1, 1),
            new RowSpec(List.of("x"), 1, 0, 2),
            new RowSpec(List.of("gone", "y"), 0, -1, 3),
            new RowSpec(List.of("absent"), 0, -1, 4));

    static Diff diff() {
        List<Column> cols = List.of(Column.of("5.7", Run.of(A)), Column.of("8.0 <new>", Run.of(B)));
        return DiffTable.compute("# t", ROWS, cols, RowEvaluator.rows(ROWS, Measure.INCLUSIVE), Measure.INCLUSIVE,
                Per.PERCENT, 10.0);
    }

    static String format(OutputFormat f) throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        f.write(Document.of(DiffTables.of(diff())), out);
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void csvHasTheDocumentedHeaderFirstNamesAndEmptyAbsentCells() throws Exception {
        List<String> lines = format(OutputFormat.CSV).lines().toList();
        assertEquals("row,depth,5.7,8.0 <new>,delta_pts,delta_ratio", lines.get(0));
        assertEquals("Foo<int>::bar|baz,0,25.00,50.00,25.00,2.00", lines.get(1));
        assertEquals("x,1,25.00,50.00,25.00,2.00", lines.get(2));
        assertEquals("gone,0,75.00,50.00,-25.00,0.67", lines.get(3));
        assertEquals("absent,0,,,,", lines.get(4));
        assertEquals(5, lines.size());
    }

    @Test
    void textMarksSignificantRowsAndFootnotesAliases() throws Exception {
        String text = format(OutputFormat.TEXT);
        assertTrue(text.contains("Foo<int>::bar|baz *"), text);
        assertTrue(text.contains("gone | y [1] *"), text);
        assertTrue(text.contains("[1] gone: 5.7 y; 8.0 <new> y"), text);
        assertTrue(text.contains("* |delta| >= 10.00 points"), text);
    }

    @Test
    void markdownEscapesPipesAndAngleBrackets() throws Exception {
        String md = format(OutputFormat.MARKDOWN);
        assertTrue(md.contains("Foo&lt;int&gt;::bar\\|baz"), md);
        assertTrue(md.contains("| Function (% of samples) | 5.7 | 8.0 &lt;new&gt; | delta\\_pts | delta\\_ratio |"), md);
        for (String line : md.lines().toList()) {
            if (line.startsWith("|")) {
                assertFalse(line.contains("<"), line);
            }
        }
    }

    @Test
    void jsonCarriesMatchedNamesPerCell() throws Exception {
        StringWriter w = new StringWriter();
        DiffJson.write(diff(), w);
        JsonNode root = new ObjectMapper().readTree(w.toString());
        JsonNode gone = root.get("rows").get(2);
        assertEquals("gone", gone.get("row").asText());
        assertEquals("y", gone.get("cells").get(1).get("matched").get(0).asText());
        assertEquals(-25.0, gone.get("delta").asDouble(), 1e-9);
        assertTrue(root.get("rows").get(3).get("cells").get(0).get("value").isNull());
        assertEquals("8.0 <new>", root.get("columns").get(1).get("label").asText());
    }

    @Test
    void htmlIsStandaloneAndEscapesNames() throws Exception {
        Categories cats = Categories.mysql();
        List<Column> cols = diff().columns();
        Diff catDiff = DiffTable.compute("# c", cats.rows(), cols, cats.evaluator(), Measure.INCLUSIVE, Per.PERCENT, 1);
        StringWriter w = new StringWriter();
        DiffHtml.write(diff(), catDiff, Optional.empty(), w);
        String html = w.toString();
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertTrue(html.contains("Foo&lt;int&gt;::bar|baz"), html);
        assertFalse(html.contains("Foo<int>"), "unescaped name");
        assertFalse(html.contains("8.0 <new>"), "unescaped label");
        assertTrue(html.contains("<svg"), "category bars");
        assertFalse(html.contains("src=\"http"), "no external resources");
        StringWriter again = new StringWriter();
        DiffHtml.write(diff(), catDiff, Optional.empty(), again);
        assertEquals(html, again.toString(), "deterministic");
    }

    @Test
    void htmlEmbedsFlamegraphsFromAPluggedInRenderer() throws Exception {
        FlameGraphEmbedder fake = new FlameGraphEmbedder() {
            @Override
            public String flamegraph(Profile profile, String title, String idPrefix) {
                return "<div id=\"" + idPrefix + "x\">" + profile.totalWeight() + "</div>";
            }

            @Override
            public String differential(Profile before, Profile after, String title, String idPrefix) {
                return "<div id=\"" + idPrefix + "d\">" + before.totalWeight() + "-" + after.totalWeight() + "</div>";
            }
        };
        StringWriter w = new StringWriter();
        DiffHtml.write(diff(), null, Optional.of(fake), w);
        String html = w.toString();
        assertTrue(html.contains("<div id=\"fg0-x\">100</div>"), html);
        assertTrue(html.contains("<div id=\"fg1-x\">100</div>"), html);
        assertTrue(html.contains("<div id=\"fgdiff-d\">100-100</div>"), html);
    }
}
