package io.myflame.core.flame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.analysis.CallTrees;
import io.myflame.core.model.Profile;
import java.awt.Color;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The flamegraph.pl / inferno options on real folded stacks: each one changes what it names in the
 * SVG and nothing is left of it when it is not given.
 */
class FlameOptionsTest {
    static final Profile DELETE = Fixtures.folded("delete-10.2.folded");

    static SvgDocument svg(FlameOptions o) throws Exception {
        return new SvgDocument(SvgFlameGraphTest.render(DELETE, o, true));
    }

    static String text(FlameOptions o) throws Exception {
        return SvgFlameGraphTest.render(DELETE, o, true);
    }

    @Test
    void labelsNotesAndScriptSwitches() throws Exception {
        FlameOptions o = FlameOptions.defaults().withUnit("cycles").withNameType("Func <x>:").withNotes("run -- 7 & <b>")
                .withFactor(0.5);
        SvgDocument d = svg(o);
        assertEquals("cycles", d.byId("frames").getAttribute("data-unit"));
        assertEquals("Func <x>:", d.byId("frames").getAttribute("data-nametype"));
        assertEquals("0.5", d.byId("frames").getAttribute("data-factor"));
        assertTrue(text(o).contains("<!-- NOTES: run - - 7 &amp; &lt;b&gt; -->"), "notes as a comment, no --");
        String plain = text(FlameOptions.defaults());
        assertFalse(plain.contains("NOTES") || plain.contains("data-factor='") || plain.contains("data-nametype='"));
        String noJs = text(FlameOptions.defaults().withJavascript(false));
        assertFalse(noJs.contains("<script"), "--no-javascript");
        assertTrue(plain.contains("<script>"));
        new SvgDocument(noJs);
        assertFalse(plain.contains("<title>"), "the script's own tooltip, no second one from the browser");
    }

    /** Without the script, each frame's tooltip is its <title>, as flamegraph.pl writes it: escaped, scaled, named. */
    @Test
    void aStaticPictureTitlesEveryFrame() throws Exception {
        Profile p = Fixtures.folded("titles", "mysqld;fish & chips;<leaf> 1999\nmysqld;main 1\nmysqld;fish & chips 3000\n");
        FlameOptions o = FlameOptions.defaults().withJavascript(false).withMinWidth(0).withFactor(1000).withUnit("ns");
        String svg = SvgFlameGraphTest.render(p, o, true);
        assertTrue(svg.contains("<title>all (5,000,000 ns, 100.00%)</title>"), svg);
        assertTrue(svg.contains("<title>fish &amp; chips (4,999,000 ns, 99.98%)</title>"), svg);
        assertTrue(svg.contains("<title>&lt;leaf&gt; (1,999,000 ns, 39.98%)</title>"), svg);
        assertTrue(svg.contains("<title>main (1,000 ns, 0.02%)</title>"), svg);
        new SvgDocument(svg);
    }

    @Test
    void fontAndFrameHeightMoveTheGeometry() throws Exception {
        FlameOptions o = FlameOptions.defaults().withFrameHeight(24).withFont("DejaVu Sans", 15, 0.6).withMinWidth(0);
        SvgDocument.Frame root = svg(o).root();
        for (SvgDocument.Frame c : root.children()) {
            assertEquals(root.y() - 24, c.y(), 0.01, "a callee one 24 px row up");
            assertEquals(23, Double.parseDouble(c.rect().getAttribute("height")), 0.01);
        }
        String s = text(o);
        assertTrue(s.contains("font-family: 'DejaVu Sans', sans-serif; font-size: 15px;"), "font for the script's labels");
        assertTrue(s.contains("data-charwidth='9.0'"));
        assertTrue(s.contains("data-dy='16.5'"));
        assertThrows(IllegalArgumentException.class, () -> FlameOptions.defaults().withFrameHeight(2));
        assertThrows(IllegalArgumentException.class, () -> FlameOptions.defaults().withFont("x", 1, 0.5));
    }

    @Test
    void labelsKeepTheirEndUnlessTruncatedRight() {
        assertEquals("..handle_one_connection", FrameLabel.fit("do_handle_one_connection", 6 + 23 * 7.08, 7.08, false));
        assertEquals("do_handle_one_conne..", FrameLabel.fit("do_handle_one_connection", 6 + 21 * 7.08, 7.08, true));
        assertEquals("short", FrameLabel.fit("short", 100, 7.08, false));
        assertEquals("", FrameLabel.fit("anything", 20, 7.08, false));
    }

    @Test
    void backgroundsSearchAndStrokeColours() throws Exception {
        String yellow = text(FlameOptions.defaults().withBackground(Background.parse("yellow")));
        assertTrue(yellow.contains("linearGradient"), "yellow is a gradient");
        assertTrue(yellow.contains("rgb(238,238,176)") || yellow.contains("#eeeeb0"), "to #eeeeb0");
        String flat = text(FlameOptions.defaults().withBackground(Background.parse("#102030")));
        assertFalse(flat.contains("linearGradient"));
        assertTrue(flat.contains("rgb(16,32,48)"));
        String colours = text(FlameOptions.defaults().withSearchColor(Background.rgb("#00ff00"))
                .withStrokeColor(Background.rgb("rgb(1,2,3)")));
        assertTrue(colours.contains("#frames g.f.hit > rect { fill: rgb(0,255,0) !important; }"));
        assertTrue(colours.contains("#frames g.f > rect { stroke: rgb(1,2,3); stroke-width: 0.5; }"));
        assertThrows(IllegalArgumentException.class, () -> Background.parse("pink"));
        assertEquals(Background.GREEN, Palette.MEM.background());
        assertEquals(Background.BLUE, Palette.CHAIN.background());
        assertEquals(Background.GREY, Palette.AQUA.background());
        assertEquals(Background.YELLOW, Palette.HOT.background());
    }

    @Test
    void minWidthAsPercentAndTotal() throws Exception {
        FlameOptions pct = FlameOptions.defaults().withMinWidthPercent(1);
        SvgDocument d = svg(pct);
        double inner = FlameOptions.DEFAULT_WIDTH - 2.0 * SvgFlameGraph.PAD;
        List<SvgDocument.Frame> all = new ArrayList<>();
        d.root().forEach(all::add);
        for (SvgDocument.Frame f : all) {
            assertTrue(f.weight() * 100.0 / DELETE.totalWeight() >= 1 - 1e-9, f.name() + " below 1%");
        }
        assertTrue(d.byId("pruned").getTextContent().endsWith("narrower than 1% of the total not drawn"));
        assertEquals(inner, d.root().width(), 0.01);
        SvgDocument half = svg(FlameOptions.defaults().withTotal(DELETE.totalWeight() * 2));
        assertEquals(inner / 2, half.root().width(), 0.01, "--total twice the weight: half the width");
        SvgDocument smaller = svg(FlameOptions.defaults().withTotal(1));
        assertEquals(inner, smaller.root().width(), 0.01, "a --total below the real one is ignored");
    }

    @Test
    void annotationsColourAndLeaveTheLabel() throws Exception {
        // The peers' expected collapse --all output of perf-java-faults-01 (the compat suite, see
        // perf-ingest's test resources NOTICE): _[k] and _[j] annotations.
        Profile p = Fixtures.folded("java-faults-annotated.folded");
        CallTree tree = CallTrees.full(p, true);
        int kernel = -1;
        for (int n = 1; n < tree.size(); n++) {
            if (tree.name(n).endsWith("_[k]")) {
                kernel = n;
            }
        }
        assertTrue(kernel > 0, "the perf-java-faults capture was collapsed with kernel annotations");
        for (Palette pal : List.of(Palette.HOT, Palette.JAVA, Palette.JS)) {
            Color c = pal.style(true).fill(tree, kernel);
            assertTrue(c.getBlue() == 0 && c.getRed() >= 190 && c.getGreen() >= 90, pal + " kernel orange: " + c);
        }
        String svg = SvgFlameGraphTest.render(p, FlameOptions.defaults().withMinWidth(0), true);
        assertFalse(svg.contains("_[k]"), "annotations never shown");
        assertEquals(Palette.GREEN, hueOf(Palette.JAVA, "Ljava/util/HashMap;::get_[j]"));
        assertEquals(Palette.AQUA, hueOf(Palette.JAVA, "Foo::bar_[i]"));
        assertEquals(Palette.YELLOW, hueOf(Palette.JAVA, "JVM::thing"));
        assertEquals(Palette.GREEN, hueOf(Palette.JAVA, "java/lang/Thread.run"));
        assertEquals(Palette.RED, hueOf(Palette.JAVA, "memcpy"));
        assertEquals(Palette.PURPLE, hueOf(Palette.JS, "f /app/node_modules/x.js"));
        assertEquals(Palette.ORANGE, hueOf(Palette.RUST, "std::io::Write::write_all"));
        assertEquals(Palette.AQUA, hueOf(Palette.RUST, "myapp::main"));
        assertEquals(Palette.AQUA, hueOf(Palette.PYTHON, "/usr/lib/python3/site-packages/x.py:f"));
        assertEquals(Palette.YELLOW, hueOf(Palette.PYTHON, "/usr/lib/python3.11/json/decoder.py:decode"));
        assertEquals(Palette.GREEN, hueOf(Palette.PERL, "Perl_pp_entersub"));
        assertEquals(Palette.AQUA, hueOf(Palette.CHAIN, "wake_up_process_[w]"));
        assertEquals(Palette.BLUE, hueOf(Palette.CHAIN, "schedule"));
    }

    /** Which hue a name gets: the palette's colour equals that hue's colour for the same variation. */
    private static Palette hueOf(Palette palette, String name) {
        Color c = palette.color(name, 0.5, 0.5);
        for (Palette hue : List.of(Palette.RED, Palette.GREEN, Palette.BLUE, Palette.AQUA, Palette.YELLOW,
                Palette.PURPLE, Palette.ORANGE)) {
            if (hue.color(name, 0.5, 0.5).equals(c)) {
                return hue;
            }
        }
        return null;
    }

    @Test
    void paletteMapKeepsColoursAcrossGraphsAndRoundTrips() throws Exception {
        PaletteMap map = PaletteMap.read(new StringReader("mysql_delete->rgb(1,2,3)\nnot a line\n"));
        assertEquals(1, map.ignored());
        assertEquals(2, map.firstIgnored());
        FlameOptions o = FlameOptions.defaults().withStyle(map.over(Palette.HOT.style(false))).withMinWidth(0);
        List<SvgDocument.Frame> frames = new ArrayList<>();
        svg(o).root().forEach(frames::add);
        assertTrue(frames.stream().anyMatch(f -> f.name().equals("mysql_delete") && f.fill().contains("rgb(1,2,3)")));
        assertTrue(map.size() > 100, "every drawn function added");
        StringWriter w = new StringWriter();
        map.write(w);
        PaletteMap again = PaletteMap.read(new StringReader(w.toString()));
        assertEquals(map.size(), again.size());
        assertEquals(0, again.ignored());
        List<SvgDocument.Frame> second = new ArrayList<>();
        new SvgDocument(SvgFlameGraphTest.render(Fixtures.folded("point-select.folded"),
                FlameOptions.defaults().withStyle(again.over(Palette.IO.style(false))).withMinWidth(0), true))
                .root().forEach(second::add);
        for (SvgDocument.Frame f : second) {
            for (SvgDocument.Frame g : frames) {
                if (g.name().equals(f.name())) {
                    assertEquals(g.fill(), f.fill(), f.name() + " keeps its colour in another graph and palette");
                }
            }
        }
        assertNotEquals(0, second.size());
    }
}
