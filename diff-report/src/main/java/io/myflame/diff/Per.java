package io.myflame.diff;

import io.myflame.core.UsageError;
import io.myflame.core.analysis.Scale;
import java.util.Locale;

/**
 * The unit of a cell: percent of all samples, or CPU cost per transaction or query. A cost needs
 * to know what one unit of sample weight is: for the timer events ({@code cpu-clock},
 * {@code task-clock}) the period is nanoseconds of CPU time, shown as microseconds; for
 * {@code cycles} it is CPU cycles. A share can fall while the cost per transaction rises, which
 * is the regression users feel.
 */
public enum Per {
    PERCENT, TXN, QUERY;

    public static Per parse(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "txn", "transaction" -> TXN;
            case "query" -> QUERY;
            case "percent", "pct" -> PERCENT;
            default -> throw new UsageError("--per must be txn or query, not '" + s + "'");
        };
    }

    /**
     * How a run's weight becomes this unit: a share of the run's total divided last, as the tables
     * compute it ({@link Scale}), or a cost per transaction or query, times {@link #factor}.
     */
    public Scale scale(Run run) {
        return this == PERCENT ? Scale.percentOf(run.profile().totalWeight()) : Scale.times(factor(run));
    }

    /**
     * The factor turning a run's weight into a cost per transaction or query. A share has none: times a
     * rounded {@code 100 / total} it can miss a tie, so it is divided last ({@link #scale}).
     */
    public double factor(Run run) {
        if (this == PERCENT) {
            throw new IllegalStateException("a share is divided last: Per.scale, not a factor");
        }
        Long count = this == TXN ? run.transactions() : run.queries();
        String what = this == TXN ? "transactions" : "queries";
        if (count == null || count <= 0) {
            throw new DiffException(run.source() + ": number of " + what + " unknown (give --"
                    + (this == TXN ? "txns" : "queries") + " N, or use a capture with workload results)");
        }
        return EventUnit.of(run).perWeight() / count;
    }

    /** The unit's name for a column of runs of {@code event}, e.g. {@code µs/txn}. */
    public String unitName(EventUnit unit) {
        return switch (this) {
            case PERCENT -> "%";
            case TXN -> unit.label() + "/txn";
            case QUERY -> unit.label() + "/query";
        };
    }

    /** What one unit of sample weight is, told from the perf event. */
    public enum EventUnit {
        NANOSECONDS("\u00b5s", 1e-3), CYCLES("cycles", 1.0);

        private final String label;
        private final double perWeight;

        EventUnit(String label, double perWeight) {
            this.label = label;
            this.perWeight = perWeight;
        }

        public String label() {
            return label;
        }

        double perWeight() {
            return perWeight;
        }

        /** The unit of a run's weights; the {@code :ppp}-style modifiers perf appends are ignored. */
        public static EventUnit of(Run run) {
            String event = run.profile().info().event();
            String base = event == null ? "" : event.replaceFirst(":.*$", "").toLowerCase(Locale.ROOT);
            return switch (base) {
                case "cpu-clock", "task-clock" -> NANOSECONDS;
                case "cycles", "cpu-cycles" -> CYCLES;
                default -> throw new DiffException(run.source() + ": cost per transaction needs a cpu-clock, "
                        + "task-clock or cycles profile, not " + (event == null ? "an unknown event" : "'" + event + "'"));
            };
        }
    }
}
