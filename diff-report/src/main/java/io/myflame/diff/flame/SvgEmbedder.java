package io.myflame.diff.flame;

import io.myflame.core.analysis.CallTrees;
import io.myflame.core.flame.FlameOptions;
import io.myflame.core.flame.Palette;
import io.myflame.core.flame.SvgFlameGraph;
import io.myflame.core.model.Profile;
import io.myflame.core.text.Escape;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Puts our interactive SVG flamegraphs into the HTML comparison page. Each graph goes into its own
 * iframe (a data: URL), so every graph keeps its own script, ids and zoom state and no name in it
 * can reach the page around it.
 */
public final class SvgEmbedder implements FlameGraphEmbedder {
    private static final Pattern SIZE = Pattern.compile("(<svg[^>]*?\\s)width='([0-9.]+)' height='([0-9.]+)'");

    @Override
    public String flamegraph(Profile profile, String title, String idPrefix) {
        FlameOptions options = FlameOptions.defaults().withTitle(title).withStyle(Palette.MYSQL.style(false));
        StringWriter svg = new StringWriter();
        try {
            new SvgFlameGraph(options).write(CallTrees.full(profile, false), svg);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return frame(svg.toString(), title, idPrefix);
    }

    @Override
    public String differential(Profile before, Profile after, String title, String idPrefix) {
        StringWriter svg = new StringWriter();
        try {
            DiffFlameGraph graph = DiffFlameGraph.defaults().withMode(DiffFlameGraph.defaultMode(before, after));
            FlameOptions options = FlameOptions.defaults().withTitle(title).withSubtitle(subtitle(graph.mode()));
            graph.write(before, after, options, svg);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return frame(svg.toString(), title, idPrefix);
    }

    static String subtitle(DiffFlameGraph.Mode mode) {
        return mode == DiffFlameGraph.Mode.BY_FUNCTION
                ? "each frame coloured by its function's change of inclusive share"
                : "each frame coloured by the change of its call path's inclusive share";
    }

    /**
     * The graph scales to the page: the SVG's root takes its frame's size (its viewBox keeps the
     * drawing's proportions), and the frame is as wide as the page allows, at most the drawing's
     * width, with the drawing's aspect ratio, so no graph is cut off or scrolled inside its frame.
     */
    static String frame(String svg, String title, String id) {
        Matcher m = SIZE.matcher(svg);
        if (!m.find()) {
            throw new IllegalStateException("SVG without width and height");
        }
        String width = m.group(2);
        String height = m.group(3);
        String fluid = svg.substring(0, m.start()) + m.group(1) + "width='100%' height='100%'" + svg.substring(m.end());
        String data = Base64.getEncoder().encodeToString(fluid.getBytes(StandardCharsets.UTF_8));
        return "<iframe id=\"" + Escape.xml(id) + "\" class=\"flamegraph\" title=\"" + Escape.xml(title)
                + "\" style=\"display:block;width:100%;max-width:" + width + "px;aspect-ratio:" + width + " / " + height
                + ";border:0\" src=\"data:image/svg+xml;base64," + data + "\"></iframe>\n";
    }
}
