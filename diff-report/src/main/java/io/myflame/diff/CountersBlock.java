package io.myflame.diff;

import io.myflame.core.text.Escape;
import io.myflame.core.text.IndentedTable;
import io.myflame.core.text.RowOutline;
import io.myflame.core.text.TableColumn;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The counters block of a comparison: beside the CPU table, whether the inputs did the same work.
 * One column per input (repeats averaged): throughput, the server's whole CPU cost per transaction
 * (total sample weight of a timer event, or cycles, over transactions), and per transaction the
 * binlog bytes, rows deleted/updated/inserted, redo bytes and buffer-pool reads from each
 * capture's {@code SHOW GLOBAL STATUS} deltas. A row no input knows is left out.
 */
public final class CountersBlock {
    static final String TITLE = "Counters (from each capture: workload results and SHOW GLOBAL STATUS over the measured window)";

    /** One row: its name and how to read it from a run (NaN when the run does not know). */
    private record Counter(String name, ToDoubleFunction<Run> value) {
        /** This counter under the name a table shows. */
        Counter named(String n) {
            return new Counter(n, value);
        }
    }

    // Row names are raw bytes like frame names (Escape): µ must be made raw to show as µ.
    private static final RowOutline<Counter> OUTLINE = RowOutline.of(c -> Escape.raw(c.name()), c -> 0);

    private static final List<Counter> COUNTERS = List.of(
            new Counter("transactions/s", r -> r.facts().tps()),
            new Counter("CPU per transaction (server total)", CountersBlock::cpuPerTxn),
            new Counter("binlog bytes/txn", CountersBlock::binlogPerTxn),
            new Counter("rows deleted/txn", r -> perTxn(r, "Handler_delete")),
            new Counter("rows updated/txn", r -> perTxn(r, "Handler_update")),
            new Counter("rows inserted/txn", r -> perTxn(r, "Handler_write")),
            new Counter("redo bytes/txn", r -> perTxn(r, "Innodb_os_log_written")),
            new Counter("buffer-pool reads/txn", r -> perTxn(r, "Innodb_buffer_pool_reads")));

    private CountersBlock() {
    }

    /** The block for {@code diff}'s columns, or null when no input carries counters. */
    public static IndentedTable of(Diff diff) {
        List<TableColumn<Counter>> columns = columns(diff);
        List<Counter> known = new ArrayList<>();
        boolean any = false;
        for (Counter c : COUNTERS) {
            if (columns.stream().anyMatch(col -> !Double.isNaN(col.number(c)))) {
                known.add(c.name().startsWith("CPU") ? c.named(c.name() + ", " + cpuUnit(diff)) : c);
                any |= !c.name().startsWith("CPU");
            }
        }
        return any ? IndentedTable.of(columns, OUTLINE, known).title(TITLE).unit("per input").rowHeading("Counter") : null;
    }

    /** A column per input: the counter's mean over the input's repeats. */
    private static List<TableColumn<Counter>> columns(Diff diff) {
        return TableColumn.perInput(diff.labels(), (counter, c) -> mean(diff.columns().get(c), counter.value()));
    }

    /** The values of {@link #of} by row name, for JSON. */
    static Map<String, double[]> values(IndentedTable block) {
        Map<String, double[]> m = new java.util.LinkedHashMap<>();
        for (IndentedTable.Row r : block.rows()) {
            m.put(Escape.decode(r.name()), r.values());
        }
        return m;
    }

    /**
     * Repeats averaged into one column must be the same workload and settings: one warning per
     * column whose captures differ, naming what differs.
     */
    public static List<String> repeatWarnings(List<Column> columns) {
        List<String> warnings = new ArrayList<>();
        for (Column c : columns) {
            Map<String, String> first = c.runs().get(0).facts().setup();
            for (Run r : c.runs().subList(1, c.runs().size())) {
                List<String> differ = new ArrayList<>();
                for (Map.Entry<String, String> e : first.entrySet()) {
                    String other = r.facts().setup().get(e.getKey());
                    if (other != null && !other.equals(e.getValue())) {
                        differ.add(e.getKey() + " " + e.getValue() + " vs " + other);
                    }
                }
                if (!differ.isEmpty()) {
                    warnings.add("column '" + c.label() + "' averages repeats that differ: " + c.runs().get(0).source()
                            + " and " + r.source() + " (" + String.join("; ", differ) + ")");
                }
            }
        }
        return warnings;
    }

    private static double mean(Column column, ToDoubleFunction<Run> value) {
        double sum = 0;
        for (Run r : column.runs()) {
            double v = value.applyAsDouble(r);
            if (Double.isNaN(v)) {
                return Double.NaN;
            }
            sum += v;
        }
        return sum / column.runs().size();
    }

    /**
     * MariaDB and Percona count binlog bytes in {@code Binlog_bytes_written}; upstream MySQL has no
     * such status variable, and its captures carry the recorder's figure from performance_schema's
     * file I/O summary under {@code performance_schema.binlog_bytes_written} instead.
     */
    static final String PS_BINLOG = "performance_schema.binlog_bytes_written";

    private static double binlogPerTxn(Run r) {
        double v = perTxn(r, "Binlog_bytes_written");
        return Double.isNaN(v) ? perTxn(r, PS_BINLOG) : v;
    }

    private static double perTxn(Run r, String counter) {
        Long delta = r.facts().deltas().get(counter);
        Long txns = r.transactions();
        return delta == null || txns == null || txns <= 0 ? Double.NaN : (double) delta / txns;
    }

    /** The whole profile's weight per transaction: µs for timer events, cycles for cycles. */
    private static double cpuPerTxn(Run r) {
        try {
            return Per.TXN.factor(r) * r.profile().totalWeight();
        } catch (DiffException e) {
            return Double.NaN;
        }
    }

    private static String cpuUnit(Diff diff) {
        List<String> units = new ArrayList<>();
        for (Column c : diff.columns()) {
            try {
                units.add(Per.TXN.unitName(Per.EventUnit.of(c.runs().get(0))));
            } catch (DiffException e) {
                // An event without a CPU unit (no cost): the cell is empty anyway.
            }
        }
        return units.stream().distinct().count() == 1 ? units.get(0) : String.join(" or ", units.stream().distinct().toList());
    }
}
