package io.myflame.core.analysis;

import io.myflame.core.model.Profile;
import io.myflame.core.model.StackArena;
import java.util.ArrayList;
import java.util.List;

/**
 * Inclusive and self weight of every function, the numbers of {@code perf report --children}.
 * Inclusive counts a sample once however often the function recurs in its stack.
 */
public final class InclusiveTable {
    private final Profile profile;
    private final long[] inclusive;
    private final long[] self;
    private final long total;

    private InclusiveTable(Profile profile, long[] inclusive, long[] self, long total) {
        this.profile = profile;
        this.inclusive = inclusive;
        this.self = self;
        this.total = total;
    }

    /** Computes the table; the root thread/comm frame is never part of a stack here. */
    public static InclusiveTable of(Profile profile) {
        int n = profile.frames().size();
        long[] inclusive = new long[n];
        long[] self = new long[n];
        int[] seen = new int[n];
        long total = 0;
        StackArena stacks = profile.stacks();
        for (int i = 0; i < profile.size(); i++) {
            int[] stack = stacks.array(i);
            int from = stacks.start(i);
            int end = from + stacks.depth(i);
            long w = profile.weight(i);
            total += w;
            int stamp = i + 1;
            for (int j = from; j < end; j++) {
                int f = stack[j];
                if (seen[f] != stamp) {
                    seen[f] = stamp;
                    inclusive[f] += w;
                }
            }
            if (end > from) {
                self[stack[end - 1]] += w;
            }
        }
        return new InclusiveTable(profile, inclusive, self, total);
    }

    public long total() {
        return total;
    }

    public long inclusive(int frameId) {
        return frameId < 0 ? 0 : inclusive[frameId];
    }

    public long self(int frameId) {
        return frameId < 0 ? 0 : self[frameId];
    }

    public double inclusivePct(int frameId) {
        return percent(inclusive(frameId), total);
    }

    public double selfPct(int frameId) {
        return percent(self(frameId), total);
    }

    /** One line of the table. */
    public record Entry(String function, long inclusive, long self, double inclusivePct, double selfPct) {
    }

    /**
     * Functions by inclusive weight, then self weight, then name (a stable order for equal
     * weights); {@code limit <= 0} returns all that ran.
     */
    public List<Entry> top(int limit) {
        List<Integer> ids = new ArrayList<>();
        for (int f = 0; f < inclusive.length; f++) {
            if (inclusive[f] > 0) {
                ids.add(f);
            }
        }
        // Heaviest first, then most self weight, then by name. One comparator of ours, not a chain of the
        // JDK's (Comparator.comparingLong...): the JDK's lambdas are spun in every run, no AOT cache holds
        // them, and spinning them was 6 % of a small report's main thread.
        ids.sort((a, b) -> {
            int byInclusive = Long.compare(inclusive[b], inclusive[a]);
            if (byInclusive != 0) {
                return byInclusive;
            }
            int bySelf = Long.compare(self[b], self[a]);
            return bySelf != 0 ? bySelf : profile.frames().name(a).compareTo(profile.frames().name(b));
        });
        int n = limit <= 0 ? ids.size() : Math.min(limit, ids.size());
        List<Entry> out = new ArrayList<>(n);
        for (int f : ids.subList(0, n)) {
            out.add(new Entry(profile.frames().name(f), inclusive[f], self[f],
                    percent(inclusive[f], total), percent(self[f], total)));
        }
        return out;
    }

    static double percent(long part, long whole) {
        return whole == 0 ? 0.0 : 100.0 * part / whole;
    }
}
