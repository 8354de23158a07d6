package io.myflame.core.flame;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.text.Escape;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.SVGHints;
import org.jfree.svg.ViewBox;

/**
 * Draws a call tree as an interactive flamegraph SVG with jfreesvg: one rectangle per node, width
 * proportional to its inclusive weight. Each frame is an SVG group nested in its parent's group and
 * carrying its name and weight, which the embedded script ({@code flame.js}) uses for tooltips,
 * zoom and search; the file needs no network and no other file.
 *
 * <p>Output is deterministic: jfreesvg's time-based id prefix is replaced, numbers are printed with
 * a fixed format, and no colour is random.
 */
public final class SvgFlameGraph {
    static final int FRAME_HEIGHT = 16;
    static final int FONT_SIZE = 12;
    static final double CHAR_WIDTH = FONT_SIZE * 0.59;
    static final int PAD = 10;
    static final int TOP = FONT_SIZE * 3 + 8;
    static final int BOTTOM = FONT_SIZE * 2 + 10;
    static final int LEGEND = 22;
    private static final Font FONT = new Font("Verdana", Font.PLAIN, FONT_SIZE);
    private static final Font TITLE_FONT = new Font("Verdana", Font.PLAIN, FONT_SIZE + 5);

    private final FlameOptions options;

    public SvgFlameGraph(FlameOptions options) {
        this.options = options;
    }

    /** Lays out {@code tree} with the options' width and minimum width. */
    public FlameLayout layout(CallTree tree) {
        return FlameLayout.of(tree, PAD, options.width() - 2.0 * PAD, options.minWidth());
    }

    /** Renders {@code tree} as a complete SVG document. */
    public void write(CallTree tree, Writer out) throws IOException {
        out.write(render(layout(tree)));
        out.flush();
    }

    /** Renders a layout as a complete SVG document. */
    public String render(FlameLayout layout) {
        boolean legend = !options.style().legend().isEmpty();
        int height = TOP + (layout.maxDepth() + 1) * FRAME_HEIGHT + BOTTOM + (legend ? LEGEND : 0);
        SVGGraphics2D g = new SVGGraphics2D(options.width(), height);
        g.setDefsKeyPrefix("mf");
        g.setGeomDoubleConverter(SvgFlameGraph::number);
        g.setTransformDoubleConverter(SvgFlameGraph::number);
        g.setColor(Color.WHITE);
        g.fill(new Rectangle2D.Double(0, 0, options.width(), height));
        drawHeader(g);
        drawFrames(g, layout, height - BOTTOM - (legend ? LEGEND : 0));
        drawFooter(g, layout, height - (legend ? LEGEND : 0));
        if (legend) {
            drawLegend(g, height);
        }
        String svg = g.getSVGElement(null, true, new ViewBox(0, 0, options.width(), height), null, null);
        int close = svg.lastIndexOf("</svg>");
        return "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
                + svg.substring(0, close) + "\n<style><![CDATA[" + resource("flame.css")
                + "]]></style>\n<script><![CDATA[" + resource("flame.js") + "]]></script>\n</svg>\n";
    }

    private void drawHeader(SVGGraphics2D g) {
        g.setColor(Color.BLACK);
        g.setFont(TITLE_FONT);
        text(g, "title", options.title(), centred(options.title(), FONT_SIZE + 5), FONT_SIZE * 2);
        g.setFont(FONT);
        if (!options.subtitle().isEmpty()) {
            g.setColor(new Color(0x60, 0x60, 0x60));
            text(g, "subtitle", options.subtitle(), centred(options.subtitle(), FONT_SIZE), FONT_SIZE * 3 + 2);
        }
        g.setColor(Color.BLACK);
        text(g, "reset", "Reset zoom", PAD, FONT_SIZE * 2);
        text(g, "search", "Search", options.width() - PAD - 60, FONT_SIZE * 2);
    }

    private void drawFooter(SVGGraphics2D g, FlameLayout layout, int bottom) {
        g.setColor(Color.BLACK);
        g.setFont(FONT);
        text(g, "details", " ", PAD, bottom - 8);
        text(g, "matched", " ", options.width() - PAD - 220, bottom - 8);
        if (layout.pruned() > 0) {
            g.setColor(new Color(0x80, 0x80, 0x80));
            String note = String.format(Locale.ROOT, "%d frames narrower than %s px not drawn",
                    layout.pruned(), number(options.minWidth()));
            text(g, "pruned", note, PAD, bottom - 8 - FONT_SIZE - 4);
        }
    }

    private void drawLegend(SVGGraphics2D g, int height) {
        double x = PAD;
        int y = height - LEGEND + 4;
        g.setFont(FONT);
        for (FrameStyle.LegendEntry e : options.style().legend()) {
            g.setColor(e.color());
            g.fill(new Rectangle2D.Double(x, y, 14, 14));
            g.setColor(Color.BLACK);
            g.drawString(svgText(e.label()), (float) (x + 18), (float) (y + 11));
            x += 30 + e.label().length() * CHAR_WIDTH;
        }
    }

    private void drawFrames(SVGGraphics2D g, FlameLayout layout, int baseline) {
        CallTree tree = layout.tree();
        Map<String, String> attrs = new LinkedHashMap<>();
        attrs.put("id", "frames");
        if (options.style().outlined()) {
            attrs.put("class", "outlined");
        }
        attrs.put("data-total", Long.toString(tree.total(0)));
        attrs.put("data-unit", svgText(options.unit()));
        attrs.put("data-inverted", Boolean.toString(options.inverted()));
        attrs.put("data-width", Integer.toString(options.width()));
        attrs.put("data-pad", Integer.toString(PAD));
        g.setRenderingHint(SVGHints.KEY_BEGIN_GROUP, attrs);
        g.setFont(FONT);
        int[] open = new int[layout.maxDepth() + 2];
        int depthOpen = 0;
        for (int i = 0; i < layout.size(); i++) {
            while (depthOpen > 0 && open[depthOpen - 1] <= i) {
                g.setRenderingHint(SVGHints.KEY_END_GROUP, Boolean.TRUE);
                depthOpen--;
            }
            drawFrame(g, layout, i, baseline);
            open[depthOpen++] = layout.end(i);
        }
        while (depthOpen-- > 0) {
            g.setRenderingHint(SVGHints.KEY_END_GROUP, Boolean.TRUE);
        }
        g.setRenderingHint(SVGHints.KEY_END_GROUP, Boolean.TRUE);
    }

    private void drawFrame(SVGGraphics2D g, FlameLayout layout, int i, int baseline) {
        CallTree tree = layout.tree();
        int n = layout.node(i);
        String name = tree.name(n);
        Map<String, String> attrs = new LinkedHashMap<>();
        attrs.put("class", "f");
        attrs.put("data-n", svgText(name));
        attrs.put("data-w", Long.toString(tree.total(n)));
        if (layout.gap(i) > 0) {
            attrs.put("data-g", Long.toString(layout.gap(i)));
        }
        String note = options.style().note(tree, n);
        if (note != null) {
            attrs.put("data-t", svgText(note));
        }
        g.setRenderingHint(SVGHints.KEY_BEGIN_GROUP, attrs);
        double y = y(layout.depth(i), baseline);
        double w = layout.width(i);
        g.setColor(options.style().fill(tree, n));
        g.fill(new Rectangle2D.Double(layout.x(i), y, w, FRAME_HEIGHT - 1));
        String label = label(name, w);
        if (!label.isEmpty()) {
            g.setColor(Color.BLACK);
            g.drawString(svgText(label), (float) (layout.x(i) + 3), (float) (y + FONT_SIZE - 1));
        }
    }

    private double y(int depth, int baseline) {
        return options.inverted() ? TOP + depth * FRAME_HEIGHT : baseline - (depth + 1) * FRAME_HEIGHT;
    }

    /** The text that fits a frame {@code w} pixels wide, as flamegraph.pl cuts it; empty when none fits. */
    static String label(String name, double w) {
        int chars = (int) ((w - 6) / CHAR_WIDTH);
        if (chars < 3) {
            return "";
        }
        return name.length() <= chars ? name : name.substring(0, chars - 2) + "..";
    }

    private double centred(String s, int fontSize) {
        return Math.max(PAD, (options.width() - s.length() * fontSize * 0.59) / 2);
    }

    private static void text(SVGGraphics2D g, String id, String s, double x, double y) {
        g.setRenderingHint(SVGHints.KEY_ELEMENT_ID, id);
        g.drawString(svgText(s), (float) x, (float) y);
    }

    /**
     * Escapes for jfreesvg, which escapes text itself but leaves anything that already looks like
     * one of the five XML entities alone: escaping first with exactly those entities makes every
     * name, even one containing a literal {@code &lt;}, come out as itself.
     */
    static String svgText(String s) {
        return Escape.xml(s).replace("&#39;", "&apos;");
    }

    /** Numbers with at most two decimals, no exponent, no trailing zeros: stable and short. */
    static String number(double d) {
        long hundredths = Math.round(d * 100);
        long whole = hundredths / 100;
        long frac = Math.abs(hundredths % 100);
        String sign = hundredths < 0 && whole == 0 ? "-" : "";
        if (frac == 0) {
            return sign + whole;
        }
        return sign + whole + (frac % 10 == 0 ? "." + frac / 10 : (frac < 10 ? ".0" : ".") + frac);
    }

    private static String resource(String name) {
        try (InputStream in = SvgFlameGraph.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            String s = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            if (s.contains("]]>")) {
                throw new IllegalStateException(name + " must not contain ]]>");
            }
            return s;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Legend entries of the options' style (for tests and callers drawing their own key). */
    public List<FrameStyle.LegendEntry> legend() {
        return options.style().legend();
    }
}
