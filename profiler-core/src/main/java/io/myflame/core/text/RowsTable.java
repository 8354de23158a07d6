package io.myflame.core.text;

import io.myflame.core.analysis.RowSpec;
import io.myflame.core.analysis.RowTable;
import io.myflame.core.model.Profile;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a row file evaluated in one profile, as an indented table with one column; a note
 * says which alternative of each {@code a | b} row matched.
 */
public final class RowsTable {
    private RowsTable() {
    }

    public static IndentedTable of(List<RowSpec> specs, Profile profile, String label) {
        List<RowTable.Cell> cells = RowTable.evaluate(specs, profile);
        IndentedTable t = new IndentedTable(List.of(label)).unit("% of samples");
        List<String> alternatives = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            RowSpec s = specs.get(i);
            RowTable.Cell c = cells.get(i);
            t.add(s.title(), s.depth(), c.present() ? c.percent() : Double.NaN);
            if (c.present() && s.names().size() > 1) {
                alternatives.add(Escape.name(c.matched()));
                // The list layout names a function as it is called in this input.
                t.listNames(new String[] {c.matched()});
            }
        }
        if (!alternatives.isEmpty()) {
            t.note("matched: " + String.join(", ", alternatives));
        }
        return t;
    }
}
