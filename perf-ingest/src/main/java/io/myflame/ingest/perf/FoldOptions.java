package io.myflame.ingest.perf;

/**
 * How samples of {@code perf script} text become folded stacks: what the root frame says, which
 * annotations frames get, which event is kept. Defaults match {@code stackcollapse-perf.pl}.
 *
 * @param root           what the root frame names: the comm, comm-PID or comm-PID/TID
 * @param annotateKernel append {@code _[k]} to kernel frames
 * @param annotateJit    append {@code _[j]} to frames from {@code /tmp/perf-PID.map}
 * @param includeAddrs   keep the address of unresolved frames: {@code [dso <addr>]}
 * @param eventFilter    the only event kept; null keeps the first event seen
 * @param skipAfter      drop the callers of this function (the frames above it); null keeps all
 */
public record FoldOptions(Root root, boolean annotateKernel, boolean annotateJit, boolean includeAddrs,
                          String eventFilter, String skipAfter) {

    /** The root frame's content. */
    public enum Root { COMM, PID, TID }

    /** What {@code myflame collapse} does with no flags. */
    public static final FoldOptions COLLAPSE = new FoldOptions(Root.COMM, false, false, false, null, null);

    /** What analysis wants: the thread in the root so --comm/--tid can filter. */
    public static final FoldOptions ANALYSIS = new FoldOptions(Root.TID, false, false, false, null, null);

    public FoldOptions withEventFilter(String e) {
        return new FoldOptions(root, annotateKernel, annotateJit, includeAddrs, e, skipAfter);
    }
}
