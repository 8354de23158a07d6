package io.myflame.ingest.perf;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.core.model.StackMap;
import io.myflame.core.model.SampledThread;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Stacks folded from an input: each distinct (root label, frames) with its summed weight and
 * sample count, the frame names, the event kept and the warnings to show once.
 */
public final class FoldedStacks {
    private final FrameTable names;
    private final StackMap stacks;
    private final String event;
    private final List<String> warnings;

    FoldedStacks(FrameTable names, StackMap stacks, String event, List<String> warnings) {
        this.names = names;
        this.stacks = stacks;
        this.event = event == null || event.isEmpty() ? null : event;
        this.warnings = List.copyOf(warnings);
    }

    public String event() {
        return event;
    }

    public List<String> warnings() {
        return warnings;
    }

    public int distinctStacks() {
        return stacks.size();
    }

    /**
     * Writes folded lines {@code root;caller;...;leaf weight}, sorted by byte order of the stack,
     * as stackcollapse-perf.pl prints them.
     */
    public void writeFolded(OutputStream out) throws IOException {
        List<String> keys = new ArrayList<>(stacks.size());
        List<Long> weights = new ArrayList<>(stacks.size());
        StringBuilder sb = new StringBuilder();
        stacks.forEach((i, root, frames, weight, count) -> {
            sb.setLength(0);
            String rootName = names.name(root);
            // A stack cut by --skip-after has no comm frame.
            boolean noRoot = rootName.equals(ChunkParser.NO_ROOT);
            if (!noRoot) {
                sb.append(rootName);
            }
            for (int j = 0; j < frames.length; j++) {
                if (j > 0 || !noRoot) {
                    sb.append(';');
                }
                sb.append(names.name(frames[j]));
            }
            keys.add(sb.toString());
            weights.add(weight);
        });
        Integer[] order = new Integer[keys.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        // Names are ISO-8859-1 decoded bytes, so String order is byte order.
        Arrays.sort(order, (a, b) -> keys.get(a).compareTo(keys.get(b)));
        byte[] nl = {'\n'};
        for (int i : order) {
            out.write(keys.get(i).getBytes(StandardCharsets.ISO_8859_1));
            out.write(' ');
            out.write(Long.toString(weights.get(i)).getBytes(StandardCharsets.ISO_8859_1));
            out.write(nl);
        }
    }

    /** Which counts of a stack a profile takes: perf's (period, samples), or one column of a differential file. */
    public enum Counts {
        /** Weight and sample count as read. */
        AS_READ,
        /** The first count of a differential line (the base), as weight and samples. */
        BASE,
        /** The second count of a differential line (the new one), as weight and samples. */
        NEW
    }

    /** The stacks as a profile; root labels written with {@link FoldOptions.Root#TID} become threads. */
    public Profile toProfile(ProfileInfo info) {
        return toProfile(info, SampledThread::fromRootLabel, Counts.AS_READ);
    }

    /** The stacks as a profile, root labels read by {@code threadOf}, with the chosen counts. */
    public Profile toProfile(ProfileInfo info, java.util.function.Function<String, SampledThread> threadOf, Counts counts) {
        FrameTable frames = new FrameTable();
        int[] remap = new int[names.size()];
        Arrays.fill(remap, -1);
        Profile.Builder b = Profile.builder(frames).info(info.event() == null ? info.withEvent(event) : info);
        int[] threadIdx = new int[names.size()];
        Arrays.fill(threadIdx, -1);
        int[] buf = new int[64];
        stacks.forEach((i, root, stack, weight, count) -> {
            long w = counts == Counts.NEW ? count : weight;
            if (w == 0 && counts != Counts.AS_READ) {
                // A stack only the other side of a differential file has: not part of this profile.
                return;
            }
            if (threadIdx[root] < 0) {
                threadIdx[root] = b.thread(threadOf.apply(names.name(root)));
            }
            int[] key = stack.length <= buf.length ? buf : new int[stack.length];
            for (int j = 0; j < stack.length; j++) {
                int f = stack[j];
                if (remap[f] < 0) {
                    remap[f] = frames.intern(names.name(f));
                }
                key[j] = remap[f];
            }
            b.add(threadIdx[root], key, stack.length, w, counts == Counts.AS_READ ? count : w);
        });
        return b.build();
    }
}
