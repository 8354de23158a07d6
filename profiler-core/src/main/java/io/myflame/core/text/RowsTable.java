package io.myflame.core.text;

import io.myflame.core.analysis.RowSpec;
import io.myflame.core.analysis.RowTable;
import io.myflame.core.model.Profile;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a row file evaluated in one profile, as an indented table described by its
 * {@link #columns}; a note says which alternative of each {@code a | b} row matched.
 */
public final class RowsTable {
    /** A row as written and its value in the profile. */
    record Line(RowSpec spec, RowTable.Cell cell) {
        /** True when the row has alternatives and one of them ran: worth naming which. */
        boolean alternativeMatched() {
            return cell.present() && spec.names().size() > 1;
        }
    }

    private static final RowOutline<Line> OUTLINE = RowOutline.<Line>of(l -> l.spec().title(), l -> l.spec().depth())
            // The list layout names a function as it is called in this input.
            .listNames(l -> l.alternativeMatched() ? new String[] {l.cell().matched()} : null);

    private RowsTable() {
    }

    /** The columns, headed by the input's label: a new column is a line here, and every format shows it. */
    static List<TableColumn<Line>> columns(String label) {
        return List.of(TableColumn.decimal(label, label, l -> l.cell().present() ? l.cell().percent() : Double.NaN));
    }

    public static IndentedTable of(List<RowSpec> specs, Profile profile, String label) {
        return of(columns(label), lines(specs, profile));
    }

    static IndentedTable of(List<TableColumn<Line>> columns, List<Line> lines) {
        IndentedTable t = IndentedTable.of(columns, OUTLINE, lines).unit("% of samples");
        List<String> alternatives = lines.stream().filter(Line::alternativeMatched)
                .map(l -> Escape.name(l.cell().matched())).toList();
        if (!alternatives.isEmpty()) {
            t.note("matched: " + String.join(", ", alternatives));
        }
        return t;
    }

    static List<Line> lines(List<RowSpec> specs, Profile profile) {
        List<RowTable.Cell> cells = RowTable.evaluate(specs, profile);
        List<Line> lines = new ArrayList<>(specs.size());
        for (int i = 0; i < specs.size(); i++) {
            lines.add(new Line(specs.get(i), cells.get(i)));
        }
        return lines;
    }
}
