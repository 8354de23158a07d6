package io.myflame.core.flame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.analysis.CallTrees;
import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.core.model.SampledThread;
import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Stacks 100,000 frames deep (runaway recursion, as issue 9 saw past ~3,500) are laid out,
 * coloured and drawn without recursion: the work runs on a thread with a 256 KB stack, where
 * recursion over the depth would overflow long before.
 */
class DeepStackTest {
    static final int DEPTH = 100_000;

    static Profile deep() {
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames).info(new ProfileInfo("deep", null, "deep"));
        int[] stack = new int[DEPTH];
        stack[0] = frames.intern("main");
        for (int i = 1; i < DEPTH; i++) {
            stack[i] = frames.intern(i % 2 == 0 ? "row_search_mvcc" : "recurse_" + (i % 7));
        }
        int t = b.thread(new SampledThread("mysqld", -1, -1));
        b.add(t, stack, DEPTH, 10, 1);
        b.add(t, stack, 10, 5, 1);
        return b.build();
    }

    /** Runs {@code work} on a thread with a small stack and rethrows what it threw. */
    static void onSmallStack(ThrowingRunnable work) throws Throwable {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                work.run();
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "small-stack", 256 * 1024);
        t.start();
        t.join();
        if (failure.get() != null) {
            throw failure.get();
        }
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    @Test
    void svgOfAHundredThousandFrames() throws Throwable {
        Profile p = deep();
        onSmallStack(() -> {
            CallTree[] trees = {CallTrees.full(p, true), CallTrees.reversed(p, true), CallTrees.chart(p, true),
                CallTrees.callees(p, p.frames().find("main"))};
            for (CallTree tree : trees) {
                for (Palette palette : new Palette[] {Palette.MYSQL, Palette.HOT}) {
                    FlameOptions o = FlameOptions.defaults().withMinWidth(0).withStyle(palette.style(false));
                    FlameLayout layout = new SvgFlameGraph(o).layout(tree);
                    assertTrue(layout.maxDepth() >= DEPTH, "every level laid out: " + layout.maxDepth());
                    for (int i = 0; i < layout.size(); i++) {
                        o.style().fill(tree, layout.node(i));
                    }
                }
            }
            SvgFlameGraph graph = new SvgFlameGraph(FlameOptions.defaults().withMinWidth(0)
                    .withStyle(Palette.MYSQL.style(false)));
            StringWriter w = new StringWriter();
            graph.write(trees[0], w);
            assertTrue(w.toString().endsWith("</svg>\n"));
            ByteArrayOutputStream png = new ByteArrayOutputStream();
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> graph.writePng(trees[0], png));
            assertTrue(e.getMessage().contains("too large"), e.getMessage());
        });
    }

    @Test
    void htmlPageOfAHundredThousandFrames() throws Throwable {
        Profile p = deep();
        onSmallStack(() -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            new HtmlFlameGraph("deep", 0, false).write(CallTrees.full(p, true), out);
            String page = out.toString(java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(page.length() > 300_000 && page.strip().endsWith("</html>"), page.substring(page.length() - 200));
        });
    }

    @Test
    void pruningADeepSubtreeCountsItWithoutRecursion() throws Throwable {
        Profile p = deep();
        onSmallStack(() -> {
            // With the width standing for a huge total, every frame under "all" is narrower than 1 px.
            FlameLayout pruned = FlameLayout.of(CallTrees.full(p, false), 10, 1180, 1, 1_000_000_000L);
            assertEquals(1, pruned.size(), "only the root drawn");
            assertEquals(CallTrees.full(p, false).size() - 1, pruned.pruned(), "the whole deep subtree counted");
        });
    }
}
