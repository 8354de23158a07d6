package io.myflame.cli;

import io.myflame.core.analysis.Glob;
import io.myflame.core.analysis.InclusiveTable;
import io.myflame.core.analysis.RowSpec;
import io.myflame.core.model.Profile;
import io.myflame.core.text.Escape;
import io.myflame.diff.Column;
import io.myflame.diff.Diff;
import io.myflame.diff.DiffRow;
import io.myflame.diff.Run;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rows of a comparison that name no function of any input (a typo, a name from another
 * server), each with the closest function names the inputs do have: an empty row is otherwise
 * indistinguishable from a function that did not run.
 */
final class UnmatchedRows {
    private static final int SUGGESTIONS = 3;

    private UnmatchedRows() {
    }

    /** One warning line per row none of whose names ran in any input. */
    static List<String> report(Diff diff, List<Column> columns) {
        return report(diff.rows().stream().filter(r -> r.cells().stream().noneMatch(c -> c.present()))
                .map(DiffRow::spec).toList(), columns, "any input");
    }

    /** The same for the rows of one profile ({@code report --rows}). */
    static List<String> report(List<RowSpec> rows, Profile profile) {
        return report(rows, List.of(Column.of("profile", Run.of(profile))), "the profile");
    }

    private static List<String> report(List<RowSpec> rows, List<Column> columns, String where) {
        List<String> out = new ArrayList<>();
        Set<String> names = null;
        for (RowSpec row : rows) {
            if (anyRan(row.names(), columns)) {
                continue;
            }
            if (names == null) {
                names = ranNames(columns);
            }
            String line = row.line() > 0 ? " (line " + row.line() + ")" : "";
            out.add("row '" + Escape.name(row.title()) + "'" + line + " matches no function in " + where
                    + closest(row.names(), names));
        }
        return out;
    }

    /** A nested row whose function ran, but never below its parent, is not a typo. */
    private static boolean anyRan(List<String> rowNames, List<Column> columns) {
        for (Column c : columns) {
            for (Run run : c.runs()) {
                Profile p = run.profile();
                InclusiveTable t = InclusiveTable.of(p);
                for (String n : rowNames) {
                    if (n.indexOf('*') >= 0) {
                        Pattern g = Glob.toRegex(n);
                        for (int f = 0; f < p.frames().size(); f++) {
                            if (t.inclusive(f) > 0 && g.matcher(p.frames().name(f)).matches()) {
                                return true;
                            }
                        }
                    } else {
                        for (String original : run.originalNames(n)) {
                            int f = p.frames().find(original);
                            if (f >= 0 && t.inclusive(f) > 0) {
                                return true;
                            }
                        }
                        int f = p.frames().find(n);
                        if (f >= 0 && t.inclusive(f) > 0) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    private static Set<String> ranNames(List<Column> columns) {
        Set<String> names = new LinkedHashSet<>();
        for (Column c : columns) {
            for (Run run : c.runs()) {
                Profile p = run.profile();
                InclusiveTable t = InclusiveTable.of(p);
                for (int f = 0; f < p.frames().size(); f++) {
                    if (t.inclusive(f) > 0) {
                        names.add(p.frames().name(f));
                    }
                }
            }
        }
        return names;
    }

    /** The closest names by edits, case ignored; a name containing the row's last {@code ::} part ranks first. */
    private static String closest(List<String> rowNames, Set<String> names) {
        String wanted = rowNames.get(0).toLowerCase(Locale.ROOT);
        String tail = wanted.substring(wanted.lastIndexOf(':') + 1);
        record Scored(String name, int score) {
        }
        List<Scored> scored = new ArrayList<>();
        for (String n : names) {
            String lower = n.toLowerCase(Locale.ROOT);
            // Names far longer than the row cannot be close; skip the quadratic distance for them.
            if (Math.abs(lower.length() - wanted.length()) > Math.max(8, wanted.length()) && !lower.contains(tail)) {
                continue;
            }
            int d = Suggestion.distance(wanted, lower) - (tail.length() > 3 && lower.contains(tail) ? 1000 : 0);
            scored.add(new Scored(n, d));
        }
        scored.sort(Comparator.comparingInt(Scored::score).thenComparing(Scored::name));
        List<String> best = scored.stream().limit(SUGGESTIONS).map(s -> Escape.name(s.name())).toList();
        return best.isEmpty() ? "" : "; closest: " + String.join(", ", best);
    }
}
