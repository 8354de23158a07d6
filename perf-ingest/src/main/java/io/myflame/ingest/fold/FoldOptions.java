package io.myflame.ingest.fold;

import java.util.List;

/**
 * How samples of {@code perf script} text become folded stacks: what the root frame says, which
 * annotations frames get, which event is kept. Defaults match {@code inferno-collapse-perf}.
 *
 * @param root                   what the root frame names: the comm, comm-PID or comm-PID/TID
 * @param annotateKernel         append {@code _[k]} to kernel frames
 * @param annotateJit            append {@code _[j]} to JIT frames ({@code /tmp/perf-PID.map}, {@code /tmp/jitted-*.so})
 * @param includeAddrs           keep the address of unresolved frames: {@code [dso <addr>]}
 * @param eventFilter            the only event kept ({@code cpu-clock} also matches {@code cpu-clock:ppp});
 *                               null keeps the first event seen
 * @param skipAfter              functions whose callers are dropped, the comm root included (empty keeps all)
 * @param perfReportNames        name frames as {@code perf report} does, not as the peers' collapse: keep
 *                               {@code (anonymous namespace)::f} frames (the peers drop every frame starting
 *                               with {@code (}), and call an unresolved frame of a bracketed dso by that
 *                               dso's name ({@code [kernel.kallsyms]}, {@code [vdso]}) where the peers
 *                               bracket it again ({@code [[kernel.kallsyms]]})
 * @param process                the only process whose samples are kept, by the pid each sample
 *                               carries (as {@code perf report --pid} / {@code perf script --pid}); -1
 *                               keeps every process. A system-wide capture is read with its server's.
 */
public record FoldOptions(Root root, boolean annotateKernel, boolean annotateJit, boolean includeAddrs,
                          String eventFilter, List<String> skipAfter, boolean perfReportNames, long process) {

    /** The root frame's content. */
    public enum Root { COMM, PID, TID }

    /** What {@code myflame collapse} does with no flags. */
    public static final FoldOptions COLLAPSE = new FoldOptions(Root.COMM, false, false, false, null, List.of(), false);

    /** What analysis wants: the thread in the root so --comm/--tid can filter, every function perf report lists. */
    public static final FoldOptions ANALYSIS = new FoldOptions(Root.TID, false, false, false, null, List.of(), true);

    public FoldOptions {
        skipAfter = skipAfter == null ? List.of() : List.copyOf(skipAfter);
    }

    /** Every process's samples. */
    public FoldOptions(Root root, boolean annotateKernel, boolean annotateJit, boolean includeAddrs, String eventFilter,
                       List<String> skipAfter, boolean perfReportNames) {
        this(root, annotateKernel, annotateJit, includeAddrs, eventFilter, skipAfter, perfReportNames, -1);
    }

    /** These options keeping the samples of process {@code pid} alone. */
    public FoldOptions withProcess(long pid) {
        return new FoldOptions(root, annotateKernel, annotateJit, includeAddrs, eventFilter, skipAfter, perfReportNames, pid);
    }

    public FoldOptions withEventFilter(String e) {
        return new FoldOptions(root, annotateKernel, annotateJit, includeAddrs, e, skipAfter, perfReportNames, process);
    }
}
