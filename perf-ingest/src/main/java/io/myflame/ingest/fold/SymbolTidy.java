package io.myflame.ingest.fold;

/**
 * Turns a symbol as perf prints it into the function name myflame analyses: the {@code +0x..}
 * offset and the top-level parameter list go, everything that is part of the name stays.
 *
 * <p>C++ and Rust names carry parentheses that are not parameter lists:
 * {@code mtr_t::log_write<(unsigned char)48>}, {@code {lambda(int)#1}},
 * {@code <HashMap<K, V> as Extend<(K, V)>>::extend}, Go's {@code net/http.(*Client).Do} and
 * {@code (anonymous namespace)::f}. Only a {@code (} outside every {@code <>} and {@code {}}
 * pair starts the parameter list.
 */
public final class SymbolTidy {
    private SymbolTidy() {
    }

    /** Drops a trailing {@code +0x1f} symbol offset, if the part after {@code +0x} is all hex. */
    public static String stripOffset(String sym) {
        int plus = sym.lastIndexOf("+0x");
        if (plus < 0) {
            return sym;
        }
        for (int i = plus + 3; i < sym.length(); i++) {
            if (Character.digit(sym.charAt(i), 16) < 0) {
                return sym;
            }
        }
        return sym.substring(0, plus);
    }

    /** Removes the top-level parameter list and anything after it (e.g. {@code const}). */
    public static String stripParameters(String name) {
        int angle = 0;
        int brace = 0;
        int n = name.length();
        for (int i = 0; i < n; i++) {
            char c = name.charAt(i);
            if (c == 'o' && name.startsWith("operator", i)
                    && (i == 0 || !Character.isJavaIdentifierPart(name.charAt(i - 1)))) {
                // operator<, operator<<, operator(), operator-> : the symbol is part of the name.
                i = skipOperatorSymbol(name, i + "operator".length()) - 1;
            } else if (c == '<') {
                angle++;
            } else if (c == '>') {
                if (angle > 0) {
                    angle--;
                }
            } else if (c == '{') {
                brace++;
            } else if (c == '}') {
                if (brace > 0) {
                    brace--;
                }
            } else if (c == '(' && angle == 0 && brace == 0) {
                if (name.startsWith("(anonymous namespace)", i)) {
                    i += "(anonymous namespace)".length() - 1;
                } else if (i > 0 && name.charAt(i - 1) == '.') {
                    i = closingParen(name, i);
                } else if (i == 0) {
                    return name;
                } else {
                    return name.substring(0, i);
                }
            }
        }
        return name;
    }

    private static int skipOperatorSymbol(String s, int i) {
        int n = s.length();
        if (i < n && s.charAt(i) == '(' && i + 1 < n && s.charAt(i + 1) == ')') {
            return i + 2;
        }
        while (i < n && "<>=!+-*/%&|^~[]".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        return i;
    }

    private static int closingParen(String s, int open) {
        int depth = 0;
        for (int i = open; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        return s.length() - 1;
    }

    /** The last path component of a dso, e.g. {@code mariadbd} for {@code /usr/sbin/mariadbd}. */
    public static String baseName(String dso) {
        return dso.substring(dso.lastIndexOf('/') + 1);
    }

    /** A complete tidy of a perf symbol: offset, parameters, {@code ;} (the folded separator). */
    public static String functionName(String sym) {
        return stripParameters(stripOffset(sym)).replace(';', ':');
    }
}
