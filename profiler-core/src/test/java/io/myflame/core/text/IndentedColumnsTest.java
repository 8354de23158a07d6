package io.myflame.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.analysis.CallTrees;
import io.myflame.core.analysis.RowSpec;
import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.SampledThread;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * The one-profile indented tables ({@code report --tree}, {@code --rows}, {@code --by-thread}) are
 * described by their columns: one more column is one line, and every format shows it.
 */
class IndentedColumnsTest {
    /** 100 samples: mysql_execute_command calls mysql_delete (60) and mysql_insert (30). */
    private static final Profile PROFILE = profile("mysql_execute_command;mysql_delete=60",
            "mysql_execute_command;mysql_insert=30", "do_command=10");

    private static Profile profile(String... stacks) {
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames);
        int t = b.thread(new SampledThread("one_connection", 1, 2));
        for (String s : stacks) {
            String[] kv = s.split("=");
            int[] ids = java.util.Arrays.stream(kv[0].split(";")).mapToInt(frames::intern).toArray();
            b.add(t, ids, ids.length, Long.parseLong(kv[1]), 1);
        }
        return b.build();
    }

    private static String write(OutputFormat f, IndentedTable t) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        f.write(Document.of(t), out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /**
     * The column appears, with {@code cell} in the row {@code row} (a whole number: the column is a
     * count), in text, list, Markdown, CSV, JSON, HTML and PNG.
     */
    private static void showsEverywhere(IndentedTable plain, IndentedTable more, String heading, String row, String cell)
            throws Exception {
        assertTrue(write(OutputFormat.TEXT, more).lines().anyMatch(l -> l.contains(heading)), heading);
        assertTrue(write(OutputFormat.TEXT, more).lines().anyMatch(l -> l.contains(row) && l.endsWith(cell)), cell);
        assertTrue(write(OutputFormat.LIST, more).contains(heading + " (% of samples)\n"));
        String md = write(OutputFormat.MARKDOWN, more);
        assertTrue(md.contains(" | " + heading + " |\n"), md);
        // Markdown escapes the underscores of names.
        assertTrue(md.lines().anyMatch(l -> l.contains(row.replace("_", "\\_")) && l.endsWith(" | " + cell + " |")), md);
        String csv = write(OutputFormat.CSV, more);
        assertTrue(csv.startsWith("row,depth,11.4.5," + heading + "\n"), csv);
        assertTrue(csv.lines().anyMatch(l -> l.contains(row) && l.endsWith("," + cell)), csv);
        String json = write(OutputFormat.JSON, more);
        assertTrue(json.contains("\"columns\" : [ \"11.4.5\", \"" + heading + "\" ]"), json);
        assertTrue(json.contains(".0, " + cell + " ]"), json);
        assertTrue(write(OutputFormat.HTML, more).contains("<th class=\"n\">" + heading + "</th>"));
        assertTrue(write(OutputFormat.HTML, more).contains("<td class=\"n\">" + cell + "</td>"));
        assertTrue(width(more) > width(plain), "the PNG has room for the column");
    }

    @Test
    void theTreeTableTakesOneMoreColumn() throws Exception {
        Profile p = PROFILE;
        List<ShareRow> rows = TreeTable.rows(CallTrees.callees(p, p.frames().find("mysql_execute_command")),
                p.totalWeight(), 10, 0);
        List<TableColumn<ShareRow>> columns = new ArrayList<>(ShareRow.columns("11.4.5"));
        columns.add(TableColumn.count("weight", "weight", ShareRow::weight));
        showsEverywhere(ShareRow.table(ShareRow.columns("11.4.5"), rows), ShareRow.table(columns, rows),
                "weight", "mysql_delete", "60");
    }

    @Test
    void theThreadRoleTableTakesOneMoreColumn() throws Exception {
        List<ShareRow> rows = ThreadRoleTable.rows(PROFILE);
        List<TableColumn<ShareRow>> columns = new ArrayList<>(ShareRow.columns("11.4.5"));
        columns.add(TableColumn.count("weight", "weight", ShareRow::weight));
        showsEverywhere(ShareRow.table(ShareRow.columns("11.4.5"), rows), ShareRow.table(columns, rows),
                "weight", "foreground", "100");
    }

    @Test
    void theRowsTableTakesOneMoreColumn() throws Exception {
        List<RowsTable.Line> lines = RowsTable.lines(List.of(new RowSpec(List.of("mysql_delete"), 0, -1, 1),
                new RowSpec(List.of("mysql_update", "mysql_insert"), 0, -1, 2)), PROFILE);
        List<TableColumn<RowsTable.Line>> columns = new ArrayList<>(RowsTable.columns("11.4.5"));
        columns.add(TableColumn.count("weight", "weight", l -> l.cell().weight()));
        IndentedTable more = RowsTable.of(columns, lines);
        showsEverywhere(RowsTable.of(RowsTable.columns("11.4.5"), lines), more, "weight", "mysql_insert", "30");
        assertEquals(List.of("matched: mysql_insert"), more.notes(), "the note on alternatives stays");
    }

    @Test
    void aTableBuiltFromColumnsIsTheTableBuiltByHand() throws Exception {
        IndentedTable byHand = new IndentedTable(List.of("11.4.5")).unit("% of samples")
                .add("mysql_execute_command", 0, 90.0).add("mysql_delete", 1, 60.0).add("mysql_insert", 1, 30.0);
        IndentedTable fromColumns = TreeTable.of(CallTrees.callees(PROFILE, PROFILE.frames().find("mysql_execute_command")),
                PROFILE.totalWeight(), 10, 0, "11.4.5");
        for (OutputFormat f : List.of(OutputFormat.TEXT, OutputFormat.LIST, OutputFormat.MARKDOWN, OutputFormat.CSV,
                OutputFormat.JSON, OutputFormat.HTML)) {
            assertEquals(write(f, byHand), write(f, fromColumns), f.name());
        }
    }

    private static int width(IndentedTable t) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        OutputFormat.PNG.write(Document.of(t), out);
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(out.toByteArray()));
        return img.getWidth();
    }
}
