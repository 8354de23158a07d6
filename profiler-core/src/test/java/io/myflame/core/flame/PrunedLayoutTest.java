package io.myflame.core.flame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.analysis.CallTrees;
import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.core.model.SampledThread;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * Laying out a profile from its sorted stacks, without building the nodes too narrow to draw,
 * draws exactly what laying out the full call tree draws: the same frames at the same places, the
 * same gaps, the same count of pruned frames, byte for byte the same SVG.
 */
class PrunedLayoutTest {
    @Property(tries = 300)
    void prunedLayoutDrawsWhatTheFullTreeDraws(
            @ForAll @Size(max = 80) List<@Size(max = 14) List<@IntRange(min = 0, max = 5) Integer>> stacks,
            @ForAll @LongRange(min = 1, max = 1_000_000) long weightSeed,
            @ForAll @IntRange(min = 200, max = 1600) int width,
            @ForAll @DoubleRange(min = 0, max = 30) double minWidth,
            @ForAll boolean byComm,
            @ForAll @LongRange(min = 0, max = 5_000_000) long scaleTotal) {
        Profile profile = profile(stacks, weightSeed);
        SvgFlameGraph graph = new SvgFlameGraph(FlameOptions.defaults().withWidth(width).withMinWidth(minWidth)
                .withTotal(scaleTotal));
        FlameLayout full = graph.layout(CallTrees.full(profile, byComm));
        FlameLayout pruned = graph.layout(profile, byComm);
        assertEquals(frames(full), frames(pruned));
        assertEquals(full.pruned(), pruned.pruned());
        assertEquals(full.maxDepth(), pruned.maxDepth());
        assertEquals(pruned.size(), pruned.tree().size(), "a node is built only for a frame drawn");
        assertEquals(graph.render(full), graph.render(pruned));
    }

    /**
     * Stacks sorted by two threads come out in the order one thread gives, ties (the same path in two
     * threads) included, and in flamegraph order: each path's first difference from the one before is a
     * later name, or the one before ends there; equal paths in the profile's order.
     */
    @Property(tries = 300)
    void twoThreadsSortAsOne(
            @ForAll @Size(max = 300) List<@Size(max = 14) List<@IntRange(min = 0, max = 5) Integer>> stacks,
            @ForAll boolean byComm) {
        Profile profile = profile(stacks, 1);
        SortedPaths one = SortedPaths.of(profile, byComm, Integer.MAX_VALUE);
        SortedPaths two = SortedPaths.of(profile, byComm, 2);
        assertEquals(java.util.Arrays.toString(one.order), java.util.Arrays.toString(two.order));
        assertEquals(java.util.Arrays.toString(one.lcp), java.util.Arrays.toString(two.lcp));
        for (int i = 1; i < two.size(); i++) {
            int a = two.order[i - 1];
            int b = two.order[i];
            int d = two.lcp[i];
            assertTrue(d == two.length(a) || d < two.length(b)
                    && two.frames.name(two.frame(a, d)).compareTo(two.frames.name(two.frame(b, d))) < 0,
                    "paths " + a + " and " + b + " out of order at depth " + d);
            if (d == two.length(a) && d == two.length(b)) {
                assertTrue(a < b, "equal paths " + a + " and " + b + " not in the profile's order");
            }
            assertEquals(two.length(two.order[i]), two.lengths[i]);
            int shared = 0;
            while (shared < Math.min(two.length(a), two.length(b)) && two.frame(a, shared) == two.frame(b, shared)) {
                shared++;
            }
            assertEquals(shared, d, "frames shared by paths " + a + " and " + b);
        }
    }

    /**
     * Much sharing: stacks that take a long common trunk, or part of it, then branch (and some end on
     * the trunk, some repeat), so the sort meets ranges of many paths sharing frame after frame.
     * Sorted by one thread or two, and laid out, they give what the full tree gives.
     */
    @Property(tries = 300)
    void muchSharingStacksSortAndLayOutAsTheFullTree(
            @ForAll @Size(min = 1, max = 24) List<@IntRange(min = 0, max = 5) Integer> trunk,
            @ForAll @Size(max = 250) List<@IntRange(min = 0, max = 24) Integer> taken,
            @ForAll @Size(max = 250) List<@Size(max = 5) List<@IntRange(min = 0, max = 5) Integer>> branches,
            @ForAll boolean byComm) {
        List<List<Integer>> stacks = new ArrayList<>();
        for (int i = 0; i < taken.size(); i++) {
            List<Integer> stack = new ArrayList<>(trunk.subList(0, Math.min(taken.get(i), trunk.size())));
            if (i < branches.size()) {
                stack.addAll(branches.get(i));
            }
            stacks.add(stack);
        }
        twoThreadsSortAsOne(stacks, byComm);
        prunedLayoutDrawsWhatTheFullTreeDraws(stacks, 7, 1200, 0, byComm, 0);
        prunedLayoutDrawsWhatTheFullTreeDraws(stacks, 7, 400, 2.5, byComm, 0);
    }

    /** A wide profile of little sharing: the full tree has a node per frame, the pruned one a node per frame drawn. */
    @Test
    void wideProfileBuildsOnlyWhatIsDrawn() throws Exception {
        Random random = new Random(42);
        List<List<Integer>> stacks = new ArrayList<>();
        for (int s = 0; s < 20_000; s++) {
            List<Integer> stack = new ArrayList<>();
            int depth = 10 + random.nextInt(36);
            for (int d = 0; d < depth; d++) {
                stack.add(random.nextInt(5_000));
            }
            stacks.add(stack);
        }
        Profile profile = profile(stacks, 0);
        SvgFlameGraph graph = new SvgFlameGraph(FlameOptions.defaults());
        FlameLayout full = graph.layout(CallTrees.full(profile, true));
        FlameLayout pruned = graph.layout(profile, true);
        assertTrue(full.tree().size() > 20 * pruned.tree().size(),
                full.tree().size() + " nodes built for the full tree, " + pruned.tree().size() + " pruned");
        assertEquals(full.tree().size() - 1, full.size() - 1 + full.pruned(), "every node is drawn or pruned");
        StringWriter a = new StringWriter();
        StringWriter b = new StringWriter();
        graph.write(full, a);
        graph.write(pruned, b);
        assertEquals(a.toString(), b.toString());
    }

    /**
     * Frames named f0..fN (in an order unlike their ids), three thread names, weights from a seed
     * (some zero), or all 1 for seed 0.
     */
    private static Profile profile(List<List<Integer>> stacks, long weightSeed) {
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames).info(new ProfileInfo("t", null, "t"));
        long w = weightSeed;
        int i = 0;
        for (List<Integer> stack : stacks) {
            int[] ids = new int[stack.size()];
            for (int d = 0; d < ids.length; d++) {
                ids[d] = frames.intern("f" + (stack.get(d) * 7919 % 10_007));
            }
            w = (w * 6364136223846793005L + 1442695040888963407L) >>> 1;
            long weight = weightSeed == 0 ? 1 : w % 11 == 0 ? 0 : 1 + w % 5_000;
            b.add(b.thread(new SampledThread("comm" + i++ % 3, -1, -1)), ids, ids.length, weight, 1);
        }
        return b.build();
    }

    /** Every drawn frame: its name, depth, left edge, width, gap and the size of its subtree. */
    private static List<String> frames(FlameLayout l) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < l.size(); i++) {
            out.add(l.tree().name(l.node(i)) + " d" + l.depth(i) + " x" + l.x(i) + " w" + l.width(i) + " g" + l.gap(i)
                    + " s" + (l.end(i) - i) + " self" + l.tree().self(l.node(i)));
        }
        return out;
    }
}
