package io.myflame.core.text;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;

/**
 * Something drawn rather than tabled (a flamegraph, a differential graph, a chart of a comparison),
 * written in {@link OutputFormat#SVG}, {@link OutputFormat#PNG} or, for a flamegraph,
 * {@link OutputFormat#HTML}: what {@link Document} is to the tables. {@link OutputFormat#write(Graph,
 * OutputStream)} is the one place that picks a method, so a graph is written by the same rules and
 * through the same {@code -o} as a table.
 */
public interface Graph {
    /** The graph as SVG markup. */
    default void svg(Writer w) throws IOException {
        throw unsupported(OutputFormat.SVG);
    }

    /** The graph as a PNG image. */
    default void png(OutputStream out) throws IOException {
        throw unsupported(OutputFormat.PNG);
    }

    /**
     * The graph as an HTML page: only a flamegraph has one (async-profiler's). A command never asks a
     * graph for a format its {@link CommandFormats} does not list, so the defaults are never reached.
     */
    default void html(OutputStream out) throws IOException {
        throw unsupported(OutputFormat.HTML);
    }

    private IllegalStateException unsupported(OutputFormat f) {
        return new IllegalStateException(getClass().getName() + " is not drawn as " + f.title());
    }

    /** A graph drawn by two functions, one per format (a chart's static {@code svg} and {@code png}). */
    static Graph of(Drawer<Writer> svg, Drawer<OutputStream> png) {
        return new Graph() {
            @Override
            public void svg(Writer w) throws IOException {
                svg.draw(w);
            }

            @Override
            public void png(OutputStream out) throws IOException {
                png.draw(out);
            }
        };
    }

    /** Draws a graph in one format onto what it is written to. */
    @FunctionalInterface
    interface Drawer<T> {
        void draw(T out) throws IOException;
    }
}
