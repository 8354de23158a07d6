package io.myflame.core.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Interns frame names to dense int ids, so stacks can be plain {@code int[]} and every later
 * structure (tries, inclusive counters) can index arrays by frame id instead of hashing strings.
 */
public final class FrameTable {
    private final Map<String, Integer> ids = new HashMap<>();
    private final List<String> names = new ArrayList<>();

    /** Returns the id of {@code name}, assigning the next free id the first time it is seen. */
    public int intern(String name) {
        Integer id = ids.get(name);
        if (id != null) {
            return id;
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
}
