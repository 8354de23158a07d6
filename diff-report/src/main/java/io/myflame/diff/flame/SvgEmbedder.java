package io.myflame.diff.flame;

import io.myflame.core.analysis.CallTrees;
import io.myflame.core.flame.FlameOptions;
import io.myflame.core.flame.Palette;
import io.myflame.core.flame.SvgFlameGraph;
import io.myflame.core.model.Profile;
import io.myflame.core.text.Escape;
import io.myflame.diff.FlameGraphEmbedder;
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
    private static final Pattern HEIGHT = Pattern.compile("<svg[^>]*?\\sheight=\"([0-9.]+)");

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
            new DiffFlameGraph(false, true, false).write(before, after, FlameOptions.defaults().withTitle(title), svg);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return frame(svg.toString(), title, idPrefix);
    }

    private static String frame(String svg, String title, String id) {
        Matcher m = HEIGHT.matcher(svg);
        String height = m.find() ? m.group(1) : "600";
        String data = Base64.getEncoder().encodeToString(svg.getBytes(StandardCharsets.UTF_8));
        return "<iframe id=\"" + Escape.xml(id) + "\" class=\"flamegraph\" title=\"" + Escape.xml(title)
                + "\" style=\"width:100%;height:" + (int) (Double.parseDouble(height) + 24) + "px;border:0\" src=\"data:image/svg+xml;base64,"
                + data + "\"></iframe>\n";
    }
}
