package io.myflame.core.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** A function-name glob of row files and category files: {@code *} matches any characters, the rest literally. */
public final class Glob {
    private Glob() {
    }

    /** The pattern that matches a whole name against {@code glob} (use {@code matcher(name).matches()}). */
    public static Pattern toRegex(String glob) {
        List<String> parts = new ArrayList<>();
        for (String part : glob.split("\\*", -1)) {
            parts.add(Pattern.quote(part));
        }
        return Pattern.compile(String.join(".*", parts));
    }
}
