package io.myflame.diff;

import io.myflame.core.analysis.InclusiveTable;
import io.myflame.core.analysis.RowSpec;
import io.myflame.core.analysis.Scale;
import io.myflame.core.model.Profile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What changed between the first input and the last, for {@code diff --top N}: the functions present
 * in every input ranked by how much their value (share in points, or cost per transaction) moved,
 * and apart, per input, the functions present there but missing from another input (a rename, a
 * new code path, a different unwinding), which have no change to rank.
 *
 * <p>Pass-through wrappers are left out of the ranking: a function that, in every run of every
 * input, calls one and the same function wherever it appears in a stack and is never the leaf (no
 * self weight, one callee holding all of its weight) moves exactly as that callee does, so only the
 * callee is listed.
 *
 * @param changed the rows, largest |change| first
 * @param onlyIn  per input label, functions present there but not in every input, largest first
 * @param wrappers how many wrappers were passed over while ranking
 */
public record Movers(List<RowSpec> changed, Map<String, List<Only>> onlyIn, int wrappers) {
    /** A function present in only some inputs, and its value in this one. */
    public record Only(String function, double value) {
    }

    /**
     * The {@code n} largest movers among functions present in every column, and for each column up to
     * {@code n} functions of at least {@code minPct} percent there that some other column lacks.
     */
    public static Movers of(List<Column> columns, int n, Measure measure, Per per, double minPct) {
        return of(columns, n, measure, per, minPct, 0);
    }

    /**
     * {@link #of(List, int, Measure, Per, double)}, ranking only the functions of at least {@code rankMinPct}
     * percent in some column ({@code diff --top N --min PCT}: the rows below PCT are left out, then N are taken).
     */
    public static Movers of(List<Column> columns, int n, Measure measure, Per per, double minPct, double rankMinPct) {
        List<Map<String, double[]>> values = new ArrayList<>();
        for (Column c : columns) {
            values.add(values(c, measure, per));
        }
        List<String> shared = new ArrayList<>(values.get(0).keySet());
        shared.removeIf(f -> values.stream().anyMatch(v -> !v.containsKey(f)));
        shared.removeIf(f -> values.stream().allMatch(v -> v.get(f)[1] < rankMinPct));
        Map<String, Double> change = new HashMap<>();
        for (String f : shared) {
            change.put(f, values.get(values.size() - 1).get(f)[0] - values.get(0).get(f)[0]);
        }
        shared.sort(Comparator.<String>comparingDouble(f -> -Math.abs(change.get(f))).thenComparing(Comparator.naturalOrder()));
        List<List<boolean[]>> passing = new ArrayList<>();
        for (Column c : columns) {
            passing.add(c.runs().stream().map(r -> passThrough(r.profile())).toList());
        }
        List<RowSpec> rows = new ArrayList<>();
        int wrappers = 0;
        for (String f : shared) {
            if (rows.size() >= n) {
                break;
            }
            if (isWrapper(columns, passing, f)) {
                wrappers++;
                continue;
            }
            rows.add(new RowSpec(List.of(f), 0, -1, 0));
        }
        return new Movers(rows, onlyIn(columns, values, n, minPct), wrappers);
    }

    /** Per function present in the column: {mean value over runs, mean share in percent}. */
    private static Map<String, double[]> values(Column c, Measure measure, Per per) {
        Map<String, double[]> out = new HashMap<>();
        int runs = c.runs().size();
        for (Run run : c.runs()) {
            Profile p = run.profile();
            InclusiveTable t = InclusiveTable.of(p);
            Scale scale = per.scale(run);
            Scale pct = Per.PERCENT.scale(run);
            for (int f = 0; f < p.frames().size(); f++) {
                long w = measure == Measure.SELF ? t.self(f) : t.inclusive(f);
                if (t.inclusive(f) == 0) {
                    continue;
                }
                double[] v = out.computeIfAbsent(p.frames().name(f), k -> new double[2]);
                v[0] += scale.of(w) / runs;
                v[1] += pct.of(w) / runs;
            }
        }
        return out;
    }

    private static boolean isWrapper(List<Column> columns, List<List<boolean[]>> wrappers, String function) {
        for (int c = 0; c < columns.size(); c++) {
            for (int r = 0; r < columns.get(c).runs().size(); r++) {
                int f = columns.get(c).runs().get(r).profile().frames().find(function);
                if (f < 0 || !wrappers.get(c).get(r)[f]) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Per frame of the profile, whether every one of its occurrences in every stack is followed by
     * one and the same callee (so it never is a leaf): one pass over the stacks, however deep.
     */
    static boolean[] passThrough(Profile p) {
        int n = p.frames().size();
        int[] callee = new int[n];
        java.util.Arrays.fill(callee, -1);
        boolean[] wrapper = new boolean[n];
        java.util.Arrays.fill(wrapper, true);
        int[] stack = new int[64];
        for (int i = 0; i < p.size(); i++) {
            stack = p.stack(i, stack);
            int len = p.depth(i);
            for (int at = 0; at < len; at++) {
                int f = stack[at];
                int next = at + 1 < len ? stack[at + 1] : -2;
                if (next == -2 || (callee[f] >= 0 && callee[f] != next)) {
                    wrapper[f] = false;
                } else {
                    callee[f] = next;
                }
            }
        }
        return wrapper;
    }

    private static Map<String, List<Only>> onlyIn(List<Column> columns, List<Map<String, double[]>> values, int n,
                                                  double minPct) {
        Map<String, List<Only>> out = new LinkedHashMap<>();
        for (int c = 0; c < columns.size(); c++) {
            List<Only> here = new ArrayList<>();
            for (Map.Entry<String, double[]> e : values.get(c).entrySet()) {
                boolean missingElsewhere = values.stream().anyMatch(v -> !v.containsKey(e.getKey()));
                if (missingElsewhere && e.getValue()[1] >= minPct) {
                    here.add(new Only(e.getKey(), e.getValue()[0]));
                }
            }
            here.sort(Comparator.comparingDouble((Only o) -> -o.value()).thenComparing(Only::function));
            out.put(columns.get(c).label(), List.copyOf(here.subList(0, Math.min(n, here.size()))));
        }
        return out;
    }
}
