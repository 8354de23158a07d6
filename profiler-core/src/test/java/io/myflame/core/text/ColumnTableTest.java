package io.myflame.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.analysis.InclusiveTable.Entry;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** A table described by its columns: one more column is one line, and every format shows it. */
class ColumnTableTest {
    private static final List<Entry> ENTRIES = List.of(new Entry("mysql_execute_command", 900, 12, 90.0, 1.2),
            new Entry("ha_innobase::write_row", 300, 250, 30.0, 25.0));

    /** The top table with one more column: the share of the function's time spent in its callees. */
    private static ColumnTable<Entry> withCallees() {
        List<TableColumn<Entry>> columns = new ArrayList<>(TopTable.COLUMNS);
        columns.add(TableColumn.percent("Callees", "callees_pct", e -> e.inclusivePct() - e.selfPct()));
        return ColumnTable.of(columns, new ColumnTable.Naming<>("Function", "function", "functions", Entry::function),
                ENTRIES, "a profile");
    }

    private static String write(OutputFormat f, Document doc) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        f.write(doc, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aNewColumnShowsInEveryFormat() throws Exception {
        ColumnTable<Entry> table = withCallees();
        String text = write(OutputFormat.TEXT, table);
        assertTrue(text.contains("  Children      Self   Callees  Function\n"), text);
        assertTrue(text.contains("    90.00%     1.20%    88.80%  mysql_execute_command"), text);
        String md = write(OutputFormat.MARKDOWN, table);
        assertTrue(md.contains("| Function | Children % | Self % | Callees % |\n|---|---:|---:|---:|\n"), md);
        assertTrue(md.contains("| mysql\\_execute\\_command | 90.00 | 1.20 | 88.80 |"), md);
        String csv = write(OutputFormat.CSV, table);
        assertTrue(csv.startsWith("function,inclusive_pct,self_pct,inclusive_weight,self_weight,callees_pct\n"), csv);
        assertTrue(csv.contains("mysql_execute_command,90.00,1.20,900,12,88.80\n"), csv);
        String json = write(OutputFormat.JSON, table);
        assertTrue(json.contains("\"callees_pct\" : 88.8"), json);
        String html = write(OutputFormat.HTML, table);
        assertTrue(html.contains("<th class=\"n\">Callees %</th>"), html);
        assertTrue(html.contains("<td class=\"n\">88.80</td>"), html);
        assertTrue(width(table) > width(TopTable.of(ENTRIES, "a profile")), "the PNG has room for the column");
    }

    @Test
    void dataOnlyColumnsAreForProgramsAlone() throws Exception {
        ColumnTable<Entry> table = TopTable.of(ENTRIES, null);
        assertFalse(write(OutputFormat.TEXT, table).contains("900"));
        assertFalse(write(OutputFormat.MARKDOWN, table).contains("900"));
        assertFalse(write(OutputFormat.HTML, table).contains("900"));
        assertTrue(write(OutputFormat.CSV, table).contains(",900,12\n"));
        assertTrue(write(OutputFormat.JSON, table).contains("\"inclusive_weight\" : 900"));
    }

    @Test
    void theTopTableKeepsPerfReportsLayout() throws Exception {
        assertEquals("# a profile\n  Children      Self  Function\n    90.00%     1.20%  mysql_execute_command\n"
                + "    30.00%    25.00%  ha_innobase::write_row\n# a note\n",
                write(OutputFormat.TEXT, TopTable.of(ENTRIES, "a profile").note("a note")).replace(System.lineSeparator(), "\n"));
    }

    private static int width(Document doc) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        OutputFormat.PNG.write(doc, out);
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(out.toByteArray()));
        return img.getWidth();
    }
}
