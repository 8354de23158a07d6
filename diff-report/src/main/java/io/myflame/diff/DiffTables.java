package io.myflame.diff;

import io.myflame.core.analysis.Truncation;
import io.myflame.core.text.Escape;
import io.myflame.core.text.IndentedTable;
import io.myflame.core.text.RowOutline;
import io.myflame.core.text.TableColumn;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lays a {@link Diff} out as an {@link IndentedTable} (text, Markdown, CSV through
 * {@link io.myflame.core.text.TableFormat}), described by its {@link TableColumn}s: a column per
 * input ({@link #inputs}), then the derived ones ({@link #derived}); alias rows get a
 * footnote saying which name matched in which column, and every column says what it measured (and
 * the share of its samples in truncated stacks, whose callers its percentages miss).
 */
public final class DiffTables {
    private DiffTables() {
    }

    public static IndentedTable of(Diff diff) {
        return of(diff, true);
    }

    /** The table; without {@code sources} the column notes name no input path (labels only, for publishing). */
    public static IndentedTable of(Diff diff, boolean sources) {
        return of(diff, sources, columns(diff));
    }

    /** The table's columns: one per input ({@link #inputs}), then the derived ones ({@link #derived}). */
    static List<TableColumn<DiffRow>> columns(Diff diff) {
        List<TableColumn<DiffRow>> columns = new ArrayList<>(inputs(diff));
        columns.addAll(derived(diff));
        return columns;
    }

    /** The table in {@code columns}, the inputs' first. */
    static IndentedTable of(Diff diff, boolean sources, List<TableColumn<DiffRow>> columns) {
        AliasNotes aliases = new AliasNotes(diff);
        RowOutline<DiffRow> outline = RowOutline.<DiffRow>of(aliases::name, r -> r.spec().depth())
                .marked(DiffRow::significant).key(DiffRow::key).listNames(r -> r.aliased() ? listNames(r) : null);
        IndentedTable t = IndentedTable.of(columns, outline, diff.rows()).title(diff.title())
                .inputs(diff.columns().size()).unit(unit(diff));
        t.note("");
        t.note("cells: " + describe(diff));
        if (diff.rows().stream().anyMatch(DiffRow::significant)) {
            // The mark is the row's, not a cell's: --format list repeats it in every input's block.
            String first = diff.labels().get(0);
            String last = diff.labels().get(diff.labels().size() - 1);
            t.note("* |delta| >= " + number(diff.threshold()) + " " + (diff.per() == Per.PERCENT ? "points" : diff.deltaUnit())
                    + (diff.hasRepeats() ? " and beyond the repeats' spread (the mean \u00b1 spread bands do not overlap)" : "")
                    + ": the row changed that much from " + first + " to " + last);
        }
        String blank = blankNote(diff);
        if (blank != null) {
            t.note(blank);
        }
        aliases.notes().forEach(t::note);
        AliasScopes.notes(diff).stream().distinct().forEach(t::note);
        for (int c = 0; c < diff.columns().size(); c++) {
            t.note(columnNote(diff.columns().get(c), diff.units().get(c), sources));
        }
        ColumnCosts.dominated(diff).forEach(t::note);
        UnnamedNotes.of(diff).forEach(t::note);
        return t;
    }

    /**
     * What a blank cell means, when the table has one: a reader otherwise takes it for 0 or for a
     * failure of the tool. Null when every cell holds a value.
     */
    static String blankNote(Diff diff) {
        List<String> where = new ArrayList<>();
        for (int c = 0; c < diff.columns().size(); c++) {
            int column = c;
            if (diff.rows().stream().anyMatch(r -> !r.cells().get(column).present())) {
                where.add(diff.labels().get(c));
            }
        }
        if (where.isEmpty()) {
            return null;
        }
        return "blank: no sample of the input has the function under its parent rows (not run, or not by that name): "
                + String.join(", ", where);
    }

    /**
     * A column per input, its cells the mean over the input's repeats (with their spread when
     * there are repeats); headed by the input's label, and by its unit too when the inputs' units
     * differ (µs and cycles).
     */
    static List<TableColumn<DiffRow>> inputs(Diff diff) {
        boolean mixed = diff.units().stream().distinct().count() > 1;
        List<String> headings = new ArrayList<>();
        for (int c = 0; c < diff.columns().size(); c++) {
            headings.add(diff.labels().get(c) + (mixed ? " (" + diff.units().get(c) + ")" : ""));
        }
        List<TableColumn<DiffRow>> columns = TableColumn.perInput(headings, (r, c) -> r.cells().get(c).mean());
        if (!diff.hasRepeats()) {
            return columns;
        }
        List<TableColumn<DiffRow>> spread = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            int input = c;
            spread.add(columns.get(c).withSpread(r -> r.cells().get(input).spread()));
        }
        return spread;
    }

    /**
     * The footnotes of alias rows, numbered in row order: each says which name matched in which
     * input, and the row's name carries its number ({@code mysql_delete [1]}). A row file may
     * list one alias under several parents; where the explanation is the same, the rows share
     * one footnote rather than repeat it.
     */
    private static final class AliasNotes {
        private final Map<DiffRow, Integer> numbers = new IdentityHashMap<>();
        private final Map<String, Integer> byText = new java.util.HashMap<>();
        private final List<String> notes = new ArrayList<>();

        AliasNotes(Diff diff) {
            for (DiffRow row : diff.rows()) {
                if (row.aliased()) {
                    String text = Escape.name(row.key()) + ": " + matchedWhere(diff, row);
                    Integer n = byText.get(text);
                    if (n == null) {
                        notes.add("[" + (notes.size() + 1) + "] " + text);
                        n = notes.size();
                        byText.put(text, n);
                    }
                    numbers.put(row, n);
                }
            }
        }

        String name(DiffRow row) {
            Integer n = numbers.get(row);
            return n == null ? row.spec().title() : row.spec().title() + " [" + n + "]";
        }

        List<String> notes() {
            return notes;
        }
    }

    /**
     * The columns after the inputs', computed from each row's cells: a new one is a line here, and
     * every format shows it (the table formats through {@link IndentedTable}, JSON as a row field).
     */
    static List<TableColumn<DiffRow>> derived(Diff diff) {
        return List.of(
                TableColumn.decimal(diff.per() == Per.PERCENT ? "delta_pts" : "delta", "delta", DiffRow::delta),
                TableColumn.decimal("delta_ratio", "delta_ratio", DiffRow::ratio));
    }

    /**
     * The notes {@code --top} adds under its table: how the rows were ranked, and the functions each
     * input has that another lacks.
     */
    public static void moverNotes(IndentedTable t, Diff diff, Movers movers) {
        String first = diff.labels().get(0);
        String last = diff.labels().get(diff.labels().size() - 1);
        t.note("rows: the functions present in every input, largest |" + last + " - " + first + "| first"
                + (movers.wrappers() > 0 ? "; " + movers.wrappers() + " pass-through wrapper"
                + (movers.wrappers() == 1 ? "" : "s") + " (one callee holding all of its weight in every input) left out" : ""));
        boolean two = diff.labels().size() == 2;
        for (Map.Entry<String, List<Movers.Only>> e : movers.onlyIn().entrySet()) {
            if (e.getValue().isEmpty()) {
                continue;
            }
            List<String> names = e.getValue().stream().map(o -> Escape.name(o.function()) + " " + number(o.value())).toList();
            t.note((two ? "only in " + e.getKey() : "in " + e.getKey() + ", not in every input") + ": "
                    + String.join(", ", names));
        }
    }

    /** The unit every header shows: {@code % of samples}, {@code self % of samples}, {@code µs/txn}. */
    public static String unit(Diff diff) {
        String self = diff.measure() == Measure.SELF ? "self " : "";
        return self + (diff.per() == Per.PERCENT ? "% of samples" : diff.deltaUnit());
    }

    /** Per input, the names that matched there (the row as written where none did). */
    private static String[] listNames(DiffRow row) {
        String[] names = new String[row.cells().size()];
        for (int c = 0; c < names.length; c++) {
            Cell cell = row.cells().get(c);
            names[c] = cell.present() ? String.join(" / ", cell.matched()) : null;
        }
        return names;
    }

    /** Which alternative each column matched, e.g. {@code 10.2.11 mysql_delete; 11.4.5 Sql_cmd_delete::execute}. */
    static String matchedWhere(Diff diff, DiffRow row) {
        List<String> parts = new ArrayList<>();
        for (int c = 0; c < diff.columns().size(); c++) {
            Cell cell = row.cells().get(c);
            String m = cell.present() ? String.join(" / ", cell.matched().stream().map(Escape::name).toList()) : "(none present)";
            parts.add(diff.columns().get(c).label() + " " + m);
        }
        return String.join("; ", parts);
    }

    static String describe(Diff diff) {
        String what = diff.measure() == Measure.SELF ? "self" : "inclusive";
        String unit = switch (diff.per()) {
            case PERCENT -> what + " % of all samples";
            case TXN -> what + " CPU cost per transaction";
            case QUERY -> what + " CPU cost per query";
        };
        String delta = diff.columns().size() < 2 ? "" : "; delta = " + diff.columns().get(diff.columns().size() - 1).label()
                + " - " + diff.columns().get(0).label() + (diff.per() == Per.PERCENT ? " in points" : "")
                + ", delta_ratio = last / first";
        return unit + (diff.hasRepeats() ? ", mean \u00b1 spread over repeats" : "") + delta;
    }

    static String columnNote(Column column, String unit, boolean sources) {
        StringBuilder sb = new StringBuilder(column.label()).append(": ");
        if (!unit.equals("%")) {
            sb.append(unit).append(" from ");
        }
        sb.append(column.event() == null ? "unknown event" : "event " + column.event())
                .append(", ").append(column.samples()).append(" samples");
        if (column.runs().size() > 1) {
            sb.append(" in ").append(column.runs().size()).append(" repeats");
        }
        Long txns = sum(column, true);
        Long queries = sum(column, false);
        if (txns != null) {
            sb.append(", ").append(txns).append(" transactions");
        }
        if (queries != null) {
            sb.append(", ").append(queries).append(" queries");
        }
        String cost = ColumnCosts.perTransaction(column);
        if (cost != null) {
            sb.append(", ").append(cost);
        }
        double truncated = column.truncatedShare();
        if (truncated > 0) {
            sb.append(", ").append(Truncation.pct(truncated)).append(" in truncated stacks");
        }
        if (sources) {
            sb.append(" (").append(String.join(", ", column.runs().stream().map(Run::source).toList())).append(')');
        }
        return sb.toString();
    }

    private static Long sum(Column column, boolean txns) {
        long s = 0;
        for (Run r : column.runs()) {
            Long v = txns ? r.transactions() : r.queries();
            if (v == null) {
                return null;
            }
            s += v;
        }
        return s;
    }

    static String number(double v) {
        return io.myflame.core.Decimals.twoPlaces(v);
    }
}
