package io.myflame.diff;

import io.myflame.core.analysis.RowSpec;
import io.myflame.core.analysis.Scale;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Computes a comparison: evaluates the rows in every run of every column, averages repeats, and
 * compares the last column with the first.
 *
 * <p>A change is significant when |last − first| reaches the threshold and exceeds the sum of the
 * two cells' spreads: each cell's band (mean ± spread) covers all of its repeats, so a significant
 * change is one where the bands of the two columns do not overlap.
 */
public final class DiffTable {
    private DiffTable() {
    }

    public static Diff compute(String title, List<RowSpec> rows, List<Column> columns, RowEvaluator evaluator,
                               Measure measure, Per per, double threshold) {
        List<List<Cell>> byColumn = new ArrayList<>();
        List<String> units = new ArrayList<>();
        for (Column column : columns) {
            byColumn.add(cells(rows.size(), column, evaluator, per));
            units.add(unitOf(column, per));
        }
        List<DiffRow> out = new ArrayList<>(rows.size());
        for (int r = 0; r < rows.size(); r++) {
            List<Cell> cells = new ArrayList<>(columns.size());
            for (List<Cell> col : byColumn) {
                cells.add(col.get(r));
            }
            out.add(row(rows.get(r), cells, threshold));
        }
        return new Diff(title, columns, units, out, measure, per, threshold);
    }

    private static String unitOf(Column column, Per per) {
        if (per == Per.PERCENT) {
            return "%";
        }
        Set<Per.EventUnit> kinds = new LinkedHashSet<>();
        for (Run run : column.runs()) {
            kinds.add(Per.EventUnit.of(run));
        }
        if (kinds.size() > 1) {
            throw new DiffException("column '" + column.label() + "' mixes events " + column.event()
                    + "; its repeats cannot be averaged per transaction");
        }
        return per.unitName(kinds.iterator().next());
    }

    private static List<Cell> cells(int rows, Column column, RowEvaluator evaluator, Per per) {
        int n = column.runs().size();
        double[][] values = new double[rows][n];
        boolean[][] present = new boolean[rows][n];
        List<Set<String>> matched = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            matched.add(new LinkedHashSet<>());
        }
        for (int i = 0; i < n; i++) {
            Run run = column.runs().get(i);
            Scale scale = per.scale(run);
            RowEvaluator.Evaluation e = evaluator.evaluate(run.profile());
            for (int r = 0; r < rows; r++) {
                present[r][i] = e.matched()[r] != null;
                values[r][i] = scale.of(e.weights()[r]);
                if (present[r][i]) {
                    matched.get(r).addAll(run.originalNames(e.matched()[r]));
                }
            }
        }
        List<Cell> cells = new ArrayList<>(rows);
        for (int r = 0; r < rows; r++) {
            cells.add(Cell.of(values[r], present[r], new ArrayList<>(matched.get(r))));
        }
        return cells;
    }

    private static DiffRow row(RowSpec spec, List<Cell> cells, double threshold) {
        Cell first = cells.get(0);
        Cell last = cells.get(cells.size() - 1);
        if (cells.size() < 2 || !first.present() || !last.present()) {
            return new DiffRow(spec, cells, Double.NaN, Double.NaN, false);
        }
        double delta = last.mean() - first.mean();
        double ratio = first.mean() == 0 ? Double.NaN : last.mean() / first.mean();
        boolean significant = Math.abs(delta) >= threshold && Math.abs(delta) > first.spread() + last.spread();
        return new DiffRow(spec, cells, delta, ratio, significant);
    }
}
