package io.myflame.cli;

import picocli.CommandLine.Range;

/** Values as Java source text, for the code {@link ModelWriter} writes. */
final class SourceText {
    private SourceText() {
    }

    /** {@code value} as a string literal (null as null), every character outside printable ASCII escaped. */
    static String literal(String value) {
        if (value == null) {
            return "null";
        }
        StringBuilder s = new StringBuilder("\"");
        for (char ch : value.toCharArray()) {
            switch (ch) {
                case '"' -> s.append("\\\"");
                case '\\' -> s.append("\\\\");
                case '\n' -> s.append("\\n");
                default -> {
                    if (ch < 0x20 || ch > 0x7e) {
                        s.append(String.format("\\u%04x", (int) ch));
                    } else {
                        s.append(ch);
                    }
                }
            }
        }
        return s.append('"').toString();
    }

    static String literals(String[] values) {
        StringBuilder s = new StringBuilder("new String[] {");
        for (int i = 0; i < values.length; i++) {
            s.append(i > 0 ? ", " : "").append(literal(values[i]));
        }
        return s.append("}").toString();
    }

    /** A class as the source names it (a nested class with dots). */
    static String name(Class<?> type) {
        return type.getCanonicalName();
    }

    static String classes(Class<?>[] types) {
        StringBuilder s = new StringBuilder();
        for (Class<?> t : types) {
            s.append(s.length() > 0 ? ", " : "").append(name(t)).append(".class");
        }
        return s.toString();
    }

    /** picocli's range with all it knows: whether it was given or inferred, and as what text. */
    static String range(Range r) {
        return "new Range(" + r.min() + ", " + r.max() + ", " + r.isVariable() + ", " + r.isUnspecified() + ", "
                + literal(r.originalValue()) + ")";
    }
}
