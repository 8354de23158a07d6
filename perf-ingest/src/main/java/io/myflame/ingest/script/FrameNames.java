package io.myflame.ingest.script;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.StackMap;
import io.myflame.ingest.error.InputException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;

/**
 * Folds samples that were not read as {@code perf script} text (the native perf.data reader)
 * into the same {@link FoldedStacks} the text path makes: a frame is named from the line perf
 * script would print for it ({@code ADDR SYMBOL+OFF (DSO)}) and a root from the header line it
 * would print, both by the text path's own {@link ChunkParser}, so every folding rule (tidying,
 * annotations, --skip-after) is applied once, in one place. Called once per distinct frame or
 * thread, not per sample.
 */
public final class FrameNames {
    private final ChunkParser parser;
    private final StackMap stacks = new StackMap();
    private int[] key = new int[256];

    public FrameNames(FoldOptions options) {
        this.parser = new ChunkParser(options, null);
    }

    /**
     * The frames of one callchain line, root-most first (usually one; none for a line the
     * folding tools skip; a leading negative id when --skip-after cuts the stack here).
     * {@code pc} is the address as perf prints it (hex, no 0x).
     */
    public int[] frames(String pc, String symbol, String dso, boolean javaProcess) {
        byte[] line = (pc + " " + symbol + " (" + dso + ")").getBytes(StandardCharsets.ISO_8859_1);
        int[] ids = parser.lineFrames(line, javaProcess);
        int n = ids.length;
        if (n > 0 && ChunkParser.skipMark(ids[n - 1])) {
            // The mark goes first: in root-first order the stack restarts at this line's own frames.
            int[] moved = new int[n];
            moved[0] = ids[n - 1];
            System.arraycopy(ids, 0, moved, 1, n - 1);
            return moved;
        }
        return ids;
    }

    /** The root frame of a thread's samples, from the header line perf script prints: "COMM TID TIME: ...". */
    public int root(String comm, int tid) {
        byte[] line = (comm + " " + tid + " 0.000000: 1 x:").getBytes(StandardCharsets.ISO_8859_1);
        int id = parser.headerRoot(line);
        return id >= 0 ? id : parser.headerRoot((":" + tid + " " + tid + " 0.000000: 1 x:").getBytes(StandardCharsets.ISO_8859_1));
    }

    /**
     * Adds a sample: its lines' frames concatenated leaf line last ({@code frames[0, len)}, as
     * {@link #frames} returned them). As in the text path, a sample without frames is not
     * counted, and one cut by --skip-after starts at that function, without its root.
     */
    public void add(int root, int[] frames, int len, long weight, long count) {
        if (key.length < len) {
            key = new int[len * 2];
        }
        int n = 0;
        for (int i = 0; i < len; i++) {
            if (ChunkParser.skipMark(frames[i])) {
                // Root first, the last mark is the one nearest the leaf, where the text path stops.
                n = 0;
                root = parser.noRoot();
                continue;
            }
            key[n++] = frames[i];
        }
        if (n == 0) {
            return;
        }
        stacks.add(root, key, n, weight, count);
    }

    /** The folded stacks; an input without any sample of the kept event is an error, as in the text path. */
    public FoldedStacks finish(String source, String event, List<String> warnings) throws InputException {
        if (stacks.size() == 0) {
            throw new InputException("no samples in " + source);
        }
        return new FoldedStacks(FrameTable.copyOf(parser.names), stacks, event, new ArrayList<>(warnings));
    }
}
