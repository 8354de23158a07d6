package io.myflame.core.flame;

import io.myflame.core.UsageError;
import io.myflame.core.analysis.CallTree;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The flamegraph colour schemes users know from flamegraph.pl ({@code hot}, {@code mem},
 * {@code io}) plus {@code mysql}, which colours frames by server layer and draws a legend.
 *
 * <p>Colours vary a little from frame to frame so neighbours stay apart. The variation is never
 * random: by default it comes from the name and the frame's depth (same input, same picture); with
 * hashing by name it comes from the function name alone, so one function has one colour in every
 * graph, which helps when two graphs are compared side by side.
 */
public enum Palette {
    HOT, MEM, IO, MYSQL;

    /** Parses a {@code --colors} value. */
    public static Palette parse(String s) {
        try {
            return valueOf(s.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageError("unknown palette '" + s + "' (hot, mem, io, mysql)");
        }
    }

    /** The style of this palette; {@code byName} takes the variation from the name only. */
    public FrameStyle style(boolean byName) {
        Palette palette = this;
        return new FrameStyle() {
            @Override
            public Color fill(CallTree tree, int node) {
                String name = tree.name(node);
                long seed = byName ? 0 : depth(tree, node) * 2L + 2;
                double v1 = hash(name, seed);
                double v2 = hash(name, seed + 1);
                return palette.color(tree, node, v1, v2);
            }

            @Override
            public List<LegendEntry> legend() {
                return palette == MYSQL ? MysqlLayer.legend() : List.of();
            }
        };
    }

    private Color color(CallTree tree, int node, double v1, double v2) {
        return switch (this) {
            // The three formulas of flamegraph.pl's color().
            case HOT -> new Color(205 + (int) (50 * v2), (int) (230 * v1), (int) (55 * v2));
            case MEM -> new Color(0, 190 + (int) (50 * v2), (int) (210 * v1));
            case IO -> {
                int r = 80 + (int) (60 * v1);
                yield new Color(r, r, 190 + (int) (55 * v2));
            }
            case MYSQL -> MysqlLayer.of(tree, node).shade(v1);
        };
    }

    private static int depth(CallTree tree, int node) {
        int d = 0;
        for (int p = tree.parent(node); p > 0; p = tree.parent(p)) {
            d++;
        }
        return d;
    }

    /** A number in [0, 1) from a name and a seed (FNV-1a, then a final mix). */
    static double hash(String name, long seed) {
        long h = 0xcbf29ce484222325L ^ seed * 0x9E3779B97F4A7C15L;
        for (int i = 0; i < name.length(); i++) {
            h ^= name.charAt(i);
            h *= 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return (h >>> 11) * 0x1.0p-53;
    }

    /** Legend entries of all layers, for callers that draw their own. */
    static List<FrameStyle.LegendEntry> entries(List<MysqlLayer> layers) {
        List<FrameStyle.LegendEntry> out = new ArrayList<>();
        for (MysqlLayer l : layers) {
            out.add(new FrameStyle.LegendEntry(l.base(), l.label()));
        }
        return out;
    }
}
