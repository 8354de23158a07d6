package io.myflame.core.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Interns frame names to dense int ids, so stacks can be plain {@code int[]} and every later
 * structure (tries, inclusive counters) can index arrays by frame id instead of hashing strings.
 * Building a {@link Profile} freezes its table: an analysis that needs more names (a comm root, say)
 * works on a {@link #copyOf copy}, so one profile never changes under another analysis.
 */
public final class FrameTable {
    private final Map<String, Integer> ids;
    private final List<String> names;
    private boolean frozen;

    public FrameTable() {
        this(new HashMap<>(), new ArrayList<>());
    }

    private FrameTable(Map<String, Integer> ids, List<String> names) {
        this.ids = ids;
        this.names = names;
    }

    /** A table with the same ids as {@code t} that takes new names. */
    public static FrameTable copyOf(FrameTable t) {
        return new FrameTable(new HashMap<>(t.ids), new ArrayList<>(t.names));
    }

    /** Returns the id of {@code name}, assigning the next free id the first time it is seen. */
    public int intern(String name) {
        Integer id = ids.get(name);
        if (id != null) {
            return id;
        }
        if (frozen) {
            throw new IllegalStateException("the frame table of a built profile takes no new names ('" + name
                    + "'): intern into FrameTable.copyOf(profile.frames())");
        }
        int next = names.size();
        names.add(name);
        ids.put(name, next);
        return next;
    }

    /** Returns the id of {@code name}, or -1 when no stack mentions it. */
    public int find(String name) {
        Integer id = ids.get(name);
        return id == null ? -1 : id;
    }

    public String name(int id) {
        return names.get(id);
    }

    public int size() {
        return names.size();
    }

    /** No new names from now on (a profile was built on this table). */
    void freeze() {
        frozen = true;
    }
}
