package io.myflame.core.analysis;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.StackArena;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Evaluates row specs against one profile. A top-level row is its function's inclusive share; a
 * nested row is the share of samples in which its function runs below its parent row's function,
 * which runs below its own parent's, up to the top row: the chain must appear in that order in the
 * stack, not necessarily adjacent. Each sample is counted once per row.
 */
public final class RowTable {
    private RowTable() {
    }

    /** A row's value in one profile; {@code matched} is null when no alternative ran. */
    public record Cell(String matched, long weight, double percent) {
        public boolean present() {
            return matched != null;
        }
    }

    public static List<Cell> evaluate(List<RowSpec> rows, Profile profile) {
        return evaluate(rows, profile, false);
    }

    /**
     * Like {@link #evaluate(List, Profile)}, but with {@code self} a row counts only samples whose
     * leaf frame is its function (below the chain of its parent rows): its self share.
     */
    public static List<Cell> evaluate(List<RowSpec> rows, Profile profile, boolean self) {
        FrameTable frames = profile.frames();
        InclusiveTable incl = InclusiveTable.of(profile);
        boolean[][] sets = new boolean[rows.size()][];
        String[] matched = new String[rows.size()];
        for (int r = 0; r < rows.size(); r++) {
            for (String name : rows.get(r).names()) {
                boolean[] set = resolve(name, frames, incl);
                if (set != null) {
                    sets[r] = set;
                    matched[r] = name;
                    break;
                }
            }
        }
        long total = incl.total();
        List<Cell> cells = new ArrayList<>(rows.size());
        int[] chain = new int[rows.size()];
        for (int r = 0; r < rows.size(); r++) {
            int depth = chainOf(rows, r, chain);
            boolean complete = true;
            for (int k = 0; k < depth; k++) {
                complete &= sets[chain[k]] != null;
            }
            long w = !complete ? 0 : self ? chainSelfWeight(profile, sets, chain, depth)
                    : chainWeight(profile, sets, chain, depth);
            cells.add(new Cell(complete ? matched[r] : null, w, InclusiveTable.percent(w, total)));
        }
        return cells;
    }

    /** Fills {@code chain} with row indexes from the top row down to {@code r}; returns its length. */
    private static int chainOf(List<RowSpec> rows, int r, int[] chain) {
        int depth = rows.get(r).depth() + 1;
        int at = r;
        for (int k = depth - 1; k >= 0; k--) {
            chain[k] = at;
            at = rows.get(at).parent();
        }
        return depth;
    }

    private static long chainWeight(Profile profile, boolean[][] sets, int[] chain, int depth) {
        long w = 0;
        StackArena stacks = profile.stacks();
        for (int i = 0; i < profile.size(); i++) {
            int[] stack = stacks.array(i);
            int end = stacks.start(i) + stacks.depth(i);
            int k = 0;
            // Greedy earliest match finds an ordered subsequence whenever one exists.
            for (int j = stacks.start(i); j < end && k < depth; j++) {
                if (sets[chain[k]][stack[j]]) {
                    k++;
                }
            }
            if (k == depth) {
                w += profile.weight(i);
            }
        }
        return w;
    }

    /** Weight of samples whose leaf is the row's function, its parent chain above it in order. */
    private static long chainSelfWeight(Profile profile, boolean[][] sets, int[] chain, int depth) {
        long w = 0;
        boolean[] leafSet = sets[chain[depth - 1]];
        StackArena stacks = profile.stacks();
        for (int i = 0; i < profile.size(); i++) {
            int[] stack = stacks.array(i);
            int from = stacks.start(i);
            int leaf = from + stacks.depth(i) - 1;
            if (leaf < from || !leafSet[stack[leaf]]) {
                continue;
            }
            int k = 0;
            for (int j = from; j < leaf && k < depth - 1; j++) {
                if (sets[chain[k]][stack[j]]) {
                    k++;
                }
            }
            if (k == depth - 1) {
                w += profile.weight(i);
            }
        }
        return w;
    }

    /** The frames a row name stands for, or null when none of them ran in this profile. */
    private static boolean[] resolve(String name, FrameTable frames, InclusiveTable incl) {
        boolean[] set = new boolean[frames.size()];
        boolean any = false;
        if (name.indexOf('*') >= 0) {
            Pattern glob = Glob.toRegex(name);
            for (int f = 0; f < frames.size(); f++) {
                if (incl.inclusive(f) > 0 && glob.matcher(frames.name(f)).matches()) {
                    set[f] = true;
                    any = true;
                }
            }
        } else {
            int f = frames.find(name);
            if (f >= 0 && incl.inclusive(f) > 0) {
                set[f] = true;
                any = true;
            }
        }
        return any ? set : null;
    }

}
