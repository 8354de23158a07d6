package io.myflame.core.flame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.analysis.CallTrees;
import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.core.model.SampledThread;
import java.awt.Color;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Frames written straight to a share's text are the characters jfreesvg writes for them on the
 * surface: names and notes with markup, quotes, ampersands (an entity already, and a bare one),
 * control characters and characters beyond Latin-1; gaps, frames drawn apart, and a translucent
 * colour, which still goes through jfreesvg; rectangles of any geometry, an empty one (none) included;
 * and, without the script, each frame's {@code <title>}.
 */
class SvgFramesTest {
    private static final List<String> NAMES = List.of("<script>alert('x')</script>", "say \"hi\"", "a &amp; b",
            "fish & chips", "tab\there", "ctl\u0001x", "caf\u00e9", "\u65e5\u672c\u8a9e", "emoji \ud83d\ude00",
            "operator<<(std::ostream&)", "plain_function", "std::vector<int>::push_back");

    @Test
    void framesWrittenDirectlyAreWhatJfreesvgWrites() {
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames).info(new ProfileInfo("t", null, "t"));
        for (int i = 0; i < 400; i++) {
            int depth = 1 + i % 7;
            int[] stack = new int[depth];
            for (int d = 0; d < depth; d++) {
                stack[d] = frames.intern(NAMES.get((i * 7 + d * 3) % NAMES.size()) + (d == depth - 1 ? "" : "#" + d));
            }
            // every eleventh stack weighs nothing and ends in a leaf of its own: no width, so no rectangle
            boolean nothing = i % 11 == 0;
            if (nothing) {
                stack[depth - 1] = frames.intern("nothing & no one #" + i);
            }
            b.add(b.thread(new SampledThread("comm" + i % 3, -1, -1)), stack, depth, nothing ? 0 : 1 + i % 13, 1);
        }
        CallTree tree = CallTrees.full(b.build(), true);
        FrameStyle style = new FrameStyle() {
            @Override
            public Color fill(CallTree t, int node) {
                // one node in five translucent: that one is drawn through jfreesvg on the share too
                return node % 5 == 0 ? new Color(200, 100, 50, 128) : new Color(node * 37 % 256, node * 11 % 256, 200);
            }

            @Override
            public String note(CallTree t, int node) {
                return node % 3 == 0 ? "base 1.5% & new <2%> 'quoted' \"too\"" : null;
            }

            @Override
            public boolean apart(CallTree t, int node) {
                return node % 4 == 0;
            }
        };
        for (int run = 0; run < 6; run++) {
            double minWidth = new double[] {0, 0.1, 5}[run % 3];
            // without the script, each frame carries a <title>, written both ways too
            boolean script = run < 3;
            FlameOptions o = FlameOptions.defaults().withMinWidth(minWidth).withStyle(style).withJavascript(script)
                    .withFactor(script ? 1 : 1000);
            FlameLayout layout = new SvgFlameGraph(o).layout(tree);
            assertTrue(layout.size() > (minWidth == 0 ? 100 : 20), "frames: " + layout.size());
            FlameDrawing d = new FlameDrawing(o, layout, true);
            StringBuilder viaJfreesvg = new StringBuilder();
            assertEquals(null, d.drawFrames(SvgFlameGraph.surface(o.width(), d.height, viaJfreesvg), 400, null,
                    viaJfreesvg, -1));
            StringBuilder around = new StringBuilder();
            FlameDrawing.Frames direct = d.drawFrames(SvgFlameGraph.surface(o.width(), d.height, around), 400, () -> {
                StringBuilder text = new StringBuilder();
                return new FlameDrawing.Share(SvgFlameGraph.surface(o.width(), d.height, text), text);
            }, around, -1);
            String written = around.insert(direct.at(), direct.texts().get(0)).toString();
            assertEquals(viaJfreesvg.toString(), written, "min width " + minWidth + (script ? "" : ", no script"));
            if (minWidth == 0) {
                assertTrue(written.contains("fill-opacity"), "a translucent frame went through jfreesvg");
            }
            assertEquals(script ? 0 : layout.size(), written.split("<title>", -1).length - 1, "titles");
        }
    }

    /**
     * A value not escaped beforehand (callers escape names and notes, so this is the safety net) still
     * comes out as jfreesvg writes it: markup and quotes escaped, an entity left as it is.
     */
    @Test
    void rawValuesAreEscapedAsJfreesvgEscapesThem() {
        for (String raw : List.of("a<b & 'c' \"d\" &amp; e>", "fish & chips", "plain")) {
            java.util.Map<String, String> attrs = new java.util.LinkedHashMap<>();
            attrs.put("class", "f");
            attrs.put("data-n", raw);
            attrs.put("data-w", "42");
            attrs.put("data-g", "3");
            attrs.put("data-t", raw);
            StringBuilder viaJfreesvg = new StringBuilder();
            SvgFlameGraph.surface(1200, 500, viaJfreesvg).setRenderingHint(org.jfree.svg.SVGHints.KEY_BEGIN_GROUP, attrs);
            StringBuilder direct = new StringBuilder();
            SvgFrames.beginGroup(direct, false, raw, 42, 3, raw);
            assertEquals(viaJfreesvg.toString(), direct.toString(), raw);
        }
    }

    /** Rectangles of any geometry, an empty one included (jfreesvg writes nothing for it), as jfreesvg writes them. */
    @Test
    void rectanglesAreWhatJfreesvgWrites() {
        double[] values = {0, -0.004, -0.005, -1.5, 0.004, 0.005, 0.015, 0.1, 9.995, 10, 123.456, 1189.999, 1e9 + 0.25};
        Color fill = new Color(12, 200, 255);
        for (double x : values) {
            for (double w : values) {
                StringBuilder viaJfreesvg = new StringBuilder();
                org.jfree.svg.SVGGraphics2D g = SvgFlameGraph.surface(1200, 500, viaJfreesvg);
                g.setColor(fill);
                g.fill(new java.awt.geom.Rectangle2D.Double(x, w / 3, w, 15));
                StringBuilder direct = new StringBuilder();
                SvgFrames.rect(direct, x, w / 3, w, 15, fill);
                assertEquals(viaJfreesvg.toString(), direct.toString(), "x " + x + ", width " + w);
            }
        }
        StringBuilder none = new StringBuilder();
        SvgFrames.rect(none, 10, 10, 0, 15, fill);
        assertEquals("", none.toString());
    }
}
