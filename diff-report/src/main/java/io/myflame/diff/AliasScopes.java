package io.myflame.diff;

import io.myflame.core.model.Profile;
import io.myflame.core.model.StackArena;
import io.myflame.core.Decimals;
import io.myflame.core.text.Escape;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Says when an alias row compares different work. {@code mysql_delete | Sql_cmd_delete::delete_from_single_table}
 * joins one step under its name in two versions, but MariaDB 11.4 moved opening the table out of it
 * (into {@code Sql_cmd_dml::prepare}): 10.11's mysql_delete holds the opening, 11.4's function does
 * not, and the row reads 24 % cheaper while the statement got dearer. The check: a direct callee
 * that holds a good part of the row in one input, runs in another input, but not under the row there.
 */
final class AliasScopes {
    /** A direct callee that holds at least this share of the row in one input is part of its scope there. */
    static final double PART = 0.10;
    /** ... and is missing from the other input's row when it holds less than this share of it. */
    static final double MISSING = 0.02;

    private AliasScopes() {
    }

    /** One note per alias row whose scope differs between inputs, in row order. */
    static List<String> notes(Diff diff) {
        java.util.Map<String, List<String>> sameStep = new java.util.HashMap<>();
        for (DiffRow row : diff.rows()) {
            for (String name : row.spec().names()) {
                sameStep.put(name, row.spec().names());
            }
        }
        List<String> notes = new ArrayList<>();
        for (DiffRow row : diff.rows()) {
            if (row.aliased()) {
                String n = note(diff, row, sameStep);
                if (n != null) {
                    notes.add(n);
                }
            }
        }
        return notes;
    }

    private static String note(Diff diff, DiffRow row, java.util.Map<String, List<String>> sameStep) {
        int columns = diff.columns().size();
        Below[] below = new Below[columns];
        for (int c = 0; c < columns; c++) {
            Cell cell = row.cells().get(c);
            // The profile shows the row's names joined into one (the row file's alternatives are aliases).
            below[c] = cell.present() ? Below.of(diff.columns().get(c).runs().get(0).profile(), row.spec().names()) : null;
        }
        for (int a = 0; a < columns; a++) {
            if (below[a] == null || below[a].rowWeight == 0) {
                continue;
            }
            for (int b = 0; b < columns; b++) {
                if (b == a || below[b] == null || below[b].rowWeight == 0) {
                    continue;
                }
                String moved = movedOut(below[a], below[b], sameStep);
                if (moved != null) {
                    Run runA = diff.columns().get(a).runs().get(0);
                    Run runB = diff.columns().get(b).runs().get(0);
                    String there = below[b].present(namesOf(moved, sameStep));
                    return Escape.name(row.key()) + ": the inputs' functions do different work: " + original(runA, moved)
                            + " holds " + pct(below[a].share(List.of(moved))) + " % of " + names(row, a) + " in "
                            + diff.columns().get(a).label() + ", but " + original(runB, there) + " runs outside "
                            + names(row, b) + " in " + diff.columns().get(b).label()
                            + " (under " + original(runB, below[b].callerOf(there)) + "): compare a row that holds both";
                }
            }
        }
        return null;
    }

    /**
     * The heaviest callee of {@code a}'s row that runs in {@code b}'s profile but not under its row,
     * under any of its names in the row file ({@code open_and_lock_tables | open_tables_for_query}).
     */
    private static String movedOut(Below a, Below b, java.util.Map<String, List<String>> sameStep) {
        String found = null;
        double best = 0;
        for (String callee : a.calleesAbove(PART)) {
            double share = a.share(List.of(callee));
            List<String> names = namesOf(callee, sameStep);
            if (b.share(names) < MISSING && b.runsElsewhere(names) && share > best) {
                best = share;
                found = callee;
            }
        }
        return found;
    }

    /** A function as the input names it: the profile shows aliases joined under one name. */
    private static String original(Run run, String function) {
        return Escape.name(String.join(" / ", run.originalNames(function)));
    }

    private static List<String> namesOf(String function, java.util.Map<String, List<String>> sameStep) {
        return sameStep.getOrDefault(function, List.of(function));
    }

    private static String names(DiffRow row, int column) {
        return Escape.name(String.join(" / ", row.cells().get(column).matched()));
    }

    private static String pct(double share) {
        return Decimals.twoPlaces(100 * share);
    }

    /** What runs below a row's functions in one profile: each callee's weight under them, once a sample. */
    private static final class Below {
        private final Profile profile;
        private final Set<Integer> rowFrames;
        private final long[] under;
        private final long[] child;
        private final long[] anywhere;
        private final long rowWeight;

        private Below(Profile profile, Set<Integer> rowFrames) {
            this.profile = profile;
            this.rowFrames = rowFrames;
            int frames = profile.frames().size();
            this.under = new long[frames];
            this.child = new long[frames];
            this.anywhere = new long[frames];
            int[] seenUnder = new int[frames];
            int[] seen = new int[frames];
            long row = 0;
            StackArena stacks = profile.stacks();
            for (int i = 0; i < profile.size(); i++) {
                int[] a = stacks.array(i);
                int start = stacks.start(i);
                int end = start + stacks.depth(i);
                long w = profile.weight(i);
                int stamp = i + 1;
                boolean inRow = false;
                for (int j = start; j < end; j++) {
                    int f = a[j];
                    if (seen[f] != stamp) {
                        seen[f] = stamp;
                        anywhere[f] += w;
                    }
                    if (inRow && seenUnder[f] != stamp) {
                        seenUnder[f] = stamp;
                        under[f] += w;
                        if (rowFrames.contains(a[j - 1]) && !rowFrames.contains(f)) {
                            child[f] += w;
                        }
                    }
                    if (!inRow && rowFrames.contains(f)) {
                        inRow = true;
                        row += w;
                    }
                }
            }
            this.rowWeight = row;
        }

        static Below of(Profile profile, List<String> names) {
            Set<Integer> ids = new HashSet<>();
            for (String n : names) {
                int id = profile.frames().find(n);
                if (id >= 0) {
                    ids.add(id);
                }
            }
            return new Below(profile, ids);
        }

        /**
         * Direct callees (not the row's own names) holding at least {@code min} of the row. Only direct
         * ones: a deeper function missing below the other input's row is mostly inlining or the kernel.
         */
        List<String> calleesAbove(double min) {
            List<String> out = new ArrayList<>();
            for (int f = 0; f < child.length; f++) {
                if (!rowFrames.contains(f) && child[f] >= min * rowWeight) {
                    out.add(profile.frames().name(f));
                }
            }
            return out;
        }

        /** The largest share of the row any of {@code names} holds below it. */
        double share(List<String> names) {
            long most = 0;
            for (String n : names) {
                int f = profile.frames().find(n);
                most = f < 0 ? most : Math.max(most, under[f]);
            }
            return rowWeight == 0 ? 0 : (double) most / rowWeight;
        }

        /** Whether one of {@code names} runs here outside the row at least a quarter as much as the row's threshold. */
        boolean runsElsewhere(List<String> names) {
            for (String n : names) {
                int f = profile.frames().find(n);
                if (f >= 0 && anywhere[f] - under[f] >= PART / 4 * rowWeight) {
                    return true;
                }
            }
            return false;
        }

        /** The first of {@code names} this profile has (the first when none). */
        String present(List<String> names) {
            for (String n : names) {
                if (profile.frames().find(n) >= 0) {
                    return n;
                }
            }
            return names.get(0);
        }

        /** The function that calls {@code function} most often, by weight. */
        String callerOf(String function) {
            int target = profile.frames().find(function);
            long[] byCaller = new long[under.length];
            StackArena stacks = profile.stacks();
            for (int i = 0; i < profile.size(); i++) {
                int[] a = stacks.array(i);
                int start = stacks.start(i);
                int end = start + stacks.depth(i);
                for (int j = start + 1; j < end; j++) {
                    if (a[j] == target) {
                        byCaller[a[j - 1]] += profile.weight(i);
                        break;
                    }
                }
            }
            int best = 0;
            for (int f = 1; f < byCaller.length; f++) {
                if (byCaller[f] > byCaller[best]) {
                    best = f;
                }
            }
            return profile.frames().name(best);
        }
    }
}
