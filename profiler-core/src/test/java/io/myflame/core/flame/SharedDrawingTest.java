package io.myflame.core.flame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.analysis.CallTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Frames drawn in two shares, the second by another thread, or in one, write the bytes one thread
 * writes on the surface itself, wherever the frames are split: among siblings, under deep ancestors,
 * next to either end. On a share a frame's group and rectangle are written directly, on the surface
 * through jfreesvg: this compares the two as well.
 */
class SharedDrawingTest {
    @Test
    void framesDrawnInTwoSharesWriteWhatOneThreadWrites() {
        CallTree tree = CallTrees.full(Fixtures.folded("delete-10.2.folded"), true);
        for (FlameOptions o : List.of(
                FlameOptions.defaults().withMinWidth(0).withStyle(Palette.MYSQL.style(false)),
                FlameOptions.defaults().withMinWidth(0).withInverted(true).withStyle(Palette.HOT.style(true)))) {
            FlameLayout layout = new SvgFlameGraph(o).layout(tree);
            assertTrue(layout.size() > 500, "frames: " + layout.size());
            String one = drawn(o, layout, 0);
            List<Integer> splits = new ArrayList<>(List.of(-1, 1, 2, layout.size() / 3, layout.size() / 2,
                    layout.size() - 1));
            Random random = new Random(42);
            for (int k = 0; k < 20; k++) {
                splits.add(1 + random.nextInt(layout.size() - 1));
            }
            int deep = 0;
            for (int split : splits) {
                deep = Math.max(deep, layout.depth(Math.max(0, split)));
                assertEquals(one, drawn(o, layout, split), "split at frame " + split);
            }
            assertTrue(deep > 10, "some split falls under deep ancestors: " + deep);
        }
    }

    /**
     * The frames' text drawn with the second share from {@code split} on; 0: on the surface itself,
     * as a PNG is drawn; -1: on one share. Shares' texts are put where the frames go.
     */
    private static String drawn(FlameOptions o, FlameLayout layout, int split) {
        FlameDrawing d = new FlameDrawing(o, layout, true);
        StringBuilder body = new StringBuilder();
        FlameDrawing.Frames frames = d.drawFrames(SvgFlameGraph.surface(o.width(), d.height, body), 400,
                split == 0 ? null : () -> {
                    StringBuilder text = new StringBuilder();
                    return new FlameDrawing.Share(SvgFlameGraph.surface(o.width(), d.height, text), text);
                }, body, split);
        if (frames == null) {
            return body.toString();
        }
        assertEquals(split < 0 ? 1 : 2, frames.texts().size());
        return body.insert(frames.at(), String.join("", frames.texts())).toString();
    }
}
