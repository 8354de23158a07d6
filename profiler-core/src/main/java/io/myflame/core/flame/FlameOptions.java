package io.myflame.core.flame;

import io.myflame.core.UsageError;
import java.awt.Color;
import java.util.Objects;

/**
 * How a flamegraph is drawn: labels, geometry, fonts, colours and what the tooltips call things,
 * with the defaults and meanings of flamegraph.pl / inferno's options of the same names. Immutable;
 * each {@code with...} method returns a changed copy.
 */
public final class FlameOptions implements Cloneable {
    public static final int DEFAULT_WIDTH = 1200;
    public static final double DEFAULT_MIN_WIDTH = 0.1;
    /** flamegraph.pl's search highlight, rgb(230,0,230). */
    public static final Color DEFAULT_SEARCH = new Color(230, 0, 230);

    private String title = "Flame Graph";
    private String subtitle = "";
    private int width = DEFAULT_WIDTH;
    private double minWidth = DEFAULT_MIN_WIDTH;
    private double minWidthPercent = -1;
    private boolean inverted;
    private FrameStyle style = Palette.HOT.style(false);
    private String unit = "samples";
    private String nameType = "Function:";
    private String notes = "";
    private String fontType = "Verdana";
    private double fontSize = 12;
    private double fontWidth = 0.59;
    private int frameHeight = 16;
    private double factor = 1;
    private Background background = Background.WHITE;
    private Color searchColor = DEFAULT_SEARCH;
    private Color strokeColor;
    private boolean truncateRight;
    private boolean javascript = true;
    private long total;

    private FlameOptions() {
    }

    /** Defaults: 1200 px wide, 0.1 px minimum width, hot colours on white, weights in samples. */
    public static FlameOptions defaults() {
        return new FlameOptions();
    }

    private FlameOptions copy() {
        try {
            return (FlameOptions) clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }

    public String title() {
        return title;
    }

    public String subtitle() {
        return subtitle;
    }

    /** Image width in pixels. */
    public int width() {
        return width;
    }

    /** Frames narrower than this many pixels are left out and counted. */
    public double minWidth() {
        return minWidth;
    }

    /** When not negative, the minimum width as a percentage of the total instead of pixels. */
    public double minWidthPercent() {
        return minWidthPercent;
    }

    /** Icicle: root at the top, callees below. */
    public boolean inverted() {
        return inverted;
    }

    public FrameStyle style() {
        return style;
    }

    /** What the weights count, for tooltips ({@code --countname}). */
    public String unit() {
        return unit;
    }

    /** The word before a frame's name in the details line ({@code --nametype}). */
    public String nameType() {
        return nameType;
    }

    /** Text kept in the SVG as a comment ({@code --notes}). */
    public String notes() {
        return notes;
    }

    public String fontType() {
        return fontType;
    }

    public double fontSize() {
        return fontSize;
    }

    /** Average character width as a fraction of the font size, for fitting labels. */
    public double fontWidth() {
        return fontWidth;
    }

    /** Pixels per stack level ({@code --height}). */
    public int frameHeight() {
        return frameHeight;
    }

    /** Tooltip counts are weights times this factor ({@code --factor}). */
    public double factor() {
        return factor;
    }

    public Background background() {
        return background;
    }

    public Color searchColor() {
        return searchColor;
    }

    /** Outline of every frame, or null for none. */
    public Color strokeColor() {
        return strokeColor;
    }

    /** Labels that do not fit keep their start ({@code f..}); by default their end ({@code ..f}), as inferno ({@link FrameLabel}). */
    public boolean truncateRight() {
        return truncateRight;
    }

    /** Whether the SVG carries its script (tooltips, zoom, search). */
    public boolean javascript() {
        return javascript;
    }

    /** The weight the full width stands for when larger than the graph's own total; 0 for none. */
    public long total() {
        return total;
    }

    public double charWidth() {
        return fontSize * fontWidth;
    }

    public FlameOptions withTitle(String t) {
        FlameOptions c = copy();
        c.title = Objects.requireNonNull(t);
        return c;
    }

    public FlameOptions withSubtitle(String s) {
        FlameOptions c = copy();
        c.subtitle = Objects.requireNonNull(s);
        return c;
    }

    public FlameOptions withWidth(int w) {
        if (w < 200) {
            throw new UsageError("width must be at least 200 pixels, not " + w);
        }
        FlameOptions c = copy();
        c.width = w;
        return c;
    }

    public FlameOptions withMinWidth(double m) {
        if (!(m >= 0)) {
            throw new UsageError("minimum width must be >= 0, not " + m);
        }
        FlameOptions c = copy();
        c.minWidth = m;
        c.minWidthPercent = -1;
        return c;
    }

    /** The minimum width as a percentage of the total ({@code --minwidth 0.1%}). */
    public FlameOptions withMinWidthPercent(double pct) {
        if (!(pct >= 0 && pct <= 100)) {
            throw new UsageError("minimum width must be between 0% and 100%, not " + pct + "%");
        }
        FlameOptions c = copy();
        c.minWidthPercent = pct;
        return c;
    }

    public FlameOptions withInverted(boolean i) {
        FlameOptions c = copy();
        c.inverted = i;
        return c;
    }

    public FlameOptions withStyle(FrameStyle s) {
        FlameOptions c = copy();
        c.style = Objects.requireNonNull(s);
        return c;
    }

    public FlameOptions withUnit(String u) {
        FlameOptions c = copy();
        c.unit = Objects.requireNonNull(u);
        return c;
    }

    public FlameOptions withNameType(String n) {
        FlameOptions c = copy();
        c.nameType = Objects.requireNonNull(n);
        return c;
    }

    public FlameOptions withNotes(String n) {
        FlameOptions c = copy();
        c.notes = Objects.requireNonNull(n);
        return c;
    }

    /** Font family, size in pixels and average character width (a fraction of the size). */
    public FlameOptions withFont(String type, double size, double widthRatio) {
        if (!(size >= 4 && size <= 100)) {
            throw new UsageError("font size must be between 4 and 100 pixels, not " + size);
        }
        if (!(widthRatio > 0.1 && widthRatio <= 2)) {
            throw new UsageError("font width must be between 0.1 and 2, not " + widthRatio);
        }
        FlameOptions c = copy();
        c.fontType = Objects.requireNonNull(type);
        c.fontSize = size;
        c.fontWidth = widthRatio;
        return c;
    }

    public FlameOptions withFrameHeight(int h) {
        if (h < 4 || h > 200) {
            throw new UsageError("frame height must be between 4 and 200 pixels, not " + h);
        }
        FlameOptions c = copy();
        c.frameHeight = h;
        return c;
    }

    public FlameOptions withFactor(double f) {
        if (!(f > 0) || Double.isInfinite(f)) {
            throw new UsageError("factor must be a positive number, not " + f);
        }
        FlameOptions c = copy();
        c.factor = f;
        return c;
    }

    public FlameOptions withBackground(Background b) {
        FlameOptions c = copy();
        c.background = Objects.requireNonNull(b);
        return c;
    }

    public FlameOptions withSearchColor(Color s) {
        FlameOptions c = copy();
        c.searchColor = Objects.requireNonNull(s);
        return c;
    }

    public FlameOptions withStrokeColor(Color s) {
        FlameOptions c = copy();
        c.strokeColor = s;
        return c;
    }

    public FlameOptions withTruncateRight(boolean t) {
        FlameOptions c = copy();
        c.truncateRight = t;
        return c;
    }

    public FlameOptions withJavascript(boolean j) {
        FlameOptions c = copy();
        c.javascript = j;
        return c;
    }

    public FlameOptions withTotal(long t) {
        if (t < 0) {
            throw new UsageError("total must not be negative, not " + t);
        }
        FlameOptions c = copy();
        c.total = t;
        return c;
    }
}
