package io.myflame.ingest.perf;

import io.myflame.core.model.StackMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One worker's parser of text blocks that {@link BlockReader} cut at unit boundaries: it folds
 * what it reads into its own {@link StackMap} over its own frame ids, merged at the end.
 */
abstract class BlockParser {
    final List<String> names = new ArrayList<>();
    final StackMap stacks = new StackMap();
    final Problems problems = new Problems();
    boolean otherEventSeen;
    private final Map<String, Integer> nameIds = new HashMap<>();

    /**
     * Parses {@code b[from, to)}, which begins at a unit boundary; {@code last} says it is the end
     * of the input. Returns the number of lines read, so chunk-relative line numbers can become
     * file lines.
     */
    abstract int parse(byte[] b, int from, int to, int chunk, boolean last);

    final int intern(String name) {
        Integer id = nameIds.get(name);
        if (id == null) {
            id = names.size();
            names.add(name);
            nameIds.put(name, id);
        }
        return id;
    }
}
