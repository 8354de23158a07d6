package io.myflame.core.flame;

import io.myflame.core.analysis.CallTree;
import java.awt.Color;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A consistent palette across graphs ({@code --cp}): the colour each function got, kept in a
 * file in flamegraph.pl's {@code palette.map} format ({@code NAME->rgb(R,G,B)} per line). A
 * function already in the map keeps its colour; a new one gets its palette colour and is added.
 */
public final class PaletteMap {
    private final Map<String, Color> colors = new TreeMap<>();
    private int ignored;
    private int firstIgnored;

    /** Reads a map; lines that are not {@code NAME->rgb(R,G,B)} are skipped and counted. */
    public static PaletteMap read(Reader in) throws IOException {
        PaletteMap map = new PaletteMap();
        BufferedReader r = new BufferedReader(in);
        int lineNo = 0;
        for (String line = r.readLine(); line != null; line = r.readLine()) {
            lineNo++;
            // "mysql_delete->rgb(230,95,85)"; a name may itself contain "->" (C++ member access in
            // a demangled template argument), so the colour is after the last one.
            int arrow = line.lastIndexOf("->");
            try {
                if (arrow < 0) {
                    throw new IllegalArgumentException("no ->");
                }
                map.colors.put(line.substring(0, arrow), Background.rgb(line.substring(arrow + 2)));
            } catch (IllegalArgumentException e) {
                if (!line.isBlank() && map.ignored++ == 0) {
                    map.firstIgnored = lineNo;
                }
            }
        }
        return map;
    }

    /** An empty map (no file yet). */
    public static PaletteMap empty() {
        return new PaletteMap();
    }

    /** Number of unreadable lines, and the first one's number (1-based), for a warning. */
    public int ignored() {
        return ignored;
    }

    public int firstIgnored() {
        return firstIgnored;
    }

    public int size() {
        return colors.size();
    }

    /** Writes every entry, sorted by name. */
    public void write(Writer out) throws IOException {
        for (Map.Entry<String, Color> e : colors.entrySet()) {
            out.write(e.getKey() + "->" + Background.css(e.getValue()) + "\n");
        }
        out.flush();
    }

    /** {@code style} with colours taken from, and added to, this map. */
    public FrameStyle over(FrameStyle style) {
        return new FrameStyle() {
            @Override
            public Color fill(CallTree tree, int node) {
                String name = tree.name(node);
                Color known = colors.get(name);
                if (known == null) {
                    known = style.fill(tree, node);
                    colors.put(name, known);
                }
                return known;
            }

            @Override
            public String note(CallTree tree, int node) {
                return style.note(tree, node);
            }

            @Override
            public boolean outlined() {
                return style.outlined();
            }

            @Override
            public List<LegendEntry> legend() {
                return style.legend();
            }
        };
    }
}
