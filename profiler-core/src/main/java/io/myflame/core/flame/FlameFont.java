package io.myflame.core.flame;

import java.awt.Font;
import java.awt.font.TextAttribute;
import java.util.Map;

/**
 * A flamegraph's font, whose family is the name it was given. {@link Font#getFamily} answers with
 * the installed face instead ("Dialog" where Verdana is missing), so an SVG said what fonts the
 * machine that drew it had; and jfreesvg asks it for every text it writes, which starts AWT's font
 * manager, a fontconfig scan that cost 150 ms of every SVG. Drawing a PNG still finds the real face.
 */
final class FlameFont extends Font {
    private static final long serialVersionUID = 1L;

    FlameFont(String family, float size) {
        super(Map.of(TextAttribute.FAMILY, family, TextAttribute.SIZE, size));
    }

    @Override
    public String getFamily() {
        return getName();
    }

    /** The CSS font-family of a given family: the name, kept to characters safe in a style attribute, then a fallback. */
    static String css(String family) {
        String safe = family.replaceAll("[^A-Za-z0-9 _-]", "").strip();
        return safe.isEmpty() ? "sans-serif" : safe + ", sans-serif";
    }
}
