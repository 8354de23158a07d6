package io.myflame.core.flame;

import java.awt.Color;
import org.jfree.svg.SVGUtils;

/**
 * A frame's group and rectangle in an SVG, written as jfreesvg's {@code SVGGraphics2D} writes them for
 * a group hint with attributes and an opaque rectangle fill, on a surface without transform or clip
 * (a share of the drawing): the same characters, without the map, the rectangle object, the colour
 * string and the escaping pass over every value that jfreesvg takes for each.
 */
final class SvgFrames {
    private SvgFrames() {
    }

    /**
     * {@code <g class='f' data-n='NAME' data-w='WEIGHT' [data-g='GAP'] [data-t='NOTE']>}; the name and
     * note are already escaped for jfreesvg ({@link SvgFlameGraph#svgText}), which leaves such text
     * as it is.
     */
    static void beginGroup(StringBuilder out, boolean apart, String name, long weight, long gap, String note) {
        out.append(apart ? "<g class='f apart' data-n='" : "<g class='f' data-n='");
        value(out, name);
        out.append("' data-w='").append(weight);
        if (gap > 0) {
            out.append("' data-g='").append(gap);
        }
        if (note != null) {
            out.append("' data-t='");
            value(out, note);
        }
        out.append("'>");
    }

    /**
     * {@code <rect x='X' y='Y' width='W' height='H' style='fill:rgb(R,G,B)'/>}, numbers as the SVG's
     * converter gives them; nothing for an empty rectangle, as jfreesvg. {@code fill} is opaque.
     */
    static void rect(StringBuilder out, double x, double y, double w, double h, Color fill) {
        if (w <= 0 || h <= 0) {
            return;
        }
        out.append("<rect x='");
        SvgFlameGraph.number(out, x);
        out.append("' y='");
        SvgFlameGraph.number(out, y);
        out.append("' width='");
        SvgFlameGraph.number(out, w);
        out.append("' height='");
        SvgFlameGraph.number(out, h);
        out.append("' style='fill:rgb(").append(fill.getRed()).append(',').append(fill.getGreen()).append(',')
                .append(fill.getBlue()).append(")'/>");
    }

    /** A value as jfreesvg's escaping leaves it: as it is unless it holds one of the characters it looks at. */
    private static void value(StringBuilder out, String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '<' || c == '>' || c == '&' || c == '\'' || c == '"') {
                out.append(SVGUtils.escapeForXML(s));
                return;
            }
        }
        out.append(s);
    }
}
