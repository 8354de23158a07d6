package io.myflame.ingest.fold;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.core.model.StackArena;
import io.myflame.core.model.StackMap;
import io.myflame.core.model.SampledThread;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Stacks folded from an input: each distinct (root label, frames) with its summed weight and
 * sample count, the frame names, the event kept and the warnings to show once.
 */
public final class FoldedStacks {
    /** The root name of stacks cut by --skip-after, which have no comm frame; no perf text holds a NUL. */
    public static final String NO_ROOT = "\0";

    private final FrameTable names;
    private final StackMap stacks;
    private final String event;
    private final List<String> warnings;

    public FoldedStacks(FrameTable names, StackMap stacks, String event, List<String> warnings) {
        this.names = names;
        this.stacks = stacks;
        this.event = event == null || event.isEmpty() ? null : event;
        this.warnings = List.copyOf(warnings);
    }

    public String event() {
        return event;
    }

    public List<String> warnings() {
        return warnings;
    }

    public int distinctStacks() {
        return stacks.size();
    }

    /** The samples the stacks hold (each stack's count, summed). */
    public long samples() {
        long[] n = {0};
        stacks.forEachInPlace((i, root, arena, from, len, weight, count) -> n[0] += count);
        return n[0];
    }

    /**
     * Writes folded lines {@code root;caller;...;leaf weight}, sorted by byte order of the stack,
     * as stackcollapse-perf.pl prints them.
     */
    public void writeFolded(OutputStream out) throws IOException {
        FoldedLines.write(names, stacks, NO_ROOT, out);
    }

    /**
     * Writes no stacks, to initialise the classes that write folded lines (and {@code TimSort}) before the
     * input is read. A JVM run with the AOT cache and {@code -XX:+AOTCompileEagerly} compiles a method the
     * training compiled as soon as the classes it needs are initialised: initialised here, the end's
     * sorting and writing are compiled while the input is folded, instead of running in the interpreter
     * after it.
     */
    public static void prepareToWrite() {
        try {
            FoldedLines.write(new FrameTable(), new StackMap(), NO_ROOT, OutputStream.nullOutputStream());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Which counts of a stack a profile takes: perf's (period, samples), or one column of a differential file. */
    public enum Counts {
        /** Weight and sample count as read. */
        AS_READ,
        /** The first count of a differential line (the base), as weight and samples. */
        BASE,
        /** The second count of a differential line (the new one), as weight and samples. */
        NEW
    }

    /**
     * The stacks as a profile, taken ({@link #takeProfile(ProfileInfo, java.util.function.Function, Counts)}); root
     * labels written with {@link FoldOptions.Root#TID} become threads.
     */
    public Profile takeProfile(ProfileInfo info) {
        return takeProfile(info, SampledThread::fromRootLabel, Counts.AS_READ);
    }

    /** The stacks as a profile, root labels read by {@code threadOf}, with the chosen counts. */
    public Profile toProfile(ProfileInfo info, java.util.function.Function<String, SampledThread> threadOf, Counts counts) {
        return profile(info, threadOf, counts, false);
    }

    /**
     * The stacks as {@link #toProfile(ProfileInfo, java.util.function.Function, Counts)} makes them, letting go of
     * this object's copy as they move, so the two are never both whole in memory; nothing else can be asked of this
     * object afterwards.
     */
    public Profile takeProfile(ProfileInfo info, java.util.function.Function<String, SampledThread> threadOf, Counts counts) {
        return profile(info, threadOf, counts, true);
    }

    private Profile profile(ProfileInfo info, java.util.function.Function<String, SampledThread> threadOf, Counts counts,
                            boolean take) {
        ProfileInfo withEvent = info.event() == null ? info.withEvent(event) : info;
        RootThreads roots = new RootThreads(threadOf);
        int[] kept = {0};
        stacks.forEachInPlace((i, root, arena, from, len, weight, count) -> {
            if (keeps(counts, weight, count)) {
                roots.indexOf(root);
                kept[0]++;
            }
        });
        // Two labels may read as one thread ("db-07" and "db-7"): then their stacks may repeat, and
        // the builder sums them. Otherwise every entry stays distinct and is moved over as it is.
        if (!roots.oneToOne) {
            return summed(withEvent, roots, counts, take ? stacks::drain : stacks::forEachInPlace);
        }
        return distinct(withEvent, roots, counts, kept[0], take);
    }

    private static boolean keeps(Counts counts, long weight, long count) {
        // A stack only the other side of a differential file has is not part of this profile.
        return counts == Counts.AS_READ || weightOf(counts, weight, count) != 0;
    }

    /** The profile's weight of a stack: the second count of a differential line for NEW, else the first. */
    private static long weightOf(Counts counts, long weight, long count) {
        return counts == Counts.NEW ? count : weight;
    }

    /** The profile's sample count: perf's for AS_READ; a differential side counts its weight. */
    private static long samplesOf(Counts counts, long weight, long count) {
        return counts == Counts.AS_READ ? count : weightOf(counts, weight, count);
    }

    /**
     * The profile of distinct entries: taken, the map's pages become the profile's and their frames are
     * renamed where they are; else they are renamed in a copy.
     */
    private Profile distinct(ProfileInfo info, RootThreads roots, Counts counts, int n, boolean take) {
        StackMap.Entries all = take ? stacks.take() : stacks.entries();
        StackArena arena = take ? all.frames() : all.frames().copy();
        FrameRenames frames = new FrameRenames();
        int[] kept = new int[n];
        int[] threadOf = new int[n];
        long[] w = new long[n];
        long[] s = new long[n];
        int k = 0;
        for (int i = 0; i < arena.size(); i++) {
            if (!keeps(counts, all.weight()[i], all.count()[i])) {
                continue;
            }
            // renamed in the visiting order, so frame ids come in order of first use, as a copy would give them
            int[] a = arena.array(i);
            for (int j = arena.start(i), end = j + arena.depth(i); j < end; j++) {
                a[j] = frames.of(a[j]);
            }
            kept[k] = i;
            threadOf[k] = roots.indexOf(all.thread()[i]);
            w[k] = weightOf(counts, all.weight()[i], all.count()[i]);
            s[k] = samplesOf(counts, all.weight()[i], all.count()[i]);
            k++;
        }
        StackArena stacksKept = n == arena.size() ? arena : arena.select(kept, n);
        return Profile.ofDistinct(frames.table, roots.threads, threadOf, stacksKept, w, s, info);
    }

    private Profile summed(ProfileInfo info, RootThreads roots, Counts counts,
                           java.util.function.Consumer<StackMap.InPlaceVisitor> each) {
        FrameRenames frames = new FrameRenames();
        Profile.Builder b = Profile.builder(frames.table).info(info);
        for (SampledThread t : roots.threads) {
            b.thread(t);
        }
        int[][] key = {new int[64]};
        each.accept((i, root, arena, from, len, weight, count) -> {
            if (!keeps(counts, weight, count)) {
                return;
            }
            if (key[0].length < len) {
                key[0] = new int[len * 2];
            }
            for (int j = 0; j < len; j++) {
                key[0][j] = frames.of(arena[from + j]);
            }
            b.add(roots.indexOf(root), key[0], len, weightOf(counts, weight, count), samplesOf(counts, weight, count));
        });
        return b.build();
    }

    /** Frame ids of this input's names in a profile's own table, given in order of first use. */
    private final class FrameRenames {
        final FrameTable table = new FrameTable();
        private final int[] renamed = new int[names.size()];

        FrameRenames() {
            Arrays.fill(renamed, -1);
        }

        int of(int name) {
            if (renamed[name] < 0) {
                renamed[name] = table.intern(names.name(name));
            }
            return renamed[name];
        }
    }

    /** The thread of each root label, numbered in order of first use, and whether no two labels share one. */
    private final class RootThreads {
        final List<SampledThread> threads = new ArrayList<>();
        boolean oneToOne = true;
        private final java.util.Map<SampledThread, Integer> ids = new java.util.HashMap<>();
        private final int[] index = new int[names.size()];
        private final java.util.function.Function<String, SampledThread> threadOf;

        RootThreads(java.util.function.Function<String, SampledThread> threadOf) {
            this.threadOf = threadOf;
            Arrays.fill(index, -1);
        }

        int indexOf(int root) {
            if (index[root] < 0) {
                SampledThread t = threadOf.apply(names.name(root));
                Integer id = ids.get(t);
                if (id == null) {
                    id = threads.size();
                    ids.put(t, id);
                    threads.add(t);
                } else {
                    oneToOne = false;
                }
                index[root] = id;
            }
            return index[root];
        }
    }
}
