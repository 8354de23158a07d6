package io.myflame.core.flame;

import java.awt.Color;
import java.util.Locale;

/**
 * The background of a flamegraph: a vertical gradient from {@code top} to {@code bottom}, or one
 * flat colour when both are equal. The named gradients are flamegraph.pl's {@code --bgcolors}.
 *
 * @param top    colour at the top
 * @param bottom colour at the bottom
 */
public record Background(Color top, Color bottom) {
    public static final Background WHITE = new Background(Color.WHITE, Color.WHITE);
    public static final Background YELLOW = new Background(rgb("#eeeeee"), rgb("#eeeeb0"));
    public static final Background BLUE = new Background(rgb("#eeeeee"), rgb("#e0e0ff"));
    public static final Background GREEN = new Background(rgb("#eef2ee"), rgb("#e0ffe0"));
    public static final Background GREY = new Background(rgb("#f8f8f8"), rgb("#e8e8e8"));

    /** Whether this is one colour rather than a gradient. */
    public boolean flat() {
        return top.equals(bottom);
    }

    /** Parses {@code yellow}, {@code blue}, {@code green}, {@code grey}, {@code white} or {@code #rrggbb}. */
    public static Background parse(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "yellow" -> YELLOW;
            case "blue" -> BLUE;
            case "green" -> GREEN;
            case "grey", "gray" -> GREY;
            case "white" -> WHITE;
            default -> {
                Color c = rgb(s);
                yield new Background(c, c);
            }
        };
    }

    /**
     * A colour written {@code #rrggbb} or {@code rgb(r,g,b)} (how palette.map and inferno write
     * them); anything else is refused with the accepted forms.
     */
    public static Color rgb(String s) {
        String t = s.trim();
        try {
            if (t.matches("#[0-9a-fA-F]{6}")) {
                return new Color(Integer.parseInt(t.substring(1), 16));
            }
            if (t.matches("rgb\\(\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*\\)")) {
                String[] p = t.substring(4, t.length() - 1).split(",");
                return new Color(Integer.parseInt(p[0].trim()), Integer.parseInt(p[1].trim()),
                        Integer.parseInt(p[2].trim()));
            }
        } catch (IllegalArgumentException e) {
            // a component above 255: refused below
        }
        throw new IllegalArgumentException("not a colour: '" + s + "' (#rrggbb or rgb(r,g,b))");
    }

    /** {@code rgb(r,g,b)}, the form SVG and palette.map use. */
    public static String css(Color c) {
        return "rgb(" + c.getRed() + "," + c.getGreen() + "," + c.getBlue() + ")";
    }
}
