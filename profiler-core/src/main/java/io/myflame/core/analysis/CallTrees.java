package io.myflame.core.analysis;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.StackArena;

/**
 * Builds the call trees of a profile: the whole tree (optionally under per-comm roots), the tree
 * merged by leaf (who calls the hot functions), and the callee and caller trees of one function.
 */
public final class CallTrees {
    private CallTrees() {
    }

    /** The full tree, root first; with {@code byComm} the first level is the thread's comm. */
    public static CallTree full(Profile profile, boolean byComm) {
        // Comm names join a copy of the profile's names: the profile itself stays as it was.
        FrameTable frames = byComm ? FrameTable.copyOf(profile.frames()) : profile.frames();
        CallTree tree = new CallTree(frames);
        CallTree.Appender paths = tree.appender();
        int[] buf = new int[64];
        StackArena stacks = profile.stacks();
        for (int i = 0; i < profile.size(); i++) {
            int len = stacks.depth(i);
            if (byComm) {
                buf = ensure(buf, len + 1);
                buf[0] = frames.intern(profile.thread(i).comm());
                System.arraycopy(stacks.array(i), stacks.start(i), buf, 1, len);
                paths.add(buf, 0, len + 1, profile.weight(i));
            } else {
                paths.add(stacks.array(i), stacks.start(i), stacks.start(i) + len, profile.weight(i));
            }
        }
        return tree;
    }

    /** Stacks merged from the leaf: the first level is the leaf function, then its callers. */
    public static CallTree reversed(Profile profile) {
        return reversed(profile, false);
    }

    /**
     * Stacks merged from the leaf; with {@code byComm} the thread's comm stays in the stack as its
     * deepest frame, as flamegraph.pl and inferno reverse whole folded lines.
     */
    public static CallTree reversed(Profile profile, boolean byComm) {
        FrameTable frames = byComm ? FrameTable.copyOf(profile.frames()) : profile.frames();
        CallTree tree = new CallTree(frames);
        CallTree.Appender paths = tree.appender();
        int[] buf = new int[64];
        StackArena stacks = profile.stacks();
        for (int i = 0; i < profile.size(); i++) {
            int[] stack = stacks.array(i);
            int len = stacks.depth(i);
            int leaf = stacks.start(i) + len - 1;
            int n = len + (byComm ? 1 : 0);
            buf = ensure(buf, n);
            for (int j = 0; j < len; j++) {
                buf[j] = stack[leaf - j];
            }
            if (byComm) {
                buf[n - 1] = frames.intern(profile.thread(i).comm());
            }
            paths.add(buf, 0, n, profile.weight(i));
        }
        return tree;
    }

    /**
     * A flame chart: entries in the profile's order (time order for input written in time order),
     * each merged only with the entry before it where their paths agree from the root, and
     * children listed in that order rather than by name.
     */
    public static CallTree chart(Profile profile, boolean byComm) {
        FrameTable frames = byComm ? FrameTable.copyOf(profile.frames()) : profile.frames();
        CallTree tree = new CallTree(frames);
        int[] prev = new int[64];
        int[] prevNodes = new int[64];
        int prevLen = 0;
        int[] buf = new int[64];
        StackArena stacks = profile.stacks();
        for (int i = 0; i < profile.size(); i++) {
            int len = stacks.depth(i);
            int n = len + (byComm ? 1 : 0);
            buf = ensure(buf, n);
            if (byComm) {
                buf[0] = frames.intern(profile.thread(i).comm());
            }
            System.arraycopy(stacks.array(i), stacks.start(i), buf, byComm ? 1 : 0, len);
            long w = profile.weight(i);
            tree.addTotal(0, w);
            if (prevNodes.length < n) {
                prevNodes = java.util.Arrays.copyOf(prevNodes, Math.max(n, prevNodes.length * 2));
            }
            int node = 0;
            boolean same = true;
            for (int j = 0; j < n; j++) {
                same &= j < prevLen && prev[j] == buf[j];
                node = same ? prevNodes[j] : tree.newChild(node, buf[j]);
                prevNodes[j] = node;
                tree.addTotal(node, w);
            }
            tree.addSelf(node, w);
            prev = ensure(prev, n);
            System.arraycopy(buf, 0, prev, 0, n);
            prevLen = n;
        }
        return tree;
    }

    /**
     * The callee tree of {@code frameId}: the subtrees under every occurrence merged, node 1 being
     * the function itself. A sample adds to each node once even when recursion reaches it twice.
     */
    public static CallTree callees(Profile profile, int frameId) {
        return merged(profile, frameId, false);
    }

    /** The caller tree of {@code frameId}: the callers above every occurrence, nearest first. */
    public static CallTree callers(Profile profile, int frameId) {
        return merged(profile, frameId, true);
    }

    private static CallTree merged(Profile profile, int frameId, boolean towardsRoot) {
        CallTree tree = new CallTree(profile.frames());
        if (frameId < 0) {
            return tree;
        }
        int stamp = 0;
        int[] stack = new int[64];
        for (int i = 0; i < profile.size(); i++) {
            stack = profile.stack(i, stack);
            int len = profile.depth(i);
            long w = profile.weight(i);
            boolean counted = false;
            stamp++;
            for (int at = 0; at < len; at++) {
                if (stack[at] != frameId) {
                    continue;
                }
                if (!counted) {
                    tree.addOnce(0, w, stamp);
                    counted = true;
                }
                int node = 0;
                int step = towardsRoot ? -1 : 1;
                int end = towardsRoot ? -1 : len;
                int last = -1;
                for (int j = at; j != end; j += step) {
                    node = tree.child(node, stack[j]);
                    tree.addOnce(node, w, stamp);
                    last = node;
                }
                // Paths from two occurrences differ in length, so each leaf node is distinct.
                if (!towardsRoot && last >= 0) {
                    tree.addSelf(last, w);
                }
            }
        }
        return tree;
    }

    private static int[] ensure(int[] buf, int n) {
        return buf.length >= n ? buf : new int[Math.max(n, buf.length * 2)];
    }
}
