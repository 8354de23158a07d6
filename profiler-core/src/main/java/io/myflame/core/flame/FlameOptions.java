package io.myflame.core.flame;

import io.myflame.core.UsageError;
import java.util.Objects;

/**
 * How a flamegraph is drawn: the labels, the image width in pixels, the minimum frame width below
 * which frames are pruned (like flamegraph.pl's {@code --minwidth}), the direction, the colours and
 * the unit the tooltips name. Immutable; the {@code with...} methods return changed copies.
 *
 * @param title     heading at the top
 * @param subtitle  second line under the title, may be empty
 * @param width     image width in pixels (default 1200)
 * @param minWidth  frames narrower than this many pixels are left out and counted
 * @param inverted  icicle: root at the top, callees below
 * @param style     fill colour (and extra tooltip text) of each frame
 * @param unit      what the weights count, for tooltips ("samples", "cpu-clock period")
 */
public record FlameOptions(String title, String subtitle, int width, double minWidth, boolean inverted,
                           FrameStyle style, String unit) {
    public static final int DEFAULT_WIDTH = 1200;
    public static final double DEFAULT_MIN_WIDTH = 0.1;

    public FlameOptions {
        Objects.requireNonNull(title);
        Objects.requireNonNull(subtitle);
        Objects.requireNonNull(style);
        Objects.requireNonNull(unit);
        if (width < 200) {
            throw new UsageError("width must be at least 200 pixels, not " + width);
        }
        if (!(minWidth >= 0)) {
            throw new UsageError("minimum width must be >= 0, not " + minWidth);
        }
    }

    /** Flame graph defaults: 1200 px wide, 0.1 px minimum width, hot colours, weights in samples. */
    public static FlameOptions defaults() {
        return new FlameOptions("Flame Graph", "", DEFAULT_WIDTH, DEFAULT_MIN_WIDTH, false,
                Palette.HOT.style(false), "samples");
    }

    public FlameOptions withTitle(String t) {
        return new FlameOptions(t, subtitle, width, minWidth, inverted, style, unit);
    }

    public FlameOptions withSubtitle(String s) {
        return new FlameOptions(title, s, width, minWidth, inverted, style, unit);
    }

    public FlameOptions withWidth(int w) {
        return new FlameOptions(title, subtitle, w, minWidth, inverted, style, unit);
    }

    public FlameOptions withMinWidth(double m) {
        return new FlameOptions(title, subtitle, width, m, inverted, style, unit);
    }

    public FlameOptions withInverted(boolean i) {
        return new FlameOptions(title, subtitle, width, minWidth, i, style, unit);
    }

    public FlameOptions withStyle(FrameStyle s) {
        return new FlameOptions(title, subtitle, width, minWidth, inverted, s, unit);
    }

    public FlameOptions withUnit(String u) {
        return new FlameOptions(title, subtitle, width, minWidth, inverted, style, u);
    }
}
