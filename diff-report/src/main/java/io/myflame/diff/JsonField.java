package io.myflame.diff;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.myflame.core.Decimals;
import io.myflame.core.text.Escape;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * One field of the JSON object {@link DiffJson} writes for each item of a list (a run, a ranked
 * function, a cell): its key and how its value is read and typed. A list of fields is the object's
 * description, so a new field is one line in it. Numbers are rounded to 4 decimals.
 *
 * @param <R> the item type, e.g. {@link Run}
 */
record JsonField<R>(String key, Put<R> put) {
    /** Puts field {@code key} of item {@code r} into {@code o}. */
    @FunctionalInterface
    interface Put<R> {
        void into(ObjectNode o, String key, R r);
    }

    /** A string, null when absent. */
    static <R> JsonField<R> text(String key, Function<R, String> value) {
        return new JsonField<>(key, (o, k, r) -> o.put(k, value.apply(r)));
    }

    /** A name as it reads (frame names are kept as raw bytes, {@link Escape#decode}). */
    static <R> JsonField<R> name(String key, Function<R, String> value) {
        return new JsonField<>(key, (o, k, r) -> o.put(k, Escape.decode(value.apply(r))));
    }

    /** A whole number. */
    static <R> JsonField<R> count(String key, ToLongFunction<R> value) {
        return new JsonField<>(key, (o, k, r) -> o.put(k, value.applyAsLong(r)));
    }

    /** A whole number that may be unknown: null then. */
    static <R> JsonField<R> knownCount(String key, Function<R, Long> value) {
        return new JsonField<>(key, (o, k, r) -> o.put(k, value.apply(r)));
    }

    /** A rounded number, null when missing (NaN). */
    static <R> JsonField<R> number(String key, ToDoubleFunction<R> value) {
        return new JsonField<>(key, (o, k, r) -> {
            double v = value.applyAsDouble(r);
            if (Double.isNaN(v)) {
                o.putNull(k);
            } else {
                o.put(k, round(v));
            }
        });
    }

    /** A rounded number, left out when missing (NaN): a measurement the input may not have had. */
    static <R> JsonField<R> measured(String key, ToDoubleFunction<R> value) {
        return new JsonField<>(key, (o, k, r) -> {
            double v = value.applyAsDouble(r);
            if (!Double.isNaN(v)) {
                o.put(k, round(v));
            }
        });
    }

    /**
     * A rounded number, never null: for values that cannot be missing ({@link Decimals#round}
     * reads a NaN as 0).
     */
    static <R> JsonField<R> rounded(String key, ToDoubleFunction<R> value) {
        return new JsonField<>(key, (o, k, r) -> o.put(k, round(value.applyAsDouble(r))));
    }

    /** Rounded numbers, never null: as {@link #rounded}, one per input. */
    static <R> JsonField<R> roundedEach(String key, Function<R, double[]> value) {
        return new JsonField<>(key, (o, k, r) -> {
            ArrayNode a = o.putArray(k);
            for (double v : value.apply(r)) {
                a.add(round(v));
            }
        });
    }

    /** Rounded numbers, null where missing (NaN). */
    static <R> JsonField<R> numbers(String key, Function<R, double[]> value) {
        return new JsonField<>(key, (o, k, r) -> putNumbers(o, k, value.apply(r)));
    }

    /** The array {@code key} of rounded {@code values}, null where missing (NaN). */
    static void putNumbers(ObjectNode o, String key, double[] values) {
        ArrayNode a = o.putArray(key);
        for (double v : values) {
            if (Double.isNaN(v)) {
                a.addNull();
            } else {
                a.add(round(v));
            }
        }
    }

    /** Names as they read. */
    static <R> JsonField<R> names(String key, Function<R, List<String>> value) {
        return new JsonField<>(key, (o, k, r) -> {
            ArrayNode a = o.putArray(k);
            value.apply(r).forEach(n -> a.add(Escape.decode(n)));
        });
    }

    static <R> JsonField<R> flag(String key, Predicate<R> value) {
        return new JsonField<>(key, (o, k, r) -> o.put(k, value.test(r)));
    }

    /** An array holding an object of {@code fields} for each of the item's {@code items}. */
    static <R, I> JsonField<R> objects(String key, Function<R, List<I>> items, List<JsonField<I>> fields) {
        return new JsonField<>(key, (o, k, r) -> addAll(o.putArray(k), fields, items.apply(r)));
    }

    /** The fields of item {@code r}, in order, put into {@code o}. */
    static <R> void putAll(ObjectNode o, List<JsonField<R>> fields, R r) {
        for (JsonField<R> f : fields) {
            f.put().into(o, f.key(), r);
        }
    }

    /** An object of {@code fields} for each item, added to {@code array}. */
    static <R> void addAll(ArrayNode array, List<JsonField<R>> fields, Iterable<R> items) {
        for (R r : items) {
            putAll(array.addObject(), fields, r);
        }
    }

    /** Rounded to 4 decimals, as every number {@link DiffJson} writes. */
    static double round(double v) {
        return Decimals.round(v, 4);
    }
}
