package io.myflame.ingest.perf;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.StackMap;
import io.myflame.ingest.InputException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Folds samples that were not read as {@code perf script} text (the native perf.data reader)
 * into the same {@link FoldedStacks} the text path makes: a frame is named from the parts of
 * the line perf script would print for it ({@code ADDR SYMBOL+OFF (DSO)}) by the same
 * {@link FrameDecoder}, and a root from the header perf script would print, by the same
 * {@link SampleHeader}. Called once per distinct frame or thread, not per sample.
 */
public final class FrameNames {
    private final FoldOptions options;
    private final FrameDecoder decoder;
    private final FrameTable names = new FrameTable();
    private final StackMap stacks = new StackMap();
    private final int skipAfterId;

    public FrameNames(FoldOptions options) {
        this.options = options;
        this.decoder = new FrameDecoder(options);
        this.skipAfterId = options.skipAfter() == null ? -1 : names.intern(options.skipAfter());
    }

    public FoldOptions options() {
        return options;
    }

    /**
     * The frames of one callchain line, root-most first (usually one; none for a line the
     * folding tools skip). {@code pc} is the address as perf prints it (hex, no 0x).
     */
    public int[] frames(String pc, String symbol, String dso, boolean javaProcess) {
        // Split as ChunkParser.decodeLine splits "  ADDR SYMBOL+OFF (DSO)": the dso is after the last space.
        String line = pc + " " + symbol + " (" + dso + ")";
        int pcEnd = line.indexOf(' ');
        int lastSpace = line.lastIndexOf(' ');
        if (lastSpace <= pcEnd || line.length() - lastSpace < 3) {
            return new int[0];
        }
        String module = line.substring(lastSpace + 2, line.length() - 1);
        String rawfunc = line.substring(pcEnd + 1, lastSpace).strip();
        List<String> decoded = decoder.decode(pc, rawfunc.isEmpty() ? " " : rawfunc, module, javaProcess);
        int[] ids = new int[decoded.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = names.intern(decoded.get(i));
        }
        return ids;
    }

    /** The root frame of a thread's samples, from the header line perf script prints: "COMM TID TIME: ...". */
    public int root(String comm, int tid) {
        byte[] line = (comm + " " + tid + " 0.000000: 1 x:").getBytes(StandardCharsets.ISO_8859_1);
        SampleHeader h = new SampleHeader();
        if (!h.parse(line, 0, line.length)) {
            return names.intern(comm.replace(' ', '_'));
        }
        StringBuilder label = new StringBuilder();
        for (int i = h.commStart; i < h.commEnd; i++) {
            label.append(line[i] == ' ' ? '_' : (char) (line[i] & 0xff));
        }
        if (options.root() != FoldOptions.Root.COMM) {
            label.append('-');
            if (h.pidEnd < 0) {
                label.append('?');
            } else {
                label.append(new String(line, h.pidStart, h.pidEnd - h.pidStart, StandardCharsets.ISO_8859_1));
            }
            if (options.root() == FoldOptions.Root.TID) {
                label.append('/').append(new String(line, h.tidStart, h.tidEnd - h.tidStart, StandardCharsets.ISO_8859_1));
            }
        }
        return names.intern(label.toString());
    }

    /** Adds a sample's stack (root-most first), dropping the callers of --skip-after's function as the text path does. */
    public void add(int root, int[] frames, int len, long weight, long count) {
        int from = 0;
        if (skipAfterId >= 0) {
            for (int i = len - 1; i >= 0; i--) {
                if (frames[i] == skipAfterId) {
                    from = i;
                    break;
                }
            }
        }
        if (from > 0) {
            System.arraycopy(frames, from, frames, 0, len - from);
        }
        stacks.add(root, frames, len - from, weight, count);
    }

    /** The folded stacks; an input without any sample of the kept event is an error, as in the text path. */
    public FoldedStacks finish(String source, String event, List<String> warnings) throws InputException {
        if (stacks.size() == 0) {
            throw new InputException("no samples in " + source);
        }
        return new FoldedStacks(names, stacks, event, new ArrayList<>(warnings));
    }
}
