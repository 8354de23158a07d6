package io.myflame.cli;

import io.myflame.core.DataError;
import io.myflame.core.UsageError;
import io.myflame.core.flame.Background;
import io.myflame.core.flame.FlameOptions;
import io.myflame.core.flame.Palette;
import io.myflame.core.flame.PaletteMap;
import io.myflame.core.output.AtomicFile;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * How a flamegraph looks: flamegraph.pl / inferno's options under their names and with their
 * defaults, turned into {@link FlameOptions}.
 */
public final class FlameFlags {
    @Option(names = "--title", paramLabel = "TEXT", description = "Heading.")
    String title;

    @Option(names = "--subtitle", paramLabel = "TEXT", description = "Second heading line.")
    String subtitle;

    @Option(names = "--width", paramLabel = "PX", defaultValue = "1200", description = "Image width. Default: ${DEFAULT-VALUE}.")
    int width;

    @Option(names = "--height", paramLabel = "PX", defaultValue = "16", description = "Frame height. Default: ${DEFAULT-VALUE}.")
    int frameHeight;

    @Option(names = "--minwidth", paramLabel = "PX|PCT%", defaultValue = "0.1",
            description = "Leave out frames narrower than PX pixels, or PCT%% of the total (the graph says how many). "
                    + "Default: ${DEFAULT-VALUE}.")
    String minWidth;

    @Option(names = "--colors", paramLabel = "PALETTE", defaultValue = "hot",
            description = "hot mem io wakeup chain java js perl python rust red green blue aqua yellow purple orange mysql. "
                    + "Default: ${DEFAULT-VALUE}.")
    String colors;

    @Option(names = "--bgcolors", paramLabel = "yellow|blue|green|grey|#rrggbb",
            description = "Background (default: the palette's, as flamegraph.pl; white for mysql).")
    String bgcolors;

    @Option(names = "--hash", description = "Colour by function name: one function, one colour in every graph.")
    boolean hash;

    @Option(names = "--cp", description = "Consistent palette: colours kept in --palette-file across graphs.")
    boolean consistentPalette;

    @Option(names = "--palette-file", paramLabel = "FILE", defaultValue = "palette.map",
            description = "The --cp file (flamegraph.pl's format). Default: ${DEFAULT-VALUE}.")
    Path paletteFile;

    @Option(names = "--countname", paramLabel = "TEXT", description = "What the weights count, in tooltips (default: the event).")
    String countName;

    @Option(names = "--nametype", paramLabel = "TEXT", defaultValue = "Function:", description = "Word before a name in the details line.")
    String nameType;

    @Option(names = "--notes", paramLabel = "TEXT", defaultValue = "", description = "Text kept in the SVG as a comment.")
    String notes;

    @Option(names = "--fonttype", paramLabel = "FAMILY", defaultValue = "Verdana", description = "Font. Default: ${DEFAULT-VALUE}.")
    String fontType;

    @Option(names = "--fontsize", paramLabel = "PX", defaultValue = "12", description = "Font size. Default: ${DEFAULT-VALUE}.")
    double fontSize;

    @Option(names = "--fontwidth", paramLabel = "RATIO", defaultValue = "0.59",
            description = "Average character width / font size, for fitting labels. Default: ${DEFAULT-VALUE}.")
    double fontWidth;

    @Option(names = "--factor", paramLabel = "X", defaultValue = "1", converter = OptionValues.Factor.class, description = "Multiply the counts shown in tooltips by X.")
    double factor;

    @Option(names = "--total", paramLabel = "WEIGHT", defaultValue = "0",
            description = "The full width stands for WEIGHT when larger than the total (graphs on one scale).")
    long total;

    @Option(names = "--search-color", paramLabel = "#rrggbb", description = "Highlight of search matches. Default: #e600e6.")
    String searchColor;

    @Option(names = "--stroke-color", paramLabel = "#rrggbb|none", description = "Outline every frame.")
    String strokeColor;

    @Option(names = "--truncate-text-right", description = "Labels that do not fit keep their start, cut at the end (default: their end, cut at a qualifier or word).")
    boolean truncateRight;

    @Option(names = "--no-javascript", description = "No script in the SVG: a static picture whose frames show their"
            + " name, weight and share as the browser's own tooltip (no zoom or search).")
    boolean noJavascript;

    @Option(names = {"--icicle", "--inverted"}, description = "Root at the top, callees below.")
    boolean inverted;

    private PaletteMap paletteMap;

    /** The options, with the palette chosen; the unit is the profile's ({@link GraphRequest#options}). */
    FlameOptions options() {
        try {
            Palette palette = Palette.parse(colors);
            FlameOptions o = FlameOptions.defaults().withWidth(width).withInverted(inverted).withFrameHeight(frameHeight)
                    .withFont(fontType, fontSize, fontWidth).withFactor(factor).withTotal(total)
                    .withNameType(nameType).withNotes(notes)
                    .withTruncateRight(truncateRight).withJavascript(!noJavascript)
                    .withBackground(bgcolors != null ? Background.parse(bgcolors) : palette.background())
                    .withStyle(palette.style(hash));
            o = minWidth(o);
            if (searchColor != null) {
                o = o.withSearchColor(Background.rgb(searchColor));
            }
            if (strokeColor != null && !strokeColor.equalsIgnoreCase("none")) {
                o = o.withStrokeColor(Background.rgb(strokeColor));
            }
            return o;
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
    }

    private FlameOptions minWidth(FlameOptions o) {
        String s = minWidth.trim();
        boolean percent = s.endsWith("%");
        double v;
        try {
            v = Double.parseDouble(percent ? s.substring(0, s.length() - 1) : s);
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        // The one rule for numbers (OptionValues): finite and never negative.
        if (!Double.isFinite(v) || v < 0) {
            throw new UsageError("--minwidth must be pixels (0.1) or a percentage (0.1%), finite and not negative, not '"
                    + minWidth + "'");
        }
        return percent ? o.withMinWidthPercent(v) : o.withMinWidth(v);
    }

    /**
     * With --cp: the palette map's colours over {@code o}'s style (read now, written by {@link #savePalette}).
     * A file with a line that is not {@code NAME->rgb(R,G,B)} is not a palette (a folded profile, notes, a
     * binary named by mistake): it is refused before anything is drawn, and never rewritten.
     */
    FlameOptions withPaletteMap(FlameOptions o, io.myflame.load.StartUp startUp) throws IOException {
        if (!consistentPalette) {
            return o;
        }
        if (Files.isDirectory(paletteFile)) {
            throw new UsageError("--palette-file " + paletteFile + " is a directory; name a file");
        }
        if (Files.exists(paletteFile)) {
            // A palette has a line per function drawn: 300,000 functions are some 40 MB.
            try (Reader r = startUp.settings(paletteFile, StandardCharsets.ISO_8859_1, 64L << 20, "a palette file")) {
                paletteMap = PaletteMap.read(r);
            }
            if (paletteMap.ignored() > 0) {
                throw new DataError(String.format(Locale.ROOT,
                        "%s:%d: not a palette file (NAME->rgb(R,G,B) on every line); it is left unchanged",
                        paletteFile, paletteMap.firstIgnored()));
            }
            AtomicFile.checkWritable(paletteFile);
        } else {
            paletteMap = PaletteMap.empty();
        }
        return o.withStyle(paletteMap.over(o.style()));
    }

    /** Writes the --cp map back with the colours new functions got. */
    void savePalette() throws Exception {
        if (paletteMap != null) {
            // Names are raw bytes (one char each), written back as the bytes they came from.
            AtomicFile.write(paletteFile, out -> {
                var w = new java.io.OutputStreamWriter(out, StandardCharsets.ISO_8859_1);
                paletteMap.write(w);
                w.flush();
            });
        }
    }
}
