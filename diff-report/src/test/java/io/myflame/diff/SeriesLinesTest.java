package io.myflame.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.analysis.RowSpec;
import io.myflame.core.model.Profile;
import io.myflame.diff.chart.SeriesChart;
import io.myflame.diff.chart.SeriesLines;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which rows a series chart draws, in which colours, with which labels where. */
class SeriesLinesTest {
    /**
     * Twelve functions f0..f11 that grow by 5N samples per input (f11 moves most, f0 not at all), a
     * parent p holding nearly all of its one callee q (their lines coincide), and g, absent from the middle
     * input; every input holds 5000 samples, so the shares move as the samples do.
     */
    static Profile input(String label, int step) {
        List<String> lines = new ArrayList<>();
        int used = 0;
        for (int n = 0; n < 12; n++) {
            lines.add("mysqld;m;f" + n + " " + (30 * n + 10 + 5 * n * step));
            used += 30 * n + 10 + 5 * n * step;
        }
        lines.add("mysqld;m;p;q " + (200 + 100 * step));
        lines.add("mysqld;m;p " + (1 + step));
        used += 201 + 101 * step;
        if (step != 1) {
            lines.add("mysqld;m;g " + (100 + 60 * step));
            used += 100 + 60 * step;
        }
        lines.add("mysqld;idle " + (5000 - used));
        return Stacks.of(label, lines.toArray(String[]::new));
    }

    static Diff diff() {
        List<RowSpec> rows = new ArrayList<>();
        for (int n = 0; n < 12; n++) {
            rows.add(new RowSpec(List.of("f" + n), 0, -1, n + 1));
        }
        rows.add(new RowSpec(List.of("p"), 0, -1, 13));
        rows.add(new RowSpec(List.of("q"), 1, 12, 14));
        rows.add(new RowSpec(List.of("g"), 0, -1, 15));
        rows.add(new RowSpec(List.of("nowhere"), 0, -1, 16));
        List<Column> columns = List.of(Column.of("a", Run.of(input("a", 0))), Column.of("b", Run.of(input("b", 1))),
                Column.of("c", Run.of(input("c", 2))));
        return DiffTable.compute("t", rows, columns, RowEvaluator.rows(rows, Measure.INCLUSIVE), Measure.INCLUSIVE,
                Per.PERCENT, 1.0);
    }

    @Test
    void manyRowsDrawTheLargestChangesInDistinctColoursAndSaySoInTheSubtitle() {
        Diff diff = diff();
        SeriesLines lines = SeriesLines.of(diff);
        assertEquals(SeriesLines.MAX_LINES, lines.lines().size());
        Set<java.awt.Color> colours = new HashSet<>();
        lines.lines().forEach(l -> colours.add(l.colour()));
        assertEquals(lines.lines().size(), colours.size(), "no colour repeats");
        List<String> drawn = lines.lines().stream().map(l -> diff.rows().get(l.row()).key()).toList();
        // p moves most; q lies on p's line; g (a gap in b) and f11..f7 follow.
        assertEquals(List.of("f6", "f7", "f8", "f9", "f10", "f11", "p", "g"), drawn);
        assertFalse(drawn.contains("q"), "a line on top of a drawn one is left out");
        assertEquals("8 of 16 rows, those that change most across the inputs (max \u2212 min); left out: 6 that changed"
                + " less, 1 lying on a drawn line, 1 absent from every input (every row is in the table)", lines.subtitle());
        assertEquals(List.of("7. f6", "8. f7", "9. f8", "10. f9", "11. f10", "12. f11", "13. p", "15. g"),
                lines.lines().stream().map(SeriesLines.Line::label).toList(), "labels carry the table's row numbers");
    }

    @Test
    void aGapIsNoValueAndLabelsSitAtTheLineEndsApart() {
        SeriesLines lines = SeriesLines.of(diff());
        SeriesLines.Line g = lines.lines().get(7);
        assertNotNull(g.values()[0]);
        assertNull(g.values()[1], "g is absent from b: a gap, not 0 and not a line across");
        assertNotNull(g.values()[2]);
        double gap = SeriesLines.LABEL_HEIGHT * lines.top();
        List<Double> at = lines.lines().stream().map(SeriesLines.Line::labelAt).sorted().toList();
        for (int i = 1; i < at.size(); i++) {
            assertTrue(at.get(i) - at.get(i - 1) >= gap - 1e-9, "labels overlap: " + at);
        }
        for (SeriesLines.Line l : lines.lines()) {
            assertEquals(2, l.end());
            assertTrue(l.labelAt() > 0 && l.labelAt() < lines.top(), l.label());
        }
        // f6..f11 end within a label's height of each other: moved apart, each still near its line's end.
        SeriesLines.Line f11 = lines.lines().get(5);
        assertEquals(f11.values()[2], f11.labelAt(), 4 * gap);
    }

    @Test
    void fewRowsAreAllDrawnWithoutASubtitle() {
        Diff all = diff();
        Diff few = new Diff(all.title(), all.columns(), all.units(), all.rows().subList(0, 3), all.measure(), all.per(),
                all.threshold());
        SeriesLines lines = SeriesLines.of(few);
        assertEquals(3, lines.lines().size());
        assertNull(lines.subtitle());
    }

    @Test
    void theChartIsDeterministicAndHasNoLegend() {
        String a = SeriesChart.svg(diff(), "% of samples");
        assertEquals(a, SeriesChart.svg(diff(), "% of samples"));
        assertTrue(a.contains("8 of 16 rows"), "the subtitle is drawn");
        assertTrue(a.contains("15. g"), "a label at its line's end");
        assertFalse(a.contains("14. q"), "no legend entry for a row left out");
    }
}
