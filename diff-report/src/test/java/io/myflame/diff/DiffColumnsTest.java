package io.myflame.diff;

import io.myflame.core.analysis.RowSpec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.myflame.core.model.Profile;
import io.myflame.core.text.Document;
import io.myflame.core.text.IndentedTable;
import io.myflame.core.text.OutputFormat;
import io.myflame.core.text.TableColumn;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * A comparison's table is described by its columns (one per input, then the derived ones) and its
 * JSON by lists of fields: one more column or field is one line, and every format shows it.
 */
class DiffColumnsTest {
    private static String write(OutputFormat f, IndentedTable t) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        f.write(Document.of(t), out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The change in percent of the first input's value: a column a reader might want next. */
    private static final TableColumn<DiffRow> CHANGE_PCT =
            TableColumn.percent("change", "change_pct", r -> 100 * (r.ratio() - 1));

    @Test
    void aNewComparisonColumnShowsInEveryFormat() throws Exception {
        Diff diff = DiffFormatsTest.diff();
        List<TableColumn<DiffRow>> columns = new ArrayList<>(DiffTables.columns(diff));
        columns.add(CHANGE_PCT);
        IndentedTable more = DiffTables.of(diff, true, columns);
        String text = write(OutputFormat.TEXT, more);
        assertTrue(text.lines().anyMatch(l -> l.endsWith("delta_ratio   change %")), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("Foo<int>::bar|baz *") && l.endsWith("100.00")), text);
        String md = write(OutputFormat.MARKDOWN, more);
        assertTrue(md.contains("| delta\\_ratio | change % |\n"), md);
        assertTrue(md.contains(" | 2.00 | 100.00 |\n"), md);
        String csv = write(OutputFormat.CSV, more);
        assertTrue(csv.startsWith("row,depth,5.7,8.0 <new>,delta_pts,delta_ratio,change %\n"), csv);
        assertTrue(csv.contains("Foo<int>::bar|baz,0,25.00,50.00,25.00,2.00,100.00\n"), csv);
        assertTrue(write(OutputFormat.JSON, more).contains("\"delta_ratio\", \"change %\" ]"));
        String html = write(OutputFormat.HTML, more);
        assertTrue(html.contains("<th class=\"n\">change %</th>"), html);
        assertTrue(html.contains("<td class=\"n\">100.00</td>"), html);
        // Without a blank cell, whose note is wider than this small table: the table sets the image's width.
        List<RowSpec> present = DiffFormatsTest.ROWS.subList(0, 3);
        Diff full = DiffTable.compute("# t", present, diff.columns(), RowEvaluator.rows(present, Measure.INCLUSIVE),
                Measure.INCLUSIVE, Per.PERCENT, 10.0);
        List<TableColumn<DiffRow>> fullColumns = new ArrayList<>(DiffTables.columns(full));
        fullColumns.add(CHANGE_PCT);
        assertTrue(width(DiffTables.of(full, true, fullColumns)) > width(DiffTables.of(full)), "the PNG has room for the column");
        assertEquals(2, more.inputs(), "the list layout still has a block per input alone");
    }

    @Test
    void theTableIsItsColumnsInOrder() {
        Diff diff = DiffFormatsTest.diff();
        assertEquals(List.of("5.7", "8.0 <new>", "delta_pts", "delta_ratio"), DiffTables.of(diff).columns());
        assertEquals(DiffTables.columns(diff).stream().map(TableColumn::heading).toList(), DiffTables.of(diff).columns());
    }

    @Test
    void repeatsGiveTheInputColumnsASpreadAndTheDerivedNone() {
        Profile a1 = Stacks.of("5.7", "m;x 20", "m;y 80");
        Profile a2 = Stacks.of("5.7", "m;x 30", "m;y 70");
        // Row 2 is 'gone | y': 80 and 70 in the repeats, 50 in the other input.
        Diff diff = DiffTable.compute("t", DiffFormatsTest.ROWS, List.of(new Column("5.7", List.of(Run.of(a1), Run.of(a2))),
                        Column.of("8.0", Run.of(DiffFormatsTest.B))), RowEvaluator.rows(DiffFormatsTest.ROWS, Measure.INCLUSIVE),
                Measure.INCLUSIVE, Per.PERCENT, 10.0);
        IndentedTable.Row y = DiffTables.of(diff).rows().get(2);
        assertEquals(75.0, y.values()[0], 1e-9);
        assertEquals(5.0, y.spread(0), 1e-9);
        assertEquals(0.0, y.spread(1), 1e-9);
        assertTrue(Double.isNaN(y.spread(2)) && Double.isNaN(y.spread(3)), "a derived column has no spread");
        assertTrue(DiffTables.of(DiffFormatsTest.diff()).rows().get(0).spreads() == null, "no repeats, no spreads");
    }

    @Test
    void everyDescribedJsonFieldIsWritten() throws Exception {
        Diff diff = DiffFormatsTest.diff();
        StringWriter w = new StringWriter();
        Movers movers = new Movers(List.of(), Map.of("5.7", List.of(new Movers.Only("gone", 3.0))), 1);
        DiffJson.write(diff, null, null, null, movers, w);
        JsonNode root = new ObjectMapper().readTree(w.toString());
        JsonNode run = root.get("columns").get(0).get("runs").get(0);
        JsonNode row = root.get("rows").get(0);
        JsonNode changed = root.get("changed").get(0);
        JsonNode only = root.get("only_in").get("5.7").get(0);
        DiffJson.INPUT_FIELDS.forEach(f -> assertTrue(root.get("columns").get(0).has(f.key()), f.key()));
        // truncated_share is left out when the input was not measured, as in these stacks.
        DiffJson.RUN_FIELDS.stream().filter(f -> !f.key().equals("truncated_share"))
                .forEach(f -> assertTrue(run.has(f.key()), f.key()));
        DiffJson.rowFields(diff).forEach(f -> assertTrue(row.has(f.key()), f.key()));
        DiffJson.CELL_FIELDS.forEach(f -> assertTrue(row.get("cells").get(0).has(f.key()), f.key()));
        DiffJson.changedFields(diff).forEach(f -> assertTrue(changed.has(f.key()), f.key()));
        DiffJson.ONLY_FIELDS.forEach(f -> assertTrue(only.has(f.key()), f.key()));
        DiffTables.derived(diff).forEach(d -> assertTrue(row.has(d.key()), d.key()));
        assertEquals(List.of("row", "names", "depth", "parent", "cells", "delta", "delta_ratio", "significant"),
                iterable(row.fieldNames()));
    }

    @Test
    void aNewRunFieldIsOneLine() throws Exception {
        List<JsonField<Run>> fields = new ArrayList<>(DiffJson.RUN_FIELDS);
        fields.add(JsonField.number("weight_per_sample", r -> (double) r.profile().totalWeight() / r.profile().totalSamples()));
        com.fasterxml.jackson.databind.node.ArrayNode a = new ObjectMapper().createArrayNode();
        JsonField.addAll(a, fields, List.of(Run.of(DiffFormatsTest.A)));
        Profile p = DiffFormatsTest.A;
        assertEquals((double) p.totalWeight() / p.totalSamples(), a.get(0).get("weight_per_sample").asDouble(), 1e-4);
        assertEquals("5.7", a.get(0).get("source").asText());
    }

    private static List<String> iterable(java.util.Iterator<String> it) {
        List<String> out = new ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }

    private static int width(IndentedTable t) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        OutputFormat.PNG.write(Document.of(t), out);
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(out.toByteArray()));
        return img.getWidth();
    }
}
