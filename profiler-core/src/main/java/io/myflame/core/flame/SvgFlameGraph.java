package io.myflame.core.flame;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.model.Profile;
import io.myflame.core.text.Escape;
import io.myflame.core.text.Graph;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.jfree.svg.SVGGraphics2D;
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
    static final int PAD = 10;

    private final FlameOptions options;

    public SvgFlameGraph(FlameOptions options) {
        this.options = options;
    }

    /** Lays out {@code tree} with the options' width, minimum width (pixels or percent) and total. */
    public FlameLayout layout(CallTree tree) {
        return FlameLayout.of(tree, PAD, innerWidth(), minWidthPx(), options.total());
    }

    /**
     * Lays out the full call tree of {@code profile} (with {@code byComm}, under per-comm roots) as
     * {@link #layout(CallTree)} lays out {@code CallTrees.full(profile, byComm)}, frame for frame,
     * without building the nodes too narrow to draw: the way to draw a wide profile.
     */
    public FlameLayout layout(Profile profile, boolean byComm) {
        return PrunedLayout.of(profile, byComm, PAD, innerWidth(), minWidthPx(), options.total());
    }

    private double innerWidth() {
        return options.width() - 2.0 * PAD;
    }

    private double minWidthPx() {
        return options.minWidthPercent() >= 0 ? innerWidth() * options.minWidthPercent() / 100 : options.minWidth();
    }

    /** A layout as a graph any command writes as SVG or PNG ({@link io.myflame.core.text.OutputFormat#write}). */
    public Graph graph(FlameLayout layout) {
        return Graph.of(w -> write(layout, w), out -> writePng(layout, out));
    }

    /** Renders {@code tree} as a complete SVG document. */
    public void write(CallTree tree, Writer out) throws IOException {
        write(layout(tree), out);
    }

    /**
     * Renders a layout as a complete SVG document, written as it is made: the frames' text goes out
     * as drawn, never copied into one string.
     */
    public void write(FlameLayout layout, Writer out) throws IOException {
        FlameDrawing d = new FlameDrawing(options, layout, true);
        StringBuilder body = new StringBuilder();
        SVGGraphics2D g = svg(d, body);
        // about 150 characters a frame, in two shares
        int expected = (int) Math.min(Integer.MAX_VALUE - 64, 80L * layout.size() + 1024);
        FlameDrawing.Frames frames = d.draw(g, () -> {
            StringBuilder text = new StringBuilder(expected);
            return new FlameDrawing.Share(svg(d, text), text);
        }, body);
        // jfreesvg's element is the <svg> tag and its defs, then the body drawn, then </svg>
        String svg = g.getSVGElement(null, true, new ViewBox(0, 0, options.width(), d.height), null, null);
        int close = svg.lastIndexOf("</svg>");
        int framesAt = close - body.length() + frames.at();
        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
        if (!options.notes().isEmpty()) {
            out.write("<!-- NOTES: " + comment(options.notes()) + " -->\n");
        }
        out.write(svg, 0, framesAt);
        char[] chunk = new char[8192];
        for (StringBuilder text : frames.texts()) {
            for (int at = 0; at < text.length(); at += chunk.length) {
                int n = Math.min(chunk.length, text.length() - at);
                text.getChars(at, at + n, chunk, 0);
                out.write(chunk, 0, n);
            }
        }
        out.write(svg, framesAt, close - framesAt);
        out.write("\n<style><![CDATA[" + resource("flame.css") + extraCss() + "]]></style>\n");
        if (options.javascript()) {
            out.write("<script><![CDATA[" + resource("flame.js") + "]]></script>\n");
        }
        out.write("</svg>\n");
        out.flush();
    }

    /**
     * Renders {@code tree} as a PNG: the same drawing on a {@link BufferedImage} (no script, no
     * tooltips). Refused when the image would be too large to hold in memory.
     */
    public void writePng(CallTree tree, OutputStream out) throws IOException {
        writePng(layout(tree), out);
    }

    /** Renders a layout as a PNG, as {@link #writePng(CallTree, OutputStream)}. */
    public void writePng(FlameLayout layout, OutputStream out) throws IOException {
        FlameDrawing d = new FlameDrawing(options, layout, false);
        if ((long) d.width() * d.height > MAX_PNG_PIXELS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "a %d x %d px PNG is too large (stacks %d frames deep); use SVG or --minwidth",
                    d.width(), d.height, (d.height - d.top - d.bottom - d.legendHeight) / d.frameHeight));
        }
        BufferedImage image = new BufferedImage(d.width(), d.height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            d.draw(g);
        } finally {
            g.dispose();
        }
        io.myflame.core.text.PngImage.write(image, out);
        out.flush();
    }

    /** 200 million pixels: 800 MB as ints, the most a PNG drawing may take. */
    static final long MAX_PNG_PIXELS = 200_000_000L;

    /** Renders a layout as a complete SVG document. */
    public String render(FlameLayout layout) {
        StringWriter out = new StringWriter();
        try {
            write(layout, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** A jfreesvg surface for {@code d} writing its elements to {@code body}, as every one of a drawing is set up. */
    private SVGGraphics2D svg(FlameDrawing d, StringBuilder body) {
        return surface(options.width(), d.height, body);
    }

    /** A jfreesvg surface of a flamegraph's size writing its elements to {@code body}. */
    static SVGGraphics2D surface(int width, int height, StringBuilder body) {
        SVGGraphics2D g = new SVGGraphics2D(width, height, null, body);
        g.setDefsKeyPrefix("mf");
        g.setFontFunction(FlameFont::css);
        g.setGeomDoubleConverter(SvgFlameGraph::number);
        g.setTransformDoubleConverter(SvgFlameGraph::number);
        return g;
    }

    /** CSS for options that differ from the defaults (none for a default graph). */
    private String extraCss() {
        StringBuilder css = new StringBuilder(options.style().css());
        if (!options.searchColor().equals(FlameOptions.DEFAULT_SEARCH)) {
            css.append("#frames g.f.hit > rect { fill: ").append(Background.css(options.searchColor()))
                    .append(" !important; }\n");
        }
        if (options.strokeColor() != null) {
            css.append("#frames g.f > rect { stroke: ").append(Background.css(options.strokeColor()))
                    .append("; stroke-width: 0.5; }\n");
        }
        if (!options.fontType().equals("Verdana") || options.fontSize() != 12) {
            css.append("#frames text, #tip text { font-family: ").append(cssFont(options.fontType()))
                    .append(", sans-serif; font-size: ").append(number(options.fontSize())).append("px; }\n");
        }
        return css.toString();
    }

    private static String cssFont(String family) {
        return "'" + family.replaceAll("[^A-Za-z0-9 _-]", "") + "'";
    }

    /** A comment may not hold {@code --}; XML-escaped so it reads as the text given. */
    private static String comment(String s) {
        return Escape.xmlComment(s);
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
        StringBuilder out = new StringBuilder(12);
        number(out, d);
        return out.toString();
    }

    /** Appends {@link #number(double)}'s text of {@code d} to {@code out}. */
    static void number(StringBuilder out, double d) {
        long hundredths = Math.round(d * 100);
        long whole = hundredths / 100;
        long frac = Math.abs(hundredths % 100);
        if (hundredths < 0 && whole == 0) {
            out.append('-');
        }
        out.append(whole);
        if (frac == 0) {
            return;
        }
        if (frac % 10 == 0) {
            out.append('.').append(frac / 10);
        } else {
            out.append(frac < 10 ? ".0" : ".").append(frac);
        }
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
