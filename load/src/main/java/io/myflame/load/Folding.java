package io.myflame.load;

import io.myflame.ingest.fold.FoldOptions;
import java.util.List;

/**
 * What {@code myflame collapse}'s flags ask of its folded lines: the root frame (the comm, comm-PID
 * with {@code pid}, comm-PID/TID with {@code tid}), the {@code _[k]}/{@code _[j]} annotations,
 * unresolved frames' addresses, the one event kept (null: the first seen) and the functions whose
 * callers are dropped.
 */
public record Folding(boolean pid, boolean tid, boolean annotateKernel, boolean annotateJit, boolean includeAddrs,
                      String eventFilter, List<String> skipAfter) {
    public Folding {
        skipAfter = skipAfter == null ? List.of() : List.copyOf(skipAfter);
    }

    /** Perf-ingest's options: the stackcollapse-perf spelling of frames, not perf report's. */
    FoldOptions options() {
        FoldOptions.Root root = tid ? FoldOptions.Root.TID : pid ? FoldOptions.Root.PID : FoldOptions.Root.COMM;
        return new FoldOptions(root, annotateKernel, annotateJit, includeAddrs, eventFilter, skipAfter, false);
    }
}
