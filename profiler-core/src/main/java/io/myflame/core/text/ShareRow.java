package io.myflame.core.text;

import java.util.List;

/**
 * A row of a one-profile indented table ({@code report --tree}, {@code --by-thread}): a name nested
 * {@code depth} levels, its weight and that weight's share of all samples.
 *
 * @param pct the share in percent, 0 when the profile is empty
 */
public record ShareRow(String name, int depth, long weight, double pct) {
    private static final RowOutline<ShareRow> OUTLINE = RowOutline.of(ShareRow::name, ShareRow::depth);

    /** The row of {@code weight} out of {@code total}. */
    public static ShareRow of(String name, int depth, long weight, long total) {
        return new ShareRow(name, depth, weight, total == 0 ? 0 : 100.0 * weight / total);
    }

    /** The columns of such a table: the share, headed by the input's label; a new column is a line here. */
    static List<TableColumn<ShareRow>> columns(String label) {
        return List.of(TableColumn.decimal(label, label, ShareRow::pct));
    }

    /** The table of {@code rows} in {@code columns}, in percent of samples. */
    static IndentedTable table(List<TableColumn<ShareRow>> columns, List<ShareRow> rows) {
        return IndentedTable.of(columns, OUTLINE, rows).unit("% of samples");
    }
}
