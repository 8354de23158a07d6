package io.myflame.core.flame;

/**
 * The language palettes' rules (inferno's java, js, perl, python and rust palettes, written from
 * their documented behaviour): which basic hue a function name gets.
 */
final class LanguageHues {
    private LanguageHues() {
    }

    /** C++ and Objective-C yellow, Java (a package path, a dotted or capitalised name) green, else red. */
    static Palette java(String name) {
        String n = name.startsWith("L") ? name.substring(1) : name;
        if (name.contains("::") || name.startsWith("-[") || name.startsWith("+[")) {
            return Palette.YELLOW;
        }
        boolean java = n.contains("/") || n.contains(".") && !n.startsWith("[")
                || !n.isEmpty() && n.charAt(0) >= 'A' && n.charAt(0) <= 'Z';
        return java ? Palette.GREEN : Palette.RED;
    }

    /** Blank names green, C++ yellow, {@code a:b} aqua, node_modules purple, other .js files green, else red. */
    static Palette js(String name) {
        if (!name.isEmpty() && name.isBlank()) {
            return Palette.GREEN;
        }
        if (name.contains("::")) {
            return Palette.YELLOW;
        }
        if (name.contains(":")) {
            return Palette.AQUA;
        }
        int slash = name.indexOf('/');
        if (slash >= 0) {
            String path = name.substring(slash);
            if (path.contains("node_modules/")) {
                return Palette.PURPLE;
            }
            if (path.contains(".js")) {
                return Palette.GREEN;
            }
        }
        return Palette.RED;
    }

    /** Perl green, C++ yellow, else red. */
    static Palette perl(String name) {
        if (name.contains("Perl") || name.contains(".pl")) {
            return Palette.GREEN;
        }
        return name.contains("::") ? Palette.YELLOW : Palette.RED;
    }

    /** site-packages aqua, the standard library and built-ins yellow, else red. */
    static Palette python(String name) {
        for (String part : name.split("[/\\\\]")) {
            if (part.equals("site-packages")) {
                return Palette.AQUA;
            }
        }
        for (String part : name.split("[/\\\\]")) {
            String v = part.startsWith("python") || part.startsWith("Python") ? part.substring(6) : null;
            if (v != null && v.chars().allMatch(c -> c == '.' || c >= '0' && c <= '9')) {
                return Palette.YELLOW;
            }
        }
        if (name.startsWith("<built-in") || name.startsWith("<method") || name.startsWith("<frozen")) {
            return Palette.YELLOW;
        }
        return Palette.RED;
    }

    /** The standard library orange, other paths aqua, else yellow (after a {@code crate`} prefix). */
    static Palette rust(String name) {
        int tick = name.indexOf('`');
        String n = tick >= 0 ? name.substring(tick + 1) : name;
        if (n.startsWith("core::") || n.startsWith("std::") || n.startsWith("alloc::")
                || n.startsWith("<core::") && !n.startsWith("<core::future::from_generator::GenFuture<T>")
                || n.startsWith("<std::") || n.startsWith("<alloc::")) {
            return Palette.ORANGE;
        }
        return n.contains("::") ? Palette.AQUA : Palette.YELLOW;
    }
}
