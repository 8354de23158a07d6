package io.myflame.diff.flame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.analysis.CallTrees;
import io.myflame.core.flame.FlameOptions;
import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.SampledThread;
import java.awt.Color;
import java.io.StringWriter;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Example;

/** Differential colouring: a profile against itself is white; a grown path is red, a shrunk one blue. */
class DiffFlameGraphTest {
    /** Profiles as lists of stacks over a few function names, each stack with a weight. */
    @Provide
    Arbitrary<List<List<Integer>>> stacks() {
        Arbitrary<List<Integer>> stack = Arbitraries.integers().between(0, 5).list().ofMinSize(1).ofMaxSize(6);
        return stack.list().ofMinSize(1).ofMaxSize(30);
    }

    static Profile profile(List<List<Integer>> stacks, long scale) {
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames);
        int t = b.thread(new SampledThread("mysqld", 1, 1));
        for (int i = 0; i < stacks.size(); i++) {
            List<Integer> s = stacks.get(i);
            int[] ids = s.stream().mapToInt(f -> frames.intern("f" + f + (f == 3 ? "<T&>" : ""))).toArray();
            b.add(t, ids, ids.length, (i % 7 + 1) * scale, 1);
        }
        return b.build();
    }

    /** One sample of each stack, with the given weights. */
    static Profile profileWeights(List<List<Integer>> stacks, List<Long> weights) {
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames);
        int t = b.thread(new SampledThread("mysqld", 1, 1));
        for (int i = 0; i < stacks.size(); i++) {
            int[] ids = stacks.get(i).stream().mapToInt(f -> frames.intern("f" + f)).toArray();
            b.add(t, ids, ids.length, weights.get(i), 1);
        }
        return b.build();
    }

    @Property
    void aProfileAgainstItselfIsWhiteEverywhere(@ForAll("stacks") List<List<Integer>> stacks) throws Exception {
        for (boolean normalize : new boolean[] {true, false}) {
            String svg = render(profile(stacks, 1), profile(stacks, 1), normalize, false);
            Matcher fills = Pattern.compile("<g class='f'[^>]*><rect [^>]*style='fill:rgb\\(([0-9,]+)\\)").matcher(svg);
            int frames = 0;
            while (fills.find()) {
                assertEquals("235,235,235", fills.group(1), "unchanged: light grey, visible on white");
                frames++;
            }
            assertTrue(frames > 1);
            assertTrue(svg.contains("change +0.00%"));
        }
    }

    @Property
    void normalisedSharesIgnoreALongerRecording(@ForAll("stacks") List<List<Integer>> stacks) {
        CallTree base = CallTrees.full(profile(stacks, 1), false);
        CallTree twice = CallTrees.full(profile(stacks, 3), false);
        DiffStyle style = new DiffStyle(twice, base, true, true);
        for (int n = 0; n < twice.size(); n++) {
            assertEquals(0, style.change(n), 1e-12);
            assertEquals(DiffStyle.UNCHANGED, style.fill(twice, n));
        }
        DiffStyle absolute = new DiffStyle(twice, base, true, false);
        assertEquals(200.0, absolute.change(0), 1e-9, "three times the weight is +200% of base");
    }

    @Example
    void grownPathsAreRedShrunkBlueAndWidthsCanComeFromBase() throws Exception {
        Profile base = profile(List.of(List.of(0, 1), List.of(0, 2)), 10);
        Profile next = profile(List.of(List.of(0, 1), List.of(0, 1), List.of(0, 1), List.of(0, 2)), 10);
        CallTree nextTree = CallTrees.full(next, false);
        DiffStyle style = new DiffStyle(nextTree, CallTrees.full(base, false), true, true);
        int f1 = nextTree.findChild(nextTree.findChild(0, next.frames().find("f0")), next.frames().find("f1"));
        int f2 = nextTree.findChild(nextTree.findChild(0, next.frames().find("f0")), next.frames().find("f2"));
        assertTrue(style.change(f1) > 0 && style.change(f2) < 0);
        Color red = style.fill(nextTree, f1);
        Color blue = style.fill(nextTree, f2);
        assertTrue(red.getRed() == 255 && red.getBlue() < 255, red.toString());
        assertTrue(blue.getBlue() == 255 && blue.getRed() < 255, blue.toString());
        assertTrue(style.note(nextTree, f2).startsWith("base "), style.note(nextTree, f2));
        String fromBase = render(base, next, true, true);
        assertTrue(fromBase.contains("data-w='10'"), "widths from base: f2 weighs 10 there");
    }

    /** Work that moved to another thread and caller: by path it is new and gone; by function unchanged. */
    @Example
    void byFunctionIgnoresWorkThatMovedBetweenCallers() throws Exception {
        // f0;f1;f3 (purge under the old worker) becomes f2;f4;f3 (the same work under a new pool).
        Profile base = profile(List.of(List.of(0, 1, 3), List.of(0, 5)), 10);
        Profile next = profile(List.of(List.of(2, 4, 3), List.of(0, 5)), 10);
        CallTree nextTree = CallTrees.full(next, false);
        int moved = nextTree.findChild(nextTree.findChild(nextTree.findChild(0, next.frames().find("f2")),
                next.frames().find("f4")), next.frames().find("f3<T&>"));
        DiffStyle byPath = DiffFlameGraph.defaults().style(base, next);
        DiffStyle byFunction = DiffFlameGraph.defaults().withMode(DiffFlameGraph.Mode.BY_FUNCTION).style(base, next);
        assertTrue(byPath.change(moved) > 0, "by path the moved work is new");
        assertEquals(0, byFunction.change(moved), 1e-9, "by function it did not change");
        assertEquals(DiffStyle.UNCHANGED, byFunction.fill(nextTree, moved));
        int f0 = nextTree.findChild(0, next.frames().find("f0"));
        // Weights are 10 and 20: f0 was in all 30, now in the 20 of f0;f5.
        assertEquals(-100.0 / 3, byFunction.change(f0), 1e-9, "f0 held all samples, now two thirds");
    }

    @Example
    void legendIsAScaleWithMagnitudesAndCostPerTransaction() throws Exception {
        Profile base = profile(List.of(List.of(0, 1), List.of(0, 2)), 10);
        Profile next = profile(List.of(List.of(0, 1), List.of(0, 1), List.of(0, 1), List.of(0, 2)), 10);
        DiffStyle share = DiffFlameGraph.defaults().style(base, next);
        List<String> labels = share.legend().stream().map(e -> e.label()).toList();
        assertEquals(5, labels.size(), labels.toString());
        assertTrue(labels.get(0).startsWith(String.format(java.util.Locale.ROOT, "%+.2f%%", -share.maxChange())), labels.toString());
        assertEquals("unchanged", labels.get(2));
        assertTrue(labels.get(4).endsWith(" grew (scale)"), labels.toString());
        assertEquals(DiffStyle.UNCHANGED, share.legend().get(2).color());
        // 1 µs per weight unit; base ran 10 transactions, new 20: f1 weighed 10, now 10+20+30.
        DiffStyle cost = DiffFlameGraph.defaults().withCost(1.0 / 10, 1.0 / 20, "\u00b5s/txn").style(base, next);
        CallTree nextTree = CallTrees.full(next, false);
        int f1 = nextTree.findChild(nextTree.findChild(0, next.frames().find("f0")), next.frames().find("f1"));
        assertEquals(2.0, cost.change(f1), 1e-9);
        assertEquals("base 1.00 \u00b5s/txn, new 3.00 \u00b5s/txn, change +2.00 \u00b5s/txn", cost.note(nextTree, f1));
        Color grew = DiffFlameGraph.defaults().withNegate(true).style(base, next).fill(nextTree, f1);
        assertTrue(grew.getBlue() == 255 && grew.getRed() < 255, "--negate: growth in blue " + grew);
    }

    /** The tooltip's shares print as the diff's tables and perf report print them: a tie to the even digit. */
    @Example
    void sharesInTheNoteRoundATieToEven() throws Exception {
        // f1 holds 5 of 32 in base (15.625 %: 15.62, where Java's formatter printed 15.63) and 5 of 8 in new
        // (62.5 %); the change, 46.875 points, prints +46.88 (the even digit is up here).
        Profile b = profileWeights(List.of(List.of(0, 1), List.of(0, 2)), List.of(5L, 27L));
        Profile n = profileWeights(List.of(List.of(0, 1), List.of(0, 2)), List.of(5L, 3L));
        DiffStyle style = DiffFlameGraph.defaults().style(b, n);
        CallTree tree = CallTrees.full(n, false);
        int f1 = tree.findChild(tree.findChild(0, n.frames().find("f0")), n.frames().find("f1"));
        assertEquals("base 15.62%, new 62.50%, change +46.88%", style.note(tree, f1));
    }

    /**
     * A share is the weight times 100 over the total, divided last as the tables divide it: 15 of 96 is
     * exactly 15.625 %, but 15 times the rounded 100 / 96 is 15.625000000000002, which printed 15.63 in the
     * graph where the tables print 15.62; and the root's change is none, not -0.00.
     */
    @Example
    void sharesAreComputedAsTheTablesComputeThem() throws Exception {
        Profile b = profileWeights(List.of(List.of(0, 1), List.of(0, 2)), List.of(15L, 81L));
        Profile n = profileWeights(List.of(List.of(0, 1), List.of(0, 2)), List.of(15L, 81L));
        CallTree tree = CallTrees.full(n, false);
        int f1 = tree.findChild(tree.findChild(0, n.frames().find("f0")), n.frames().find("f1"));
        for (DiffFlameGraph graph : List.of(DiffFlameGraph.defaults(), DiffFlameGraph.defaults().withMode(DiffFlameGraph.Mode.BY_FUNCTION))) {
            DiffStyle style = graph.style(b, n);
            assertEquals("base 15.62%, new 15.62%, change +0.00%", style.note(tree, f1));
            assertEquals("base 100.00%, new 100.00%, change +0.00%", style.note(tree, 0));
        }
        assertEquals("15.62", io.myflame.core.Decimals.twoPlaces(
                io.myflame.core.analysis.InclusiveTable.of(b).inclusivePct(b.frames().find("f1"))), "the table's figure");
    }

    @Example
    void framesOnOneSideOnlyAreApartAndNeverSetTheScale() throws Exception {
        // Weights 10, 20 (, 30, 40): f9, only in new, holds 70 % of it; f2 fell from 66.7 % to 20 %.
        Profile base = profile(List.of(List.of(0, 1), List.of(0, 2)), 10);
        Profile next = profile(List.of(List.of(0, 1), List.of(0, 2), List.of(0, 9), List.of(0, 9)), 10);
        DiffStyle style = DiffFlameGraph.defaults().style(base, next);
        CallTree tree = CallTrees.full(next, false);
        int f0 = tree.findChild(0, next.frames().find("f0"));
        int f9 = tree.findChild(f0, next.frames().find("f9"));
        assertTrue(style.apart(tree, f9) && !style.apart(tree, f0));
        assertEquals(DiffStyle.APART, style.fill(tree, f9));
        assertEquals("only in new (" + String.format(java.util.Locale.ROOT, "%.2f%%", style.change(f9)) + ")", style.note(tree, f9));
        double largestShared = 0;
        for (int n = 1; n < tree.size(); n++) {
            if (n != f9) {
                largestShared = Math.max(largestShared, Math.abs(style.change(n)));
            }
        }
        assertTrue(style.change(f9) > largestShared, "the one-sided frame would have set a larger scale");
        assertEquals(largestShared, style.maxChange(), 1e-9);
        assertEquals("only in new (dashed)", style.legend().get(style.legend().size() - 1).label());
        assertEquals(2.5, DiffFlameGraph.defaults().withScale(2.5).style(base, next).maxChange(), 1e-9);
        String svg = render(base, next, true, false);
        assertTrue(svg.contains(String.format(java.util.Locale.ROOT, "data-scale=\"%.4f\"", largestShared)), "root carries the scale");
        assertTrue(svg.contains("stroke-dasharray: 3 2"), "the style's CSS dashes frames drawn apart");
    }

    /**
     * Per transaction, every change adds up in the trunk (the thread start, the connection loop, the
     * statement): the scale is the largest change below it, here the delete's 10 against the trunk's 12,
     * so the frames a reader compares get the colour range.
     */
    @Example
    void aCostGraphIsScaledByTheFramesBelowTheTrunk() {
        Profile base = named(new String[] {"start;conn;stmt;del", "start;conn;stmt;commit", "start;purge"}, new long[] {10, 10, 5});
        Profile next = named(new String[] {"start;conn;stmt;del", "start;conn;stmt;commit", "start;purge"}, new long[] {20, 12, 5});
        DiffStyle cost = DiffFlameGraph.defaults().withCost(1.0, 1.0, "\u00b5s/txn").style(base, next);
        assertEquals(10.0, cost.maxChange(), 1e-9);
        CallTree tree = CallTrees.full(next, false);
        int start = tree.findChild(0, next.frames().find("start"));
        assertEquals(12.0, cost.change(start), 1e-9);
        // Shares keep their scale: the largest change of any frame, as before.
        DiffStyle share = DiffFlameGraph.defaults().style(base, next);
        double largest = 0;
        for (int n = 1; n < tree.size(); n++) {
            largest = Math.max(largest, Math.abs(share.change(n)));
        }
        assertEquals(largest, share.maxChange(), 1e-9);
    }

    /** The frame truncated stacks are drawn under says in its tooltip what its name means, before the shares. */
    @Example
    void theTruncatedFrameSaysWhatItMeans() {
        Profile base = named(new String[] {"start;conn", "[truncated];send"}, new long[] {10, 10});
        Profile next = named(new String[] {"start;conn", "[truncated];send"}, new long[] {10, 30});
        DiffStyle style = DiffFlameGraph.defaults().style(base, next);
        CallTree tree = CallTrees.full(next, false);
        int cut = tree.findChild(0, next.frames().find("[truncated]"));
        assertTrue(style.note(tree, cut).startsWith("stacks perf could not unwind to their thread's start: their callers "
                + "are unknown; base "), style.note(tree, cut));
        assertTrue(style.note(tree, tree.findChild(0, next.frames().find("start"))).startsWith("base "));
    }

    private static Profile named(String[] stacks, long[] weights) {
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames);
        int t = b.thread(new SampledThread("mysqld", 1, 1));
        for (int i = 0; i < stacks.length; i++) {
            int[] ids = java.util.Arrays.stream(stacks[i].split(";")).mapToInt(frames::intern).toArray();
            b.add(t, ids, ids.length, weights[i], 1);
        }
        return b.build();
    }

    static String render(Profile base, Profile next, boolean normalize, boolean widthsFromBase) throws Exception {
        StringWriter w = new StringWriter();
        new DiffFlameGraph(widthsFromBase, normalize, false).write(base, next, FlameOptions.defaults().withMinWidth(0), w);
        return w.toString();
    }
}
