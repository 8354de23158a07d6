package io.myflame.diff;

import io.myflame.core.analysis.RowSpec;
import io.myflame.core.analysis.RowTable;
import io.myflame.core.model.Profile;
import java.util.List;

/** Gives each row's weight in one profile, and which of its names matched there. */
public interface RowEvaluator {
    /**
     * One profile's answer.
     *
     * @param weights weight per row
     * @param matched the name that matched per row; null where no alternative is present
     */
    record Evaluation(long[] weights, String[] matched) {
    }

    Evaluation evaluate(Profile profile);

    /** Row-file semantics, shared with {@code report --rows}: see {@link RowTable}. */
    static RowEvaluator rows(List<RowSpec> rows, Measure measure) {
        return profile -> {
            List<RowTable.Cell> cells = RowTable.evaluate(rows, profile, measure == Measure.SELF);
            long[] w = new long[cells.size()];
            String[] m = new String[cells.size()];
            for (int i = 0; i < w.length; i++) {
                w[i] = cells.get(i).weight();
                m[i] = cells.get(i).matched();
            }
            return new Evaluation(w, m);
        };
    }
}
