package io.myflame.core.text;

import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * Where each row of an {@link IndentedTable} sits and what it is called, read from the row
 * itself: its name and nesting depth, whether it is marked (a significant change), the short key
 * CSV prints in place of the name, and the name {@code --format list} shows in each input's block.
 * The cells come from the table's {@link TableColumn}s; this says everything else a row has.
 *
 * @param key       the CSV key, null for none (the name is printed)
 * @param listNames per input, the name the list layout shows (null entries keep the name); null for none
 * @param <R>       the row type
 */
public record RowOutline<R>(Function<R, String> name, ToIntFunction<R> depth, Predicate<R> marked,
                            Function<R, String> key, Function<R, String[]> listNames) {

    /** Rows called {@code name}, nested {@code depth} levels, unmarked, without a key or list names. */
    public static <R> RowOutline<R> of(Function<R, String> name, ToIntFunction<R> depth) {
        return new RowOutline<>(name, depth, r -> false, r -> null, r -> null);
    }

    /** This outline, rows marked where {@code m} holds. */
    public RowOutline<R> marked(Predicate<R> m) {
        return new RowOutline<>(name, depth, m, key, listNames);
    }

    /** This outline, each row with the CSV key {@code k} gives. */
    public RowOutline<R> key(Function<R, String> k) {
        return new RowOutline<>(name, depth, marked, k, listNames);
    }

    /** This outline, each row with the list-layout names {@code n} gives (null for the row's name). */
    public RowOutline<R> listNames(Function<R, String[]> n) {
        return new RowOutline<>(name, depth, marked, key, n);
    }
}
