package io.myflame.core.text;

import com.fasterxml.jackson.core.JsonGenerator;
import io.myflame.core.Decimals;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * One column of a {@link ColumnTable}: what it is called where people read it ({@code name} and
 * {@code unit}: {@code Children %}), where programs read it ({@code key}: {@code inclusive_pct}),
 * how its numbers are written ({@link Format}) and where to find them in a row. Every format
 * writes every column, except that a {@code dataOnly} column (a raw weight beside its share) is
 * written to CSV and JSON alone. A column of an {@link IndentedTable} may carry a {@code spread} per
 * cell (the noise across repeated captures, shown as {@code mean ±spread}); null when it has none.
 *
 * @param <R> the row type, e.g. {@code InclusiveTable.Entry}
 */
public record TableColumn<R>(String name, String unit, String key, Format format, Function<R, Number> value,
                        boolean dataOnly, ToDoubleFunction<R> spread) {

    /** A column's value in row {@code r} for input {@code i}: the shape of a column per input. */
    @FunctionalInterface
    public interface InputValue<R> {
        double of(R r, int input);
    }

    /** How a column's numbers are written. */
    public enum Format {
        /** Two decimals where people read, four in JSON; empty (null in JSON) when missing (NaN). */
        DECIMAL,
        /** Whole numbers everywhere (weights, counts). */
        COUNT;

        /** The number as the text formats, Markdown and CSV show it. */
        String text(Number v) {
            return this == COUNT ? Long.toString(v.longValue()) : TableFormat.number(v.doubleValue());
        }

        /** A cell of an {@link IndentedTable}: empty when missing (NaN). */
        String cell(double v) {
            return Double.isNaN(v) ? "" : this == COUNT ? Long.toString((long) v) : Decimals.twoPlaces(v);
        }

        /** A value in an {@link IndentedTable}'s JSON arrays: null when missing (NaN). */
        void json(JsonGenerator g, double v) throws IOException {
            if (Double.isNaN(v)) {
                g.writeNull();
            } else if (this == COUNT) {
                g.writeNumber((long) v);
            } else {
                g.writeNumber(Decimals.round(v, 4));
            }
        }

        /** The field {@code key} of the JSON object being written. */
        void json(JsonGenerator g, String key, Number v) throws IOException {
            if (this == COUNT) {
                g.writeNumberField(key, v.longValue());
            } else if (Double.isNaN(v.doubleValue())) {
                g.writeNullField(key);
            } else {
                g.writeNumberField(key, Decimals.round(v.doubleValue(), 4));
            }
        }
    }

    /** A share in percent: {@code name %} for people, {@code key} for programs. */
    public static <R> TableColumn<R> percent(String name, String key, ToDoubleFunction<R> value) {
        return new TableColumn<>(name, "%", key, Format.DECIMAL, r -> value.applyAsDouble(r), false, null);
    }

    /** A number in the table's unit (NaN when missing): {@code name} for people, {@code key} for programs. */
    public static <R> TableColumn<R> decimal(String name, String key, ToDoubleFunction<R> value) {
        return new TableColumn<>(name, "", key, Format.DECIMAL, r -> value.applyAsDouble(r), false, null);
    }

    /** A whole number, e.g. a weight: {@code name} for people, {@code key} for programs. */
    public static <R> TableColumn<R> count(String name, String key, ToLongFunction<R> value) {
        return new TableColumn<>(name, "", key, Format.COUNT, r -> value.applyAsLong(r), false, null);
    }

    /**
     * A number column per input, headed by its label ({@code 10.2.11}, {@code 11.4.5}), in the
     * inputs' order: a comparison's inputs are a list, so are its columns.
     */
    public static <R> List<TableColumn<R>> perInput(List<String> labels, InputValue<R> value) {
        List<TableColumn<R>> columns = new ArrayList<>(labels.size());
        for (int i = 0; i < labels.size(); i++) {
            int input = i;
            columns.add(decimal(labels.get(i), labels.get(i), r -> value.of(r, input)));
        }
        return columns;
    }

    /** This column in CSV and JSON only (the machine-readable formats). */
    public TableColumn<R> onlyForData() {
        return new TableColumn<>(name, unit, key, format, value, true, spread);
    }

    /** This column, each cell with a spread (NaN where a cell has none). */
    public TableColumn<R> withSpread(ToDoubleFunction<R> s) {
        return new TableColumn<>(name, unit, key, format, value, dataOnly, s);
    }

    /** The heading people read: the name and its unit. */
    public String heading() {
        return unit.isEmpty() ? name : name + " " + unit;
    }

    /** Row {@code r}'s cell as text (Markdown, CSV and the text layout). */
    String text(R r) {
        return format.text(value.apply(r));
    }

    /** Row {@code r}'s cell as a number (NaN when missing), for the layouts of an {@link IndentedTable}. */
    public double number(R r) {
        return value.apply(r).doubleValue();
    }

    /** Row {@code r}'s spread, NaN when the column or the cell has none. */
    public double spread(R r) {
        return spread == null ? Double.NaN : spread.applyAsDouble(r);
    }
}
