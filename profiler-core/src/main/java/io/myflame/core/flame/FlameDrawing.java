package io.myflame.core.flame;

import io.myflame.core.Decimals;
import io.myflame.core.analysis.CallTree;
import io.myflame.core.task.Beside;
import io.myflame.core.task.Concurrency;
import io.myflame.core.text.Escape;
import java.awt.Color;
import java.awt.Font;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.jfree.svg.SVGHints;

/**
 * One drawing of a flamegraph on any {@link Graphics2D}: jfreesvg's for the SVG, a
 * {@code BufferedImage}'s for PNG. In the SVG every frame is a group nested in its parent's group
 * carrying its name and weight for the script; on other surfaces those hints are not given.
 */
final class FlameDrawing {
    /** The dashed outline of frames drawn {@link FrameStyle#apart}; the style's CSS dashes the SVG's alike. */
    static final Color APART_OUTLINE = new Color(0x50, 0x50, 0x50);

    private final FlameOptions options;
    private final FlameLayout layout;
    private final boolean svg;
    private final Font font;
    private final Font titleFont;
    final int fontSize;
    final int frameHeight;
    final int top;
    final int bottom;
    final int legendHeight;
    final int height;

    FlameDrawing(FlameOptions options, FlameLayout layout, boolean svg) {
        this.options = options;
        this.layout = layout;
        this.svg = svg;
        this.fontSize = (int) Math.round(options.fontSize());
        this.font = new FlameFont(options.fontType(), (float) options.fontSize());
        this.titleFont = new FlameFont(options.fontType(), (float) (options.fontSize() + 5));
        this.frameHeight = options.frameHeight();
        this.top = fontSize * 3 + 8;
        this.bottom = fontSize * 2 + 10;
        this.legendHeight = options.style().legend().isEmpty() ? 0 : Math.max(22, fontSize + 10);
        this.height = top + (layout.maxDepth() + 1) * frameHeight + bottom + legendHeight;
    }

    int width() {
        return options.width();
    }

    /**
     * A surface that draws by writing text, and that text: the frames of an SVG are drawn on these, by
     * one thread or two, and their texts written where the frames go ({@link Frames}).
     */
    record Share(Graphics2D graphics, StringBuilder text, StringBuilder under) {
        /** A share whose frames are written to {@code text}, which its surface writes to too. */
        Share(Graphics2D graphics, StringBuilder text) {
            this(graphics, text, text);
        }
    }

    /**
     * Where the frames' texts go in the text of the surface the rest was drawn on ({@code at}), in
     * order. Kept apart, they are written out as they are: appended to the rest, then all of it put
     * in jfreesvg's document, the frames of a 300k-stack graph were copied three more times (some
     * 40 MB for a 5 MB SVG).
     */
    record Frames(int at, java.util.List<StringBuilder> texts) {
    }

    /** Frames below which one thread draws them all: starting another costs more than it saves. */
    static final int SHARED_FRAMES = 8192;

    void draw(Graphics2D g) {
        draw(g, null, null);
    }

    /**
     * Draws on {@code g}, which writes its text to {@code out}. When {@code shares} is given (the
     * SVG), the frames are drawn on a share instead, or on two by two threads when the layout is large
     * and the style {@link FrameStyle#pure} (a 300k-stack graph spent a sixth of its run drawing
     * frames): returns their texts and where in {@code out} they go; null without shares.
     */
    Frames draw(Graphics2D g, Supplier<Share> shares, StringBuilder out) {
        Background bg = options.background();
        g.setPaint(bg.flat() ? bg.top() : new GradientPaint(0, 0, bg.top(), 0, height, bg.bottom()));
        g.fill(new Rectangle2D.Double(0, 0, options.width(), height));
        drawHeader(g);
        boolean twoThreads = layout.size() >= SHARED_FRAMES && options.style().pure()
                && Concurrency.machine().splits();
        Frames frames = drawFrames(g, height - bottom - legendHeight, shares, out, twoThreads ? layout.size() / 2 : -1);
        drawFooter(g, height - legendHeight);
        if (legendHeight > 0) {
            drawLegend(g);
        }
        return frames;
    }

    private void drawHeader(Graphics2D g) {
        g.setColor(Color.BLACK);
        g.setFont(titleFont);
        text(g, "title", options.title(), centred(options.title(), fontSize + 5), fontSize * 2);
        g.setFont(font);
        if (!options.subtitle().isEmpty()) {
            g.setColor(new Color(0x60, 0x60, 0x60));
            text(g, "subtitle", options.subtitle(), centred(options.subtitle(), fontSize), fontSize * 3 + 2);
        }
        if (svg && options.javascript()) {
            g.setColor(Color.BLACK);
            text(g, "reset", "Reset zoom", SvgFlameGraph.PAD, fontSize * 2);
            text(g, "search", "Search", options.width() - SvgFlameGraph.PAD - 60, fontSize * 2);
        }
    }

    private void drawFooter(Graphics2D g, int y) {
        g.setColor(Color.BLACK);
        g.setFont(font);
        if (svg && options.javascript()) {
            text(g, "details", " ", SvgFlameGraph.PAD, y - 8);
            text(g, "matched", " ", options.width() - SvgFlameGraph.PAD - 220, y - 8);
        }
        if (layout.pruned() > 0) {
            g.setColor(new Color(0x80, 0x80, 0x80));
            String limit = options.minWidthPercent() >= 0
                    ? SvgFlameGraph.number(options.minWidthPercent()) + "% of the total"
                    : SvgFlameGraph.number(options.minWidth()) + " px";
            String note = String.format(Locale.ROOT, "%d frames narrower than %s not drawn", layout.pruned(), limit);
            text(g, "pruned", note, SvgFlameGraph.PAD, y - 8 - fontSize - 4);
        }
    }

    private void drawLegend(Graphics2D g) {
        double x = SvgFlameGraph.PAD;
        int y = height - legendHeight + 4;
        int box = fontSize + 2;
        g.setFont(font);
        for (FrameStyle.LegendEntry e : options.style().legend()) {
            g.setColor(e.color());
            g.fill(new Rectangle2D.Double(x, y, box, box));
            g.setColor(Color.GRAY);
            g.draw(new Rectangle2D.Double(x, y, box, box));
            g.setColor(Color.BLACK);
            g.drawString(shown(e.label()), (float) (x + box + 4), (float) (y + box - 3));
            x += box + 16 + e.label().length() * options.charWidth();
        }
    }

    /**
     * Draws the frames, each a group nested in its parent's, in the group of all frames opened and
     * closed on {@code g}; with {@code shares}, on a share, or, from {@code split} on (when not -1), on
     * a second share by another thread. The groups open at {@code split} (its ancestors) were opened
     * on the first and are closed on the second, which knows where each ends.
     */
    Frames drawFrames(Graphics2D g, int baseline, Supplier<Share> shares, StringBuilder out, int split) {
        CallTree tree = layout.tree();
        if (svg) {
            Map<String, String> attrs = new LinkedHashMap<>();
            attrs.put("id", "frames");
            if (options.style().outlined()) {
                attrs.put("class", "outlined");
            }
            attrs.put("data-total", Long.toString(tree.total(0)));
            attrs.put("data-unit", shown(options.unit()));
            attrs.put("data-inverted", Boolean.toString(options.inverted()));
            attrs.put("data-width", Integer.toString(options.width()));
            attrs.put("data-pad", Integer.toString(SvgFlameGraph.PAD));
            moreAttributes(attrs);
            g.setRenderingHint(SVGHints.KEY_BEGIN_GROUP, attrs);
        }
        g.setFont(font);
        int[] open = new int[layout.maxDepth() + 2];
        Frames frames = null;
        if (shares == null) {
            Share surface = new Share(g, null, out);
            closeGroups(surface, drawFrames(surface, baseline, 0, layout.size(), open, 0));
        } else if (split <= 0 || split >= layout.size()) {
            Share one = shares.get();
            one.graphics().setFont(font);
            closeGroups(one, drawFrames(one, baseline, 0, layout.size(), open, 0));
            frames = new Frames(out.length(), java.util.List.of(one.text()));
        } else {
            // the style's per-tree facts made here, before the other thread reads them
            options.style().fill(tree, layout.node(0));
            int[] ancestors = openAt(split);
            Share first = shares.get();
            Share second = shares.get();
            first.graphics().setFont(font);
            second.graphics().setFont(font);
            Beside.run("myflame-draw", () -> {
                int[] stack = java.util.Arrays.copyOf(ancestors, open.length);
                closeGroups(second, drawFrames(second, baseline, split, layout.size(), stack, ancestors.length));
            }, () -> {
                int depthOpen = drawFrames(first, baseline, 0, split, open, 0);
                while (depthOpen > ancestors.length) {
                    endGroup(first);
                    depthOpen--;
                }
            });
            frames = new Frames(out.length(), java.util.List.of(first.text(), second.text()));
        }
        endGroup(new Share(g, null));
        return frames;
    }

    /**
     * Draws frames {@code [from, to)}; {@code open} holds, for the {@code depthOpen} groups open, the
     * frame index at which each ends. Returns how many groups are open after the last frame.
     */
    private int drawFrames(Share surface, int baseline, int from, int to, int[] open, int depthOpen) {
        for (int i = from; i < to; i++) {
            while (depthOpen > 0 && open[depthOpen - 1] <= i) {
                endGroup(surface);
                depthOpen--;
            }
            drawFrame(surface, i, baseline);
            open[depthOpen++] = layout.end(i);
        }
        return depthOpen;
    }

    private void closeGroups(Share surface, int depthOpen) {
        while (depthOpen-- > 0) {
            endGroup(surface);
        }
    }

    /** Where each group open when frame {@code split} is drawn ends: its ancestors', outermost first. */
    private int[] openAt(int split) {
        int[] open = new int[layout.maxDepth() + 2];
        int depthOpen = 0;
        for (int i = 0; i <= split; i++) {
            while (depthOpen > 0 && open[depthOpen - 1] <= i) {
                depthOpen--;
            }
            if (i < split) {
                open[depthOpen++] = layout.end(i);
            }
        }
        return java.util.Arrays.copyOf(open, depthOpen);
    }

    /** Only the options that differ from the defaults, so default graphs stay as they were. */
    private void moreAttributes(Map<String, String> attrs) {
        if (options.factor() != 1) {
            attrs.put("data-factor", Double.toString(options.factor()));
        }
        if (!options.nameType().equals("Function:")) {
            attrs.put("data-nametype", shown(options.nameType()));
        }
        if (options.fontSize() != 12 || options.fontWidth() != 0.59) {
            attrs.put("data-charwidth", Double.toString(options.charWidth()));
        }
        if (frameHeight != 16 || fontSize != 12) {
            attrs.put("data-dy", SvgFlameGraph.number(textDy()));
        }
        if (options.truncateRight()) {
            attrs.put("data-truncate", "right");
        }
        if (options.total() > layout.tree().total(0)) {
            attrs.put("data-scale-total", Long.toString(options.total()));
        }
    }

    private void endGroup(Share surface) {
        if (svg && surface.text() != null) {
            surface.text().append("</g>");
        } else if (svg) {
            surface.graphics().setRenderingHint(SVGHints.KEY_END_GROUP, Boolean.TRUE);
        }
    }

    /**
     * Draws frame {@code i}. On a share, whose text is at hand, the SVG's group and rectangle are
     * written straight to it, character for character as jfreesvg writes them (SvgFramesTest): through
     * jfreesvg, a map of attributes, a rectangle object and an escaping pass over every value took two
     * thirds of the drawing. Labels, and a colour with transparency, still go through jfreesvg. Drawn
     * on an SVG surface itself (no shares: what the tests compare direct writing with), all of it does.
     */
    private void drawFrame(Share surface, int i, int baseline) {
        Graphics2D g = surface.graphics();
        StringBuilder text = svg ? surface.text() : null;
        CallTree tree = layout.tree();
        int n = layout.node(i);
        // Names are raw bytes (see Escape): shown decoded, control characters as \xNN.
        String name = Escape.decode(Annotation.strip(tree.name(n)));
        boolean apart = options.style().apart(tree, n);
        String note = svg ? options.style().note(tree, n) : null;
        if (text != null) {
            SvgFrames.beginGroup(text, apart, shown(name), tree.total(n), layout.gap(i), note == null ? null : shown(note));
        } else if (svg) {
            Map<String, String> attrs = new LinkedHashMap<>();
            attrs.put("class", apart ? "f apart" : "f");
            attrs.put("data-n", shown(name));
            attrs.put("data-w", Long.toString(tree.total(n)));
            if (layout.gap(i) > 0) {
                attrs.put("data-g", Long.toString(layout.gap(i)));
            }
            if (note != null) {
                attrs.put("data-t", shown(note));
            }
            g.setRenderingHint(SVGHints.KEY_BEGIN_GROUP, attrs);
        }
        if (svg && !options.javascript() && surface.under() != null) {
            title(surface.under(), name, tree.total(n), note);
        }
        double y = y(layout.depth(i), baseline);
        double w = layout.width(i);
        Color fill = options.style().fill(tree, n);
        if (text != null && fill.getAlpha() == 255) {
            SvgFrames.rect(text, layout.x(i), y, w, frameHeight - 1, fill);
        } else {
            Rectangle2D.Double r = new Rectangle2D.Double(layout.x(i), y, w, frameHeight - 1);
            g.setColor(fill);
            g.fill(r);
            if (!svg && apart) {
                // The SVG dashes it in the style's CSS (a second shape would not follow the script's zoom).
                java.awt.Stroke plain = g.getStroke();
                g.setColor(APART_OUTLINE);
                g.setStroke(new java.awt.BasicStroke(1f, java.awt.BasicStroke.CAP_BUTT, java.awt.BasicStroke.JOIN_MITER,
                        10f, new float[] {3f, 2f}, 0f));
                g.draw(r);
                g.setStroke(plain);
            } else if (!svg && (options.strokeColor() != null || options.style().outlined())) {
                g.setColor(options.strokeColor() != null ? options.strokeColor() : new Color(0xc0, 0xc0, 0xc0));
                g.draw(r);
            }
        }
        // Fitted as shown (control characters as \xNN), the text the page's script fits on a zoom.
        String label = label(Escape.text(name), w);
        if (!label.isEmpty()) {
            g.setColor(Color.BLACK);
            g.drawString(shown(label), (float) (layout.x(i) + 3), (float) (y + textDy()));
        }
    }

    /**
     * A static picture's tooltip, the browser's own: {@code <title>NAME (1,234 samples, 5.67%)</title>}
     * as flamegraph.pl and inferno write it for every frame (the weight times {@code --factor}, in
     * {@code --countname}, its share of the whole two places as the tables round it), the style's note on
     * a line of its own. Only without the script, which draws its own tooltip and would show both.
     */
    private void title(StringBuilder out, String name, long weight, String note) {
        out.append("<title>").append(shown(name)).append(" (");
        grouped(out, Math.round(weight * options.factor()));
        out.append(' ').append(shown(options.unit())).append(", ");
        long total = layout.tree().total(0);
        out.append(Decimals.twoPlaces(total > 0 ? 100.0 * weight / total : 0)).append("%)");
        if (note != null) {
            out.append('\n').append(shown(note));
        }
        out.append("</title>");
    }

    /** {@code n} with a comma between groups of three digits, as the script's tooltip prints it. */
    private static void grouped(StringBuilder out, long n) {
        String digits = Long.toString(n);
        int first = digits.startsWith("-") ? 1 : 0;
        for (int i = 0; i < digits.length(); i++) {
            if (i > first && (digits.length() - i) % 3 == 0) {
                out.append(',');
            }
            out.append(digits.charAt(i));
        }
    }

    /** Baseline of a label below the frame's top: 11 px for the default 16 px frames and 12 px font. */
    double textDy() {
        return frameHeight / 2.0 + fontSize / 2.0 - 3;
    }

    private double y(int depth, int baseline) {
        return options.inverted() ? top + depth * frameHeight : baseline - (depth + 1) * frameHeight;
    }

    /** The text that fits a frame {@code w} pixels wide ({@link FrameLabel}); empty when none fits. */
    String label(String name, double w) {
        return FrameLabel.fit(name, w, options.charWidth(), options.truncateRight());
    }

    private double centred(String s, int size) {
        return Math.max(SvgFlameGraph.PAD, (options.width() - s.length() * size * options.fontWidth()) / 2);
    }

    private void text(Graphics2D g, String id, String s, double x, double y) {
        if (svg) {
            g.setRenderingHint(SVGHints.KEY_ELEMENT_ID, id);
        }
        g.drawString(shown(s), (float) x, (float) y);
    }

    /**
     * Text as the display policy shows it (control characters as {@code \xNN}), escaped for
     * jfreesvg in the SVG (see {@link SvgFlameGraph#svgText}); pixels take it as is.
     */
    private String shown(String s) {
        String text = Escape.text(s);
        return svg ? SvgFlameGraph.svgText(text) : text;
    }
}
