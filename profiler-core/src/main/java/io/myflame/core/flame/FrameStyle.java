package io.myflame.core.flame;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.analysis.TruncatedStacks;
import java.awt.Color;
import java.util.List;

/**
 * Decides how one frame of a flamegraph looks: its fill colour, optional extra tooltip text (a
 * differential graph shows base and new shares there) and the legend drawn under the graph.
 */
public interface FrameStyle {
    /** The fill of {@code node} of {@code tree}. */
    Color fill(CallTree tree, int node);

    /** The tooltip line of the frame truncated stacks are drawn under, which says what its name means. */
    String TRUNCATED_NOTE = "stacks perf could not unwind to their thread's start: their callers are unknown";

    /** Extra tooltip line for {@code node}, or null; by default only for {@link TruncatedStacks#MARK}. */
    default String note(CallTree tree, int node) {
        return TruncatedStacks.MARK.equals(tree.name(node)) ? TRUNCATED_NOTE : null;
    }

    /**
     * Whether {@code node} is drawn apart from the colour scale, with a dashed outline (class
     * {@code apart} in the SVG): a differential graph's function present on one side only.
     */
    default boolean apart(CallTree tree, int node) {
        return false;
    }

    /** CSS the SVG needs for this style (e.g. the dashes of {@link #apart} frames); empty for none. */
    default String css() {
        return "";
    }

    /** Whether frames get a thin outline (when white frames must stay visible on white). */
    default boolean outlined() {
        return false;
    }

    /**
     * Whether frames may be styled from two threads at once, in any order, with the same result: no
     * colour depends on which frame was styled first. A style that learns as it goes (a palette map
     * keeps the first colour a name got) answers no, and its frames are drawn by one thread.
     */
    default boolean pure() {
        return false;
    }

    /** Legend entries (colour and label) in drawing order; empty for no legend. */
    default List<LegendEntry> legend() {
        return List.of();
    }

    /** One swatch of the legend. */
    record LegendEntry(Color color, String label) {
    }
}
