package io.myflame.core.analysis;

import io.myflame.core.model.CallGraph;
import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.StackArena;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Finds the stacks of a profile that perf cut short: those whose outermost frame (after the
 * thread) is not a thread's entry point ({@link StackRoots}), and why each was cut: a frame-pointer
 * chain broken in a function built without frame pointers, a dwarf stack dump that ran out, the
 * depth of the CPU's branch records, no call graph at all, or a stack holding only kernel frames.
 * The callers of a cut stack are missing, so every function above the cut loses those samples from
 * its inclusive share. One classifier for every command: {@link #measure} for the share and its
 * causes, {@link #mark} for flamegraphs, {@link #cutUnknown} for the unresolved-symbols checks.
 */
public final class TruncatedStacks {
    /** The frame flamegraphs draw truncated stacks under, first after the thread. */
    public static final String MARK = "[truncated]";

    private static final StackRoots.Kind[] KINDS = StackRoots.Kind.values();
    private static final Truncation.Cause[] CAUSES = Truncation.Cause.values();

    private final Profile profile;
    private final CallGraph mode;
    private final byte[] kinds;
    /** Per entry, once classified: 1 whole, 2 + the cause's ordinal when cut; 0 not yet. */
    private byte[] causes;

    private TruncatedStacks(Profile profile) {
        this.profile = profile;
        this.mode = profile.info().callGraph();
        this.kinds = new byte[profile.frames().size()];
    }

    /** The classifier of {@code profile}'s stacks, for the call-graph mode its info names. */
    public static TruncatedStacks of(Profile profile) {
        return new TruncatedStacks(profile);
    }

    /** Whether the profile's stacks are classified at all: JFR's Java stacks are the JVM's, not perf's. */
    public boolean applies() {
        return mode != CallGraph.JAVA;
    }

    /**
     * Why entry {@code i}'s stack is cut short, or null when it reaches its thread's entry point. Each
     * entry is classified once: {@link #measure} and {@link #mark} of one classifier both ask.
     */
    public Truncation.Cause cause(int i) {
        if (causes == null) {
            causes = new byte[profile.size()];
        }
        int known = causes[i];
        if (known == 0) {
            Truncation.Cause c = classify(i);
            causes[i] = (byte) (c == null ? 1 : 2 + c.ordinal());
            return c;
        }
        return known == 1 ? null : CAUSES[known - 2];
    }

    private Truncation.Cause classify(int i) {
        StackArena stacks = profile.stacks();
        int[] s = stacks.array(i);
        int from = stacks.start(i);
        int end = from + stacks.depth(i);
        if (!applies() || from == end) {
            return null;
        }
        StackRoots.Kind root = kind(s[from]);
        if (root == StackRoots.Kind.ENTRY || root == StackRoots.Kind.CLONE || callsAnEntry(s, from, end)
                || root == StackRoots.Kind.C_LIBRARY && strippedThreadStart(s, from, end)) {
            return null;
        }
        if (mode == CallGraph.NONE) {
            return Truncation.Cause.NO_CALL_GRAPH;
        }
        if (root == StackRoots.Kind.KERNEL) {
            return Truncation.Cause.KERNEL_ONLY;
        }
        return switch (mode) {
            case DWARF -> Truncation.Cause.DWARF_DUMP;
            case LBR -> Truncation.Cause.LBR_DEPTH;
            default -> Truncation.Cause.FRAME_POINTER;
        };
    }

    /**
     * A frame that calls an entry point is outward of it, where the thread starts: a stripped
     * program's {@code _start} calling {@code __libc_start_main} ({@code [dash];__libc_start_main}),
     * a stripped C library's clone3 calling start_thread, the [unknown] return address a frame-pointer
     * walk reads past {@code __libc_start_call_main}. Not a caller of clone3: that is a thread creating
     * another ({@code __clone_internal;__clone3}), cut where it called it.
     */
    private boolean callsAnEntry(int[] s, int from, int end) {
        return end - from > 1 && kind(s[from + 1]) == StackRoots.Kind.ENTRY;
    }

    /**
     * Unnamed C-library frames calling the program (a named function, or an unnamed frame of another
     * file: a stripped server, libstdc++) are taken for the thread's start: a C library without its
     * symbol table still names what it exports (send, recv, malloc) from its dynamic symbols, but not
     * start_thread or clone3, which it does not export, and it calls into the program only to start it
     * (and for callbacks, which are exported: qsort). Ones whose callees stay in the C library, reach
     * {@code [unknown]} or enter the kernel are a chain that broke inside it.
     */
    private boolean strippedThreadStart(int[] s, int from, int end) {
        int i = from;
        while (i < end && kind(s[i]) == StackRoots.Kind.C_LIBRARY) {
            i++;
        }
        if (i == end) {
            return false;
        }
        StackRoots.Kind callee = kind(s[i]);
        return callee == StackRoots.Kind.OTHER || callee == StackRoots.Kind.UNNAMED || callee == StackRoots.Kind.ENTRY;
    }

    /**
     * The frame where the walk of a cut stack ended, as a reader can look it up: the outermost frame,
     * past the {@code [unknown]} return addresses a broken chain leaves (the chain broke in the named
     * function below them); {@code [unknown]} when nothing named follows in user space.
     */
    public int endFrame(int i) {
        StackArena stacks = profile.stacks();
        int[] s = stacks.array(i);
        int from = stacks.start(i);
        int outermost = s[from];
        if (kind(outermost) == StackRoots.Kind.KERNEL) {
            return outermost;
        }
        for (int j = from, end = from + stacks.depth(i); j < end; j++) {
            StackRoots.Kind k = kind(s[j]);
            if (k != StackRoots.Kind.UNKNOWN) {
                return k == StackRoots.Kind.KERNEL ? outermost : s[j];
            }
        }
        return outermost;
    }

    /**
     * How many {@code [unknown]} frames stand at the cut end of entry {@code i}'s stack: the address a
     * broken chain or an exhausted dump ends on is where the stack was cut, not a frame missing its
     * name; 0 for a whole stack.
     */
    public int cutUnknown(int i) {
        if (cause(i) == null) {
            return 0;
        }
        StackArena stacks = profile.stacks();
        int[] s = stacks.array(i);
        int from = stacks.start(i);
        int n = 0;
        while (n < stacks.depth(i) && kind(s[from + n]) == StackRoots.Kind.UNKNOWN) {
            n++;
        }
        return n;
    }

    /** The share of the profile's weight in cut stacks, by cause and by the frame each walk ended at. */
    public Truncation measure() {
        if (!applies()) {
            return Truncation.NOT_MEASURED;
        }
        FrameTable names = profile.frames();
        // per cause, the weight ending at each frame id, and which ids a walk ended at (a weight may be 0):
        // arrays, not maps, as a wide profile's 300k stacks may each be cut at another frame
        long[][] ends = new long[CAUSES.length][];
        java.util.BitSet[] ended = new java.util.BitSet[CAUSES.length];
        long total = 0;
        for (int i = 0; i < profile.size(); i++) {
            long w = profile.weight(i);
            total += w;
            Truncation.Cause c = cause(i);
            if (c != null) {
                int k = c.ordinal();
                if (ends[k] == null) {
                    ends[k] = new long[names.size()];
                    ended[k] = new java.util.BitSet(names.size());
                }
                int f = endFrame(i);
                ends[k][f] += w;
                ended[k].set(f);
            }
        }
        List<Truncation.CauseShare> shares = new ArrayList<>();
        for (int k = 0; k < CAUSES.length; k++) {
            if (ends[k] != null) {
                shares.add(share(CAUSES[k], ends[k], ended[k], names));
            }
        }
        return Truncation.of(total, shares);
    }

    /**
     * One cause's weight, its heaviest ends (heaviest first, then by name) and its count of ends, from
     * the weight ending at each frame id: the heaviest are picked in one pass, not by sorting every
     * end (a wide profile's cut stacks end at 50,000 frames, and a warning names three).
     */
    private static Truncation.CauseShare share(Truncation.Cause cause, long[] weights, java.util.BitSet ended,
            FrameTable names) {
        Comparator<Truncation.End> heaviest = (a, b) -> a.weight() != b.weight()
                ? Long.compare(b.weight(), a.weight()) : a.frame().compareTo(b.frame());
        List<Truncation.End> top = new ArrayList<>();
        long weight = 0;
        for (int f = ended.nextSetBit(0); f >= 0; f = ended.nextSetBit(f + 1)) {
            long w = weights[f];
            weight += w;
            // lighter than the lightest kept: not among the heaviest (a tie is settled by name below)
            if (top.size() == Truncation.ENDS_SHOWN && w < top.get(top.size() - 1).weight()) {
                continue;
            }
            Truncation.End e = new Truncation.End(names.name(f), w);
            int at = top.size();
            while (at > 0 && heaviest.compare(e, top.get(at - 1)) < 0) {
                at--;
            }
            if (at < Truncation.ENDS_SHOWN) {
                top.add(at, e);
                if (top.size() > Truncation.ENDS_SHOWN) {
                    top.remove(top.size() - 1);
                }
            }
        }
        return new Truncation.CauseShare(cause, weight, top, ended.cardinality());
    }

    /**
     * The profile with every cut stack under one {@link #MARK} frame, so a flamegraph draws them apart
     * from whole stacks and their width is the loss; whole stacks unchanged (read where the profile keeps them).
     * Entries stay distinct: a stack starting with the mark is itself cut (the mark is no entry point),
     * so it is marked again rather than met by another's marked copy.
     */
    public Profile mark() {
        FrameTable frames = FrameTable.copyOf(profile.frames());
        int mark = frames.intern(MARK);
        int n = profile.size();
        StackArena stacks = profile.stacks();
        StackArena.Builder marked = StackArena.Builder.over(stacks, n);
        int[] threadOf = new int[n];
        long[] weights = new long[n];
        long[] samples = new long[n];
        for (int i = 0; i < n; i++) {
            if (cause(i) == null) {
                marked.share(i);
            } else {
                marked.addUnder(mark, stacks.array(i), stacks.start(i), stacks.depth(i));
            }
            threadOf[i] = profile.threadIndex(i);
            weights[i] = profile.weight(i);
            samples[i] = profile.samples(i);
        }
        return Profile.ofDistinct(frames, profile.threads(), threadOf, marked.build(), weights, samples, profile.info());
    }

    private StackRoots.Kind kind(int frame) {
        if (kinds[frame] == 0) {
            kinds[frame] = (byte) (StackRoots.kind(profile.frames().name(frame)).ordinal() + 1);
        }
        return KINDS[kinds[frame] - 1];
    }
}
