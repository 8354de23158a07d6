package io.myflame.diff.flame;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.analysis.CallTrees;
import io.myflame.core.flame.FlameOptions;
import io.myflame.core.flame.SvgFlameGraph;
import io.myflame.core.model.Profile;
import java.io.IOException;
import java.io.Writer;

/**
 * A differential flamegraph of two profiles, drawn by the core SVG renderer with a
 * {@link DiffStyle}: widths from one profile (the new one by default), colours from the change of
 * each frame's inclusive share. Threads are merged unless {@code byComm}, since newer servers name
 * their threads and older ones do not.
 *
 * @param widthsFromBase take widths from the base profile, to see what disappeared
 * @param normalize      compare shares of each profile's total rather than raw weights
 * @param byComm         keep the thread name as the first frame on both sides
 */
public record DiffFlameGraph(boolean widthsFromBase, boolean normalize, boolean byComm) {

    /** Draws the graph of {@code base} against {@code next}. */
    public void write(Profile base, Profile next, FlameOptions options, Writer out) throws IOException {
        CallTree baseTree = CallTrees.full(base, byComm);
        CallTree nextTree = CallTrees.full(next, byComm);
        CallTree layout = widthsFromBase ? baseTree : nextTree;
        CallTree other = widthsFromBase ? nextTree : baseTree;
        DiffStyle style = new DiffStyle(layout, other, !widthsFromBase, normalize);
        new SvgFlameGraph(options.withStyle(style)).write(layout, out);
    }
}
