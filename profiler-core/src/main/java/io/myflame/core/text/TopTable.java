package io.myflame.core.text;

import io.myflame.core.analysis.InclusiveTable.Entry;
import java.util.List;

/**
 * The functions-by-inclusive-share table ({@code report --top}), laid out like
 * {@code perf report --children} in text: its {@link TableColumn}s, one line each. The weights beside
 * the shares are for programs (CSV and JSON).
 */
public final class TopTable {
    /** The columns in order; a new one is a line here, and every format shows it. */
    static final List<TableColumn<Entry>> COLUMNS = List.of(
            TableColumn.percent("Children", "inclusive_pct", Entry::inclusivePct),
            TableColumn.percent("Self", "self_pct", Entry::selfPct),
            TableColumn.<Entry>count("Children weight", "inclusive_weight", Entry::inclusive).onlyForData(),
            TableColumn.<Entry>count("Self weight", "self_weight", Entry::self).onlyForData());

    private static final ColumnTable.Naming<Entry> FUNCTIONS =
            new ColumnTable.Naming<>("Function", "function", "functions", Entry::function);

    private TopTable() {
    }

    /** The table of {@code entries} under {@code title} (may be null). */
    public static ColumnTable<Entry> of(List<Entry> entries, String title) {
        return ColumnTable.of(COLUMNS, FUNCTIONS, entries, title);
    }
}
