package io.myflame.ingest.fold;

/**
 * Finishes demangling Rust "legacy" symbols that perf leaves half done: perf turns
 * {@code _ZN...E} into {@code ::} paths but keeps rustc's escapes and hash, e.g.
 * {@code _$LT$u8$u20$as$u20$core..clone..Clone$GT$::clone::h7bfab8630dda96cf} is
 * {@code <u8 as core::clone::Clone>::clone}. A name is only touched when it ends in the
 * {@code ::h} + 16 hex digits hash that marks such a symbol.
 */
public final class RustLegacyNames {
    private static final int HASH_LEN = 3 + 16;

    private RustLegacyNames() {
    }

    public static String demangle(String name) {
        if (!hasHash(name)) {
            return name;
        }
        String s = name.substring(0, name.length() - HASH_LEN);
        int start = s.startsWith("_$") ? 1 : 0;
        StringBuilder out = new StringBuilder(s.length());
        int i = start;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '$') {
                int close = s.indexOf('$', i + 1);
                String decoded = close < 0 ? null : escape(s.substring(i + 1, close));
                if (decoded == null) {
                    return name;
                }
                out.append(decoded);
                i = close + 1;
            } else if (c == '.' && i + 1 < s.length() && s.charAt(i + 1) == '.') {
                out.append("::");
                i += 2;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static boolean hasHash(String name) {
        int at = name.length() - HASH_LEN;
        if (at <= 0 || !name.startsWith("::h", at)) {
            return false;
        }
        for (int i = at + 3; i < name.length(); i++) {
            if (Character.digit(name.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    private static String escape(String code) {
        switch (code) {
            case "SP": return "@";
            case "BP": return "*";
            case "RF": return "&";
            case "LT": return "<";
            case "GT": return ">";
            case "LP": return "(";
            case "RP": return ")";
            case "C": return ",";
            default:
                if (code.length() > 1 && code.charAt(0) == 'u') {
                    try {
                        return new String(Character.toChars(Integer.parseInt(code.substring(1), 16)));
                    } catch (IllegalArgumentException e) {
                        return null;
                    }
                }
                return null;
        }
    }
}
