package io.myflame.core.model;

import io.myflame.core.hash.SlotIndex;
import java.util.Arrays;
import java.util.Objects;

/**
 * Sums weights and sample counts of identical (thread, stack) keys. The frames of each key live in pages of an int
 * arena, found through a {@link SlotIndex}, so adding a stack that was seen before allocates nothing: the key is
 * hashed and compared in place.
 *
 * <p>The arena grows by adding pages, never by copying: a doubled array costs the old and the new one at once and
 * leaves the old one, tens of megabytes for a wide profile, for the old generation to hold until its next full
 * collection. And whoever moves the keys elsewhere for good can {@link #drain} them, page by page, so the keys and
 * their new home are never both whole in memory.
 */
public final class StackMap {
    /**
     * The pages of the arena they become a profile's: at most 4 MB, large enough that a page's end wastes
     * little, small enough to be freed soon when drained.
     */
    private static final int FIRST_PAGE = StackArena.FIRST_PAGE;
    private static final int LARGEST_PAGE = StackArena.LARGEST_PAGE;

    /** One entry per distinct key: where its frames are (page, offset), their count, thread. */
    private int[] page = new int[1024];
    private int[] offset = new int[1024];
    private int[] length = new int[1024];
    private int[] thread = new int[1024];
    private long[] weight = new long[1024];
    private long[] count = new long[1024];

    private int[][] pages = {new int[FIRST_PAGE]};
    /** How many of {@code pages} are in use: the current page and pages adopted from another map. */
    private int pageCount = 1;
    private int current;
    private int pageUsed;
    private boolean drained;
    /** Entries: those the index numbers, then any adopted unindexed. */
    private int size;
    /** Entries were adopted that the index does not find ({@link #adopt}): the map takes no more stacks. */
    private boolean unindexed;

    private final SlotIndex index = new SlotIndex(2048);

    public int size() {
        return size;
    }

    public void add(int threadId, int[] frames, int len, long w, long samples) {
        if (drained || unindexed) {
            throw new IllegalStateException(drained ? "stacks already drained" : "stacks adopted unindexed");
        }
        int h = hash(threadId, frames, 0, len);
        int s = index.first(h);
        for (int e; (e = index.entry(s)) >= 0; s = index.next(s)) {
            if (index.hash(e) == h && thread[e] == threadId && length[e] == len
                    && Arrays.equals(pages[page[e]], offset[e], offset[e] + len, frames, 0, len)) {
                weight[e] = WeightOverflow.add(weight[e], w);
                count[e] = WeightOverflow.add(count[e], samples);
                return;
            }
        }
        // stored here, not in a second call C1 would not inline: inputs of mostly distinct stacks store
        // as often as they find
        int e = index.claim(s, h);
        size++;
        if (e == offset.length) {
            growEntries();
        }
        if (pageUsed + len > pages[current].length) {
            nextPage(len);
        }
        System.arraycopy(frames, 0, pages[current], pageUsed, len);
        page[e] = current;
        offset[e] = pageUsed;
        length[e] = len;
        thread[e] = threadId;
        weight[e] = w;
        count[e] = samples;
        pageUsed += len;
    }

    private void growEntries() {
        reserve(offset.length * 2);
    }

    /**
     * Makes room for {@code entries} keys in all, so that a merge that knows how many it may add grows the entry
     * arrays once, to what it needs, and not to the next power of two.
     */
    public void reserve(int entries) {
        int cap = Math.max(entries, offset.length);
        if (cap == offset.length) {
            return;
        }
        page = Arrays.copyOf(page, cap);
        offset = Arrays.copyOf(offset, cap);
        length = Arrays.copyOf(length, cap);
        thread = Arrays.copyOf(thread, cap);
        weight = Arrays.copyOf(weight, cap);
        count = Arrays.copyOf(count, cap);
    }

    /** Starts a page that holds at least {@code len} frames: pages double up to 4 MB, so small maps stay small. */
    private void nextPage(int len) {
        int frames = Math.max(Math.min(pages[current].length * 2, LARGEST_PAGE), len);
        current = newPage();
        pages[current] = new int[frames];
        pageUsed = 0;
    }

    private int newPage() {
        if (pageCount == pages.length) {
            pages = Arrays.copyOf(pages, pages.length * 2);
        }
        return pageCount++;
    }

    /** The hash of a key, as {@link #find} and {@link #adopt} take it. */
    public static int hash(int threadId, int[] frames, int from, int len) {
        int h = threadId * 0x9E3779B9;
        for (int i = from, end = from + len; i < end; i++) {
            h = (h ^ frames[i]) * 0x01000193;
        }
        return h ^ (h >>> 16);
    }

    /**
     * The entry of thread {@code threadId} and frames {@code frames[from .. from + len)}, whose {@link #hash} is
     * {@code h}, or -1. It only reads, so threads may look up at once while none adds.
     */
    public int find(int threadId, int[] frames, int from, int len, int h) {
        if (drained || unindexed) {
            throw new IllegalStateException(drained ? "stacks already drained" : "stacks adopted unindexed");
        }
        for (int s = index.first(h), e; (e = index.entry(s)) >= 0; s = index.next(s)) {
            if (index.hash(e) == h && thread[e] == threadId && length[e] == len
                    && Arrays.equals(pages[page[e]], offset[e], offset[e] + len, frames, from, from + len)) {
                return e;
            }
        }
        return -1;
    }

    /** Adds a weight and a sample count to entry {@code e}. */
    public void sum(int e, long w, long samples) {
        weight[Objects.checkIndex(e, size())] = WeightOverflow.add(weight[e], w);
        count[e] = WeightOverflow.add(count[e], samples);
    }

    /**
     * Makes {@code arena}'s pages this map's too, for {@link #adopt}: an arena taken from another map, whose frames
     * were renamed to this map's names. Returns the number this map gives the arena's first page.
     */
    public int adoptPages(StackArena arena) {
        int first = pageCount;
        for (int[] p : arena.pages()) {
            int at = newPage();
            pages[at] = p;
        }
        // a stack added later goes to a page of its own, after the adopted ones, as drain expects
        pageUsed = pages[current].length;
        return first;
    }

    /**
     * Adds stack {@code i} of {@code arena}, whose pages were adopted from page {@code firstPage} on, as a new entry
     * of thread {@code threadId} whose frames stay where they are. The caller knows the key is absent ({@link #find}),
     * and gives its hash. An entry adopted as not {@code findable} is left out of the index: the last stacks of a
     * merge, which no later one is compared with. The map then takes no more stacks and finds none.
     */
    public void adopt(int firstPage, StackArena arena, int i, int threadId, long w, long samples, int h,
                      boolean findable) {
        if (drained) {
            throw new IllegalStateException("stacks already drained");
        }
        int e = size++;
        if (findable) {
            if (unindexed) {
                throw new IllegalStateException("stacks adopted unindexed");
            }
            index.add(h);
        } else {
            unindexed = true;
        }
        if (e == offset.length) {
            growEntries();
        }
        page[e] = firstPage + arena.pageOf(i);
        offset[e] = arena.start(i);
        length[e] = arena.depth(i);
        thread[e] = threadId;
        weight[e] = w;
        count[e] = samples;
    }

    /** Visits entries in insertion order. */
    public void forEach(Visitor v) {
        forEachInPlace((e, t, arena, from, len, w, c) -> v.visit(e, t, Arrays.copyOfRange(arena, from, from + len), w, c));
    }

    /**
     * Visits entries in insertion order without copying their frames: entry {@code index}'s are
     * {@code arena[from, from + len)}, to read during the call only.
     */
    public void forEachInPlace(InPlaceVisitor v) {
        if (drained) {
            throw new IllegalStateException("stacks already drained");
        }
        for (int e = 0; e < size; e++) {
            v.visit(e, thread[e], pages[page[e]], offset[e], length[e], weight[e], count[e]);
        }
    }

    /**
     * Visits entries as {@link #forEachInPlace} does and lets go of each page once its entries are visited; the
     * map cannot be used afterwards. Entries fill pages in insertion order, so a page's last entry is followed by
     * the next page's first.
     */
    public void drain(InPlaceVisitor v) {
        forEachInPlace((e, t, arena, from, len, w, c) -> {
            if (e > 0 && page[e - 1] != page[e]) {
                pages[page[e - 1]] = null;
            }
            v.visit(e, t, arena, from, len, w, c);
        });
        drained = true;
        pages = null;
    }

    /**
     * The map's entries in insertion order, handed over as they are: its pages become the arena's, uncopied. The map
     * cannot be used afterwards. An arena's owner may rename frames in place: no two entries share a frame.
     */
    public Entries take() {
        Entries taken = entries();
        drained = true;
        pages = null;
        return taken;
    }

    /**
     * The map's entries in insertion order, where they are: a view to read at once, before the map takes
     * another stack, and not to change (a {@link StackArena#copy} may be).
     */
    public Entries entries() {
        if (drained) {
            throw new IllegalStateException("stacks already drained");
        }
        int n = size();
        return new Entries(new StackArena(Arrays.copyOf(pages, pageCount), page, offset, length, n),
                trimmed(thread, n), trimmed(weight, n), trimmed(count, n));
    }

    private static int[] trimmed(int[] a, int n) {
        return a.length == n ? a : Arrays.copyOf(a, n);
    }

    private static long[] trimmed(long[] a, int n) {
        return a.length == n ? a : Arrays.copyOf(a, n);
    }

    /** Every entry's frames, thread, summed weight and sample count, by entry index. */
    public record Entries(StackArena frames, int[] thread, long[] weight, long[] count) {
    }

    public interface Visitor {
        void visit(int index, int thread, int[] frames, long weight, long count);
    }

    public interface InPlaceVisitor {
        void visit(int index, int thread, int[] arena, int from, int len, long weight, long count);
    }
}
