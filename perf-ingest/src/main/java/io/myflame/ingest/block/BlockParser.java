package io.myflame.ingest.block;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.StackMap;

/**
 * One worker's parser of text blocks that {@link BlockReader} cut at unit boundaries: it folds
 * what it reads into its own {@link StackMap} over its own frame ids, merged at the end.
 */
public abstract class BlockParser {
    /** This worker's frame ids. */
    public final FrameTable names = new FrameTable();
    public final StackMap stacks = new StackMap();
    public final Problems problems = new Problems();
    public boolean otherEventSeen;

    /**
     * Parses {@code b[from, to)}, which begins at a unit boundary; {@code last} says it is the end
     * of the input. Returns the number of lines read, so chunk-relative line numbers can become
     * file lines.
     */
    public abstract int parse(byte[] b, int from, int to, int chunk, boolean last);

    protected final int intern(String name) {
        return names.intern(name);
    }
}
