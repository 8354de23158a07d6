package io.myflame.core.model;

import java.util.Arrays;
import java.util.Objects;

/**
 * The frames of a profile's stacks, root first, in the pages of one int arena: entry {@code i}'s
 * frames are {@code array(i)[start(i) .. start(i) + depth(i))}.
 *
 * <p>Why not an array a stack: a wide profile has 300,000 of them. Each was a small object the
 * young generation copied to the old one while the profile was built (a 79 ms collection, then a
 * full one, in a 1.2 s flamegraph), with a header of its own. Pages grow to 4 MB, which the JVM
 * allocates in the old generation at once, and a {@link StackMap}'s pages become a profile's as they
 * are: nothing is copied when a profile is built.
 */
public final class StackArena {
    /** The largest page a {@link Builder} or a {@link StackMap} starts: 4 MB. */
    static final int LARGEST_PAGE = 1 << 20;
    /** The first page of a {@link Builder} or a {@link StackMap}: 16 kB, so small profiles stay small. */
    static final int FIRST_PAGE = 1 << 12;

    private final int[][] pages;
    private final int[] page;
    private final int[] start;
    private final int[] depth;
    private final int size;

    /** Entries {@code 0 .. size)}: page index, start and depth of each (the arrays may be longer). */
    StackArena(int[][] pages, int[] page, int[] start, int[] depth, int size) {
        this.pages = pages;
        this.page = page;
        this.start = start;
        this.depth = depth;
        this.size = size;
    }

    /** Stacks given an array each (small profiles, tests), copied into one arena. */
    public static StackArena of(int[][] stacks) {
        Builder b = new Builder(stacks.length);
        for (int[] s : stacks) {
            b.add(s, 0, s.length);
        }
        return b.build();
    }

    /** How many stacks. */
    public int size() {
        return size;
    }

    /** How many frames stack {@code i} has. */
    public int depth(int i) {
        return depth[Objects.checkIndex(i, size)];
    }

    /**
     * The array holding stack {@code i}'s frames, from {@link #start}: for loops over many stacks, which
     * read the frames where they are. Callers must not modify it.
     */
    public int[] array(int i) {
        return pages[page[Objects.checkIndex(i, size)]];
    }

    /** Where stack {@code i}'s frames start in {@link #array}. */
    public int start(int i) {
        return start[Objects.checkIndex(i, size)];
    }

    /** Frame {@code j} (0 = root) of stack {@code i}. */
    public int frame(int i, int j) {
        return pages[page[i]][start[i] + Objects.checkIndex(j, depth(i))];
    }

    /** The number of the page holding stack {@code i}, among {@link #pages}. */
    int pageOf(int i) {
        return page[Objects.checkIndex(i, size)];
    }

    /** The pages, for a {@link StackMap} adopting them. */
    int[][] pages() {
        return pages;
    }

    /** A copy of stack {@code i}'s frames, root first. */
    public int[] copy(int i) {
        int from = start(i);
        return Arrays.copyOfRange(pages[page[i]], from, from + depth[i]);
    }

    /**
     * Stack {@code i}'s frames copied to the start of {@code into}, or of a new array twice as large when
     * they do not fit; returns the array that holds them, for the next call to reuse.
     */
    public int[] copy(int i, int[] into) {
        int d = depth(i);
        int[] to = into.length >= d ? into : new int[Math.max(d, into.length * 2)];
        System.arraycopy(pages[page[i]], start[i], to, 0, d);
        return to;
    }

    /** The stacks {@code kept[0 .. n)} of this arena, in that order, on the same pages. */
    public StackArena select(int[] kept, int n) {
        int[] p = new int[n];
        int[] s = new int[n];
        int[] d = new int[n];
        for (int k = 0; k < n; k++) {
            int i = Objects.checkIndex(kept[k], size);
            p[k] = page[i];
            s[k] = start[i];
            d[k] = depth[i];
        }
        return new StackArena(pages, p, s, d, n);
    }

    /** A copy on pages of its own, which its owner may change (rename frames in) without changing this one. */
    public StackArena copy() {
        int[][] own = new int[pages.length][];
        for (int p = 0; p < pages.length; p++) {
            own[p] = pages[p] == null ? null : pages[p].clone();
        }
        return new StackArena(own, page, start, depth, size);
    }

    /**
     * Builds an arena stack by stack, copying each into pages that double up to 4 MB; one made
     * {@link #over} another arena can also take that arena's stacks as they are.
     */
    public static final class Builder {
        private int[][] pages;
        private int pageCount;
        private int used;
        private int[] page;
        private int[] start;
        private int[] depth;
        private int size;

        /** A builder expecting about {@code entries} stacks. */
        public Builder(int entries) {
            this(new int[0][], Math.max(1, entries));
        }

        private Builder(int[][] shared, int entries) {
            pages = Arrays.copyOf(shared, shared.length + 4);
            pageCount = shared.length;
            page = new int[entries];
            start = new int[entries];
            depth = new int[entries];
            pages[pageCount++] = new int[FIRST_PAGE];
        }

        /** A builder whose stacks may be {@code base}'s own ({@link #share}), expecting {@code entries} stacks. */
        public static Builder over(StackArena base, int entries) {
            Builder b = new Builder(base.pages, Math.max(1, entries));
            b.base = base;
            return b;
        }

        private StackArena base;

        /** Adds {@code base}'s stack {@code i} as it is, without copying its frames; returns the new stack's index. */
        public int share(int i) {
            Objects.requireNonNull(base, "a builder over no arena shares no stack");
            int e = next();
            page[e] = base.page[Objects.checkIndex(i, base.size)];
            start[e] = base.start[i];
            depth[e] = base.depth[i];
            return e;
        }

        /** Adds a copy of {@code frames[from .. from + len)}; returns the new stack's index. */
        public int add(int[] frames, int from, int len) {
            int e = room(len);
            System.arraycopy(frames, from, pages[pageCount - 1], used, len);
            used += len;
            return e;
        }

        /** Adds {@code root} followed by a copy of {@code frames[from .. from + len)}; returns the new stack's index. */
        public int addUnder(int root, int[] frames, int from, int len) {
            int e = room(len + 1);
            int[] p = pages[pageCount - 1];
            p[used] = root;
            System.arraycopy(frames, from, p, used + 1, len);
            used += len + 1;
            return e;
        }

        /** A new stack of {@code len} frames at the end of the current page (a new one when they do not fit). */
        private int room(int len) {
            int[] current = pages[pageCount - 1];
            if (used + len > current.length) {
                if (pageCount == pages.length) {
                    pages = Arrays.copyOf(pages, pages.length * 2);
                }
                pages[pageCount++] = new int[Math.max(Math.min(current.length * 2, LARGEST_PAGE), len)];
                used = 0;
            }
            int e = next();
            page[e] = pageCount - 1;
            start[e] = used;
            depth[e] = len;
            return e;
        }

        private int next() {
            if (size == page.length) {
                int cap = size * 2;
                page = Arrays.copyOf(page, cap);
                start = Arrays.copyOf(start, cap);
                depth = Arrays.copyOf(depth, cap);
            }
            return size++;
        }

        public StackArena build() {
            return new StackArena(Arrays.copyOf(pages, pageCount), page, start, depth, size);
        }
    }
}
