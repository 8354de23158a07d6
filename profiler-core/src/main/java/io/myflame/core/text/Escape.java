package io.myflame.core.text;

/**
 * Escaping for every place a function name reaches: C++ names carry {@code <}, {@code >},
 * {@code &} and Markdown tables break on {@code |}.
 */
public final class Escape {
    private Escape() {
    }

    /** For XML/HTML text and attribute values. */
    public static String xml(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String rep = switch (c) {
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '&' -> "&amp;";
                case '"' -> "&quot;";
                case '\'' -> "&#39;";
                default -> null;
            };
            if (rep != null || c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
                if (sb == null) {
                    sb = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                sb.append(rep != null ? rep : "\uFFFD");
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? s : sb.toString();
    }

    /** For a GitHub Markdown table cell: {@code |}, {@code <}, {@code >}, {@code &}, {@code *}, {@code _} escaped. */
    public static String markdown(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '|' -> sb.append("\\|");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '*', '_', '`', '[', ']', '\\' -> sb.append('\\').append(c);
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /** RFC 4180: quote when the field holds a comma, quote or line break. */
    public static String csv(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
