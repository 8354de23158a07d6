package io.myflame.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextTableTest {
    static final String LONG = "std::_Function_handler<void (), tpool::task_group::execute(tpool::task*)::"
            + "{lambda()#1}>::_M_invoke(std::_Any_data const&)";

    static IndentedTable table() {
        return new IndentedTable(List.of("10.2.11", "11.4.5", "delta_pts")).inputs(2).unit("% of samples")
                .add("mysql_delete", 0, true, 17.77, 8.47, -9.3)
                .add("QUICK_RANGE_SELECT::reset", 1, 0.35, Double.NaN, Double.NaN)
                .add(LONG, 1, 2.5, 3.5, 1.0)
                .caption("oltp_delete, 1 thread")
                .note("cells: inclusive");
    }

    static String write(OutputFormat f, IndentedTable t) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        f.write(Document.of(t), out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void noRowWrapsAndALongNameIsCutInTheMiddleWithTheFullNameInANote() throws Exception {
        List<String> lines = write(OutputFormat.TEXT, table()).lines().toList();
        assertTrue(lines.get(0).startsWith("% of samples "), lines.get(0));
        assertTrue(lines.get(1).matches("mysql_delete \\*\\s+17\\.77\\s+8\\.47\\s+-9\\.30"), lines.get(1));
        assertTrue(lines.get(2).matches("  QUICK_RANGE_SELECT::reset\\s+0\\.35"), lines.get(2));
        assertTrue(lines.get(3).matches("  std::_Function_handler.*\u2026.*_Any_data const&\\)\\s+2\\.50\\s+3\\.50\\s+1\\.00"),
                lines.get(3));
        assertTrue(lines.contains("\u2026 " + LONG), String.join("\n", lines));
        assertTrue(lines.contains("oltp_delete, 1 thread"), String.join("\n", lines));
        int numbers = lines.get(1).indexOf("17.77");
        assertEquals(numbers, lines.get(3).indexOf("2.50") - 1, "the value columns line up");
    }

    @Test
    void listHasABlockPerInputWithTheNumberFirstAndTheNameIndented() throws Exception {
        String list = write(OutputFormat.LIST, table());
        assertTrue(list.startsWith("10.2.11 (% of samples)\n  17.77   mysql_delete *\n   0.35     QUICK_RANGE_SELECT::reset\n"),
                list);
        assertTrue(list.contains("\n11.4.5 (% of samples)\n   8.47   mysql_delete *\n            QUICK_RANGE_SELECT::reset\n"), list);
        assertTrue(!list.contains("delta_pts"), "derived columns are not blocks: " + list);
        assertTrue(list.contains(LONG), "a list never cuts names: " + list);
    }

    @Test
    void pngIsAnImageWithTheHighlightedRow() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        OutputFormat.PNG.write(Document.of(table()), out);
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(out.toByteArray()));
        assertTrue(img.getWidth() > 400 && img.getHeight() > 100, img.getWidth() + "x" + img.getHeight());
        boolean highlighted = false;
        for (int y = 0; y < img.getHeight() && !highlighted; y++) {
            highlighted = (img.getRGB(10, y) & 0xffffff) == 0xfff4e0;
        }
        assertTrue(highlighted, "the significant row has a background");
    }
}
