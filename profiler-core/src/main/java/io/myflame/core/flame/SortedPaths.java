package io.myflame.core.flame;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.StackArena;
import io.myflame.core.task.Beside;
import io.myflame.core.task.Concurrency;
import java.util.Arrays;

/**
 * A profile's stacks sorted in flamegraph order (frame by frame, by name, a path before its
 * extensions), with the common prefix of each with the one before and the running sum of weights.
 * In this order every call-tree node is one contiguous range of stacks, its inclusive weight a
 * difference of two sums, so a flamegraph can be laid out without building a node for every
 * frame of every distinct stack (inferno merges sorted stacks the same way).
 *
 * <p>Costs five ints and a long per stack, whatever the stacks' depth, and another long while
 * sorting; nothing per frame.
 */
final class SortedPaths {
    /** Up to this many stacks a range is sorted by insertion, not by its keys one depth at a time. */
    private static final int SMALL = 12;

    final FrameTable frames;
    /** Stack indices of the profile in path order. */
    final int[] order;
    /** {@code lcp[i]}: frames path {@code order[i]} shares with path {@code order[i-1]} from the root. */
    final int[] lcp;
    /** {@code cum[i]}: weight of the paths {@code order[0 .. i-1]}. */
    final long[] cum;
    /**
     * {@code lengths[i]}: the number of frames of path {@code order[i]}, so the layout reads them in
     * order, not from each path's array.
     */
    final int[] lengths;
    /** The profile's frames, read where they are. */
    private final StackArena stacks;
    /** The thread's comm frame of each stack, the path's first frame; null when paths are the bare stacks. */
    private final int[] comm;
    /** Position of each frame id in name order. */
    private final int[] rank;

    private SortedPaths(Profile profile, boolean byComm, int parallelPaths) {
        int n = profile.size();
        // Comm names join a copy of the profile's names: the profile itself stays as it was.
        frames = byComm ? FrameTable.copyOf(profile.frames()) : profile.frames();
        stacks = profile.stacks();
        comm = byComm ? new int[n] : null;
        int[] commOfThread = new int[profile.threads().size()];
        Arrays.fill(commOfThread, -1);
        for (int i = 0; i < n; i++) {
            if (byComm) {
                int t = profile.threadIndex(i);
                if (commOfThread[t] < 0) {
                    commOfThread[t] = frames.intern(profile.thread(i).comm());
                }
                comm[i] = commOfThread[t];
            }
        }
        rank = ranks(frames);
        order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        lcp = new int[n];
        sort(parallelPaths);
        packed = null;
        cum = new long[n + 1];
        lengths = new int[n];
        for (int i = 0; i < n; i++) {
            cum[i + 1] = cum[i] + profile.weight(order[i]);
            lengths[i] = length(order[i]);
        }
    }

    /** Sorts the stacks of {@code profile}; with {@code byComm} each path starts with the thread's comm. */
    static SortedPaths of(Profile profile, boolean byComm) {
        return new SortedPaths(profile, byComm, PARALLEL_PATHS);
    }

    /** As {@link #of(Profile, boolean)}, sorted by two threads from {@code parallelPaths} stacks on (tests share small ones). */
    static SortedPaths of(Profile profile, boolean byComm, int parallelPaths) {
        return new SortedPaths(profile, byComm, parallelPaths);
    }

    int size() {
        return order.length;
    }

    /** Number of frames of path {@code s} (a profile index, not a position). */
    int length(int s) {
        return comm == null ? stacks.depth(s) : stacks.depth(s) + 1;
    }

    /** Frame id at depth {@code d} (0 = root) of path {@code s}. */
    int frame(int s, int d) {
        if (comm == null) {
            return stacks.array(s)[stacks.start(s) + d];
        }
        return d == 0 ? comm[s] : stacks.array(s)[stacks.start(s) + d - 1];
    }

    /** Sort key of path {@code s} at depth {@code d}: the frame's name rank, -1 past its end. */
    private int key(int s, int d) {
        return d < length(s) ? rank[frame(s, d)] : -1;
    }

    /** The frames paths {@code a} and {@code b} share from the root, known to be at least {@code from}. */
    private int common(int a, int b, int from) {
        int n = Math.min(length(a), length(b));
        int d = from;
        while (d < n && frame(a, d) == frame(b, d)) {
            d++;
        }
        return d;
    }

    private static int[] ranks(FrameTable frames) {
        Integer[] ids = new Integer[frames.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i;
        }
        Arrays.sort(ids, (a, b) -> frames.name(a).compareTo(frames.name(b)));
        int[] rank = new int[ids.length];
        for (int r = 0; r < ids.length; r++) {
            rank[ids[r]] = r;
        }
        return rank;
    }

    /** From this many stacks the sort is shared by two threads. */
    static final int PARALLEL_PATHS = 65_536;

    /**
     * Sorts the paths by the names of their frames, from the root; equal paths by profile index. A
     * most-significant-key radix sort, one frame a step: a step reads the frame at one depth of every
     * path of a range once, sorts those keys (each with its path's index) as longs, in memory that is
     * read in order, and goes one frame deeper in each group of paths with the same key.
     *
     * <p>Reading a path's frame goes to the path's own array: a cache miss for nearly every path of a
     * large profile. Quicksort read the key of every path in each of a range's partitions (about 17
     * for a wide profile's 75,000 paths of one thread under 50,000 names); a step reads it once.
     *
     * <p>The ranges to do are kept in arrays, not on the Java stack: paths may be 100,000 frames
     * deep. Many paths are shared by two threads: the widest ranges are split first until none holds
     * more than an eighth of the paths, then each thread sorts its half of them. The order does not
     * depend on who sorted what.
     */
    private void sort(int parallelPaths) {
        int n = order.length;
        packed = new long[n];
        Ranges all = new Ranges();
        all.push(0, n, 0);
        if (n < Math.max(2, parallelPaths) || !Concurrency.machine().splits()) {
            sortRanges(all);
            return;
        }
        java.util.PriorityQueue<int[]> widest = new java.util.PriorityQueue<>((a, b) -> (b[1] - b[0]) - (a[1] - a[0]));
        widest.add(new int[] {0, n, 0});
        Ranges parts = new Ranges();
        while (!widest.isEmpty() && widest.peek()[1] - widest.peek()[0] > n / 8 && widest.size() < 1024) {
            int[] r = widest.poll();
            step(r[0], r[1], r[2], parts);
            while (!parts.isEmpty()) {
                widest.add(new int[] {parts.lo(), parts.hi(), parts.depth()});
                parts.pop();
            }
        }
        // the widest first, each to the thread with less to do
        Ranges mine = new Ranges();
        Ranges theirs = new Ranges();
        long myPaths = 0;
        long theirPaths = 0;
        for (int[] r; (r = widest.poll()) != null; ) {
            if (myPaths <= theirPaths) {
                mine.push(r[0], r[1], r[2]);
                myPaths += r[1] - r[0];
            } else {
                theirs.push(r[0], r[1], r[2]);
                theirPaths += r[1] - r[0];
            }
        }
        Beside.run("myflame-sort", () -> sortRanges(theirs), () -> sortRanges(mine));
    }

    /** Sorts the ranges in {@code todo} and those they split into. */
    private void sortRanges(Ranges todo) {
        while (!todo.isEmpty()) {
            int lo = todo.lo();
            int hi = todo.hi();
            int d = todo.depth();
            todo.pop();
            step(lo, hi, d, todo);
        }
    }

    /** Per path position, while sorting: the key at the depth of its range in the high half, the path in the low. */
    private long[] packed;

    /**
     * One step on the range {@code [lo, hi)}, whose paths agree on their first {@code d} frames: a
     * small range sorted by insertion, else sorted by the frame at depth {@code d}, each group of
     * paths with one frame there put in {@code todo} to be sorted one frame deeper.
     */
    private void step(int lo, int hi, int d, Ranges todo) {
        if (hi - lo <= SMALL) {
            insertionSort(lo, hi, d);
            return;
        }
        // One loop of reads that do not depend on each other, so the CPU overlaps their misses.
        long[] p = packed;
        int first = key(order[lo], d);
        boolean same = true;
        for (int i = lo; i < hi; i++) {
            int k = key(order[i], d);
            p[i] = (long) (k + 1) << 32 | order[i];
            same &= k == first;
        }
        if (same) {
            // a shared frame (most of a much-sharing profile's steps), or paths that all end here
            group(lo, hi, d, todo);
            return;
        }
        Arrays.sort(p, lo, hi);
        int start = lo;
        for (int i = lo; i < hi; i++) {
            order[i] = (int) p[i];
            if (p[i] >>> 32 != p[start] >>> 32) {
                lcp[i] = d;
                group(start, i, d, todo);
                start = i;
            }
        }
        group(start, hi, d, todo);
    }

    /**
     * Puts paths {@code [lo, hi)}, which share their frame at depth {@code d}, in {@code todo} to be
     * sorted deeper; paths that all end before depth {@code d} are equal, and done. The frames each
     * path shares with the one before ({@link #lcp}) are set by the step that parts them, or here.
     */
    private void group(int lo, int hi, int d, Ranges todo) {
        if (packed[lo] >>> 32 != 0) {
            todo.push(lo, hi, d + 1);
        } else {
            for (int i = lo + 1; i < hi; i++) {
                lcp[i] = d;
            }
        }
    }

    /** A stack of ranges to sort: {@code lo, hi, depth} triples. */
    private static final class Ranges {
        private int[] triples = new int[3 * 64];
        private int top;

        /** Adds {@code [lo, hi)} at depth {@code d}, unless it holds one path or none. */
        void push(int lo, int hi, int d) {
            if (hi - lo < 2) {
                return;
            }
            if (top + 3 > triples.length) {
                triples = Arrays.copyOf(triples, triples.length * 2);
            }
            triples[top++] = lo;
            triples[top++] = hi;
            triples[top++] = d;
        }

        boolean isEmpty() {
            return top == 0;
        }

        int lo() {
            return triples[top - 3];
        }

        int hi() {
            return triples[top - 2];
        }

        int depth() {
            return triples[top - 1];
        }

        void pop() {
            top -= 3;
        }
    }

    /** Paths of {@code [lo, hi)} agree on their first {@code d} frames. */
    private void insertionSort(int lo, int hi, int d) {
        for (int i = lo + 1; i < hi; i++) {
            int s = order[i];
            int j = i;
            while (j > lo && compare(order[j - 1], s, d) > 0) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = s;
        }
        for (int i = lo + 1; i < hi; i++) {
            lcp[i] = common(order[i - 1], order[i], d);
        }
    }

    private int compare(int a, int b, int from) {
        for (int d = from; ; d++) {
            int ka = key(a, d);
            int kb = key(b, d);
            if (ka != kb) {
                return Integer.compare(ka, kb);
            }
            if (ka < 0) {
                return 0;
            }
        }
    }
}
