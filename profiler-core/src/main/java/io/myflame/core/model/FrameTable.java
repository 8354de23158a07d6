package io.myflame.core.model;

import io.myflame.core.hash.SlotIndex;
import java.util.Arrays;
import java.util.Objects;

/**
 * Interns frame names to dense int ids, so stacks can be plain {@code int[]} and every later
 * structure (tries, inclusive counters) can index arrays by frame id instead of hashing strings.
 * Building a {@link Profile} freezes its table: an analysis that needs more names (a comm root, say)
 * works on a {@link #copyOf copy}, so one profile never changes under another analysis.
 */
public final class FrameTable {
    private String[] names;
    private final SlotIndex index;
    private boolean frozen;

    public FrameTable() {
        this(new String[1024], new SlotIndex(2048));
    }

    private FrameTable(String[] names, SlotIndex index) {
        this.names = names;
        this.index = index;
    }

    /**
     * A table with the same ids as {@code t} that takes new names: its arrays copied, not its names
     * interned again (50,000 names cost a 300k-stack flamegraph 20-40 ms that way).
     */
    public static FrameTable copyOf(FrameTable t) {
        return new FrameTable(t.names.clone(), t.index.copy());
    }

    /** Returns the id of {@code name}, assigning the next free id the first time it is seen. */
    public int intern(String name) {
        int h = hash(name);
        int s = slot(name, h);
        int id = index.entry(s);
        if (id >= 0) {
            return id;
        }
        if (frozen) {
            throw new IllegalStateException("the frame table of a built profile takes no new names ('" + name
                    + "'): intern into FrameTable.copyOf(profile.frames())");
        }
        id = index.claim(s, h);
        if (id == names.length) {
            names = Arrays.copyOf(names, id * 2);
        }
        names[id] = name;
        return id;
    }

    /** Returns the id of {@code name}, or -1 when no stack mentions it. */
    public int find(String name) {
        return index.entry(slot(name, hash(name)));
    }

    /** The slot holding {@code name}, or the empty slot where it would go. */
    private int slot(String name, int h) {
        int s = index.first(h);
        for (int id; (id = index.entry(s)) >= 0; s = index.next(s)) {
            if (index.hash(id) == h && names[id].equals(name)) {
                break;
            }
        }
        return s;
    }

    /** String's hash spread to its low bits, which pick the slot (as {@code HashMap} does). */
    private static int hash(String name) {
        int h = name.hashCode();
        return h ^ (h >>> 16);
    }

    public String name(int id) {
        return names[Objects.checkIndex(id, index.size())];
    }

    public int size() {
        return index.size();
    }

    /** No new names from now on (a profile was built on this table). */
    void freeze() {
        frozen = true;
    }
}
