package io.myflame.core.flame;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import java.util.Arrays;

/**
 * A profile's stacks sorted in flamegraph order (frame by frame, by name, a path before its
 * extensions), with the common prefix of each with the one before and the running sum of weights.
 * In this order every call-tree node is one contiguous range of stacks, its inclusive weight a
 * difference of two sums, so a flamegraph can be laid out without building a node for every
 * frame of every distinct stack (inferno merges sorted stacks the same way).
 *
 * <p>Costs four ints and a long per stack, whatever the stacks' depth; nothing per frame.
 */
final class SortedPaths {
    /** Below this many stacks a range is sorted by insertion instead of partitioned again. */
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
    private final int[][] stacks;
    /** The thread's comm frame of each stack, the path's first frame; null when paths are the bare stacks. */
    private final int[] comm;
    /** Position of each frame id in name order. */
    private final int[] rank;

    private SortedPaths(Profile profile, boolean byComm, int parallelPaths) {
        int n = profile.size();
        // Comm names join a copy of the profile's names: the profile itself stays as it was.
        frames = byComm ? FrameTable.copyOf(profile.frames()) : profile.frames();
        stacks = new int[n][];
        comm = byComm ? new int[n] : null;
        int[] commOfThread = new int[profile.threads().size()];
        Arrays.fill(commOfThread, -1);
        for (int i = 0; i < n; i++) {
            stacks[i] = profile.stack(i);
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
        sort(parallelPaths);
        lcp = new int[n];
        cum = new long[n + 1];
        lengths = new int[n];
        for (int i = 0; i < n; i++) {
            cum[i + 1] = cum[i] + profile.weight(order[i]);
            lcp[i] = i == 0 ? 0 : common(order[i - 1], order[i]);
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
        return comm == null ? stacks[s].length : stacks[s].length + 1;
    }

    /** Frame id at depth {@code d} (0 = root) of path {@code s}. */
    int frame(int s, int d) {
        if (comm == null) {
            return stacks[s][d];
        }
        return d == 0 ? comm[s] : stacks[s][d - 1];
    }

    /** Sort key of path {@code s} at depth {@code d}: the frame's name rank, -1 past its end. */
    private int key(int s, int d) {
        return d < length(s) ? rank[frame(s, d)] : -1;
    }

    private int common(int a, int b) {
        int n = Math.min(length(a), length(b));
        int d = 0;
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
     * Multikey quicksort (Bentley and Sedgewick): partitions a range three ways on the frame at one
     * depth and goes one frame deeper only in the middle part, so no shared prefix is compared
     * twice. The ranges to do are kept in arrays, not on the Java stack: paths may be 100,000
     * frames deep. Many paths are shared by two threads: the widest ranges are partitioned first
     * until none holds more than an eighth of the paths, then each thread sorts its half of them.
     * Each range is sorted as one thread would sort it, so the order is the same.
     */
    private void sort(int parallelPaths) {
        int n = order.length;
        if (n < Math.max(2, parallelPaths) || Runtime.getRuntime().availableProcessors() < 2) {
            sortRanges(new int[] {0, n, 0}, 3);
            return;
        }
        java.util.PriorityQueue<int[]> widest = new java.util.PriorityQueue<>((a, b) -> (b[1] - b[0]) - (a[1] - a[0]));
        widest.add(new int[] {0, n, 0});
        int[] parts = new int[9];
        while (!widest.isEmpty() && widest.peek()[1] - widest.peek()[0] > n / 8 && widest.size() < 1024) {
            int[] r = widest.poll();
            int found = partition(r[0], r[1], r[2], parts, 0);
            for (int k = 0; k < found; k += 3) {
                widest.add(new int[] {parts[k], parts[k + 1], parts[k + 2]});
            }
        }
        // the widest first, each to the thread with less to do
        int[] mine = new int[3 * 64];
        int[] theirs = new int[3 * 64];
        int myTop = 0;
        int theirTop = 0;
        long myPaths = 0;
        long theirPaths = 0;
        for (int[] r; (r = widest.poll()) != null; ) {
            if (myPaths <= theirPaths) {
                mine = pushGrowing(mine, myTop, r);
                myTop += 3;
                myPaths += r[1] - r[0];
            } else {
                theirs = pushGrowing(theirs, theirTop, r);
                theirTop += 3;
                theirPaths += r[1] - r[0];
            }
        }
        int[] todo = theirs;
        int top = theirTop;
        int[] myTodo = mine;
        int myFirst = myTop;
        Beside.run("myflame-sort", () -> sortRanges(todo, top), () -> sortRanges(myTodo, myFirst));
    }

    private static int[] pushGrowing(int[] todo, int top, int[] range) {
        if (top + 3 > todo.length) {
            todo = Arrays.copyOf(todo, todo.length * 2);
        }
        System.arraycopy(range, 0, todo, top, 3);
        return todo;
    }

    /** Sorts the ranges on the stack {@code todo} ({@code top} ints of lo, hi, depth triples) and those they split into. */
    private void sortRanges(int[] todo, int top) {
        while (top > 0) {
            int d = todo[--top];
            int hi = todo[--top];
            int lo = todo[--top];
            if (top + 9 > todo.length) {
                todo = Arrays.copyOf(todo, Math.max(todo.length * 2, top + 9));
            }
            top = partition(lo, hi, d, todo, top);
        }
    }

    /**
     * One step on the range {@code [lo, hi)}, whose paths agree on their first {@code d} frames: a small
     * range sorted by insertion, else partitioned three ways on the frame at depth {@code d}. The parts
     * still to sort (lo, hi, depth triples; parts of one path left out: below, above, then equal) go to
     * {@code todo} from {@code top}, which has room for three; returns the new top.
     */
    private int partition(int lo, int hi, int d, int[] todo, int top) {
        if (hi - lo <= SMALL) {
            insertionSort(lo, hi, d);
            return top;
        }
        int p = pivot(lo, hi, d);
        int lt = lo;
        int gt = hi - 1;
        for (int i = lo; i <= gt; ) {
            int k = key(order[i], d);
            if (k < p) {
                swap(lt++, i++);
            } else if (k > p) {
                swap(i, gt--);
            } else {
                i++;
            }
        }
        top = push(todo, top, lo, lt, d);
        top = push(todo, top, gt + 1, hi, d);
        if (p >= 0) {
            top = push(todo, top, lt, gt + 1, d + 1);
        }
        return top;
    }

    private static int push(int[] todo, int top, int lo, int hi, int d) {
        if (hi - lo > 1) {
            todo[top++] = lo;
            todo[top++] = hi;
            todo[top++] = d;
        }
        return top;
    }

    /** The median of the keys of the first, middle and last path of the range. */
    private int pivot(int lo, int hi, int d) {
        int a = key(order[lo], d);
        int b = key(order[(lo + hi) >>> 1], d);
        int c = key(order[hi - 1], d);
        return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
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

    private void swap(int i, int j) {
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
}
