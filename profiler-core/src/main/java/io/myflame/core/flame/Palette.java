package io.myflame.core.flame;

import io.myflame.core.UsageError;
import io.myflame.core.analysis.CallTree;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The flamegraph colour schemes of flamegraph.pl and inferno ({@code hot}, {@code mem}, {@code io},
 * the flat hues, and the language palettes {@code java js perl python rust wakeup chain}) plus
 * {@code mysql}, which colours frames by server layer and draws a legend. Frame annotations
 * ({@code _[k]} kernel, {@code _[j]} JIT, {@code _[i]} inlined, {@code _[w]} waker) pick orange,
 * green, aqua and aqua in every palette but the flat hues, as the java palette of the peers does.
 *
 * <p>Colours vary a little from frame to frame so neighbours stay apart. The variation is never
 * random: by default it comes from the name and the frame's depth (same input, same picture); with
 * hashing by name it comes from the function name alone, so one function has one colour in every
 * graph, which helps when two graphs are compared side by side.
 */
public enum Palette {
    HOT, MEM, IO, WAKEUP, CHAIN, JAVA, JS, PERL, PYTHON, RUST,
    RED, GREEN, BLUE, AQUA, YELLOW, PURPLE, ORANGE, MYSQL;

    /** Parses a {@code --colors} value. */
    public static Palette parse(String s) {
        try {
            return valueOf(s.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageError("unknown palette '" + s + "' (" + names() + ")");
        }
    }

    /** All palette names, as {@code --colors} takes them. */
    public static String names() {
        List<String> out = new ArrayList<>();
        for (Palette p : values()) {
            out.add(p.name().toLowerCase(Locale.ROOT));
        }
        return String.join(", ", out);
    }

    /** flamegraph.pl's default background for this palette (white for mysql, whose layers need contrast). */
    public Background background() {
        return switch (this) {
            case MEM -> Background.GREEN;
            case IO, WAKEUP, CHAIN -> Background.BLUE;
            case RED, GREEN, BLUE, AQUA, YELLOW, PURPLE, ORANGE -> Background.GREY;
            case MYSQL -> Background.WHITE;
            default -> Background.YELLOW;
        };
    }

    /** The style of this palette; {@code byName} takes the variation from the name only. */
    public FrameStyle style(boolean byName) {
        Palette palette = this;
        return new FrameStyle() {
            private CallTree seen;
            private int[] depth;
            private byte[] layer;

            @Override
            public Color fill(CallTree tree, int node) {
                if (tree != seen) {
                    // Per-node facts in one pass (parents come before children): a deep stack must
                    // not cost a walk to the root for every frame.
                    seen = tree;
                    depth = byName ? null : TreeFacts.depths(tree);
                    layer = palette == MYSQL ? MysqlLayer.layers(tree) : null;
                }
                String name = tree.name(node);
                long seed = byName ? 0 : depth[node] * 2L + 2;
                double v1 = hash(name, seed);
                double v2 = hash(name, seed + 1);
                if (palette == MYSQL) {
                    return MysqlLayer.values()[layer[node]].shade(v1);
                }
                return palette.color(name, v1, v2);
            }

            @Override
            public List<LegendEntry> legend() {
                return palette == MYSQL ? MysqlLayer.legend() : List.of();
            }

            /** Colours come from names and depths; the per-tree facts are made by the first fill, before any thread starts. */
            @Override
            public boolean pure() {
                return true;
            }
        };
    }

    /** The colour of {@code name} in this (non-mysql) palette for variations v1, v2 in [0, 1). */
    Color color(String name, double v1, double v2) {
        Palette hue = hue(name);
        return switch (hue) {
            // The formulas of flamegraph.pl's color() (inferno uses the same).
            case HOT -> rgb(205 + 50 * v2, 230 * v1, 55 * v2);
            case MEM -> rgb(0, 190 + 50 * v2, 210 * v1);
            case IO -> rgb(80 + 60 * v1, 80 + 60 * v1, 190 + 55 * v2);
            case RED -> rgb(200 + 55 * v1, 50 + 80 * v1, 50 + 80 * v1);
            case GREEN -> rgb(50 + 60 * v1, 200 + 55 * v1, 50 + 60 * v1);
            case BLUE -> rgb(80 + 60 * v1, 80 + 60 * v1, 205 + 50 * v1);
            case YELLOW -> rgb(175 + 55 * v1, 175 + 55 * v1, 50 + 20 * v1);
            case PURPLE -> rgb(190 + 65 * v1, 80 + 60 * v1, 190 + 65 * v1);
            case AQUA -> rgb(50 + 60 * v1, 165 + 55 * v1, 165 + 55 * v1);
            case ORANGE -> rgb(190 + 65 * v1, 90 + 65 * v1, 0);
            default -> throw new IllegalStateException("no hue for " + hue);
        };
    }

    /** Which basic hue a name gets: the language palettes' rules, then the annotations. */
    private Palette hue(String name) {
        char a = Annotation.of(name);
        boolean flat = ordinal() >= RED.ordinal();
        if (a != 0 && !flat && this != PYTHON && this != RUST && this != WAKEUP) {
            switch (a) {
                case 'k':
                    return ORANGE;
                case 'j':
                    return this == JS && !name.contains("/") ? AQUA : GREEN;
                default:
                    return AQUA;
            }
        }
        return switch (this) {
            case WAKEUP -> AQUA;
            case CHAIN -> BLUE;
            case JAVA -> LanguageHues.java(name);
            case JS -> LanguageHues.js(name);
            case PERL -> LanguageHues.perl(name);
            case PYTHON -> LanguageHues.python(name);
            case RUST -> LanguageHues.rust(name);
            default -> this;
        };
    }

    private static Color rgb(double r, double g, double b) {
        return new Color((int) r, (int) g, (int) b);
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
