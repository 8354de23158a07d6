package io.myflame.core.text;

import java.nio.charset.StandardCharsets;

/**
 * The one display policy for names, and escaping for every place a name reaches: C++ names carry
 * {@code <}, {@code >}, {@code &} and Markdown tables break on {@code |}.
 *
 * <p>Frame names are kept as <em>raw</em> strings: each char is one byte of the input (the
 * parsers decode ISO-8859-1), so folded output round-trips byte for byte. To show a raw name,
 * {@link #decode} reads it as UTF-8: valid sequences become their characters ({@code café}, not
 * {@code cafÃ©}); a byte that is not part of valid UTF-8 is shown as {@code \xNN}. {@link #name}
 * also shows control characters (ESC, BEL, ...) as {@code \x1b} so they never reach a terminal.
 * Text a user typed (a row file, {@code --focus}) becomes raw with {@link #raw} before it is
 * compared with frame names.
 */
public final class Escape {
    private Escape() {
    }

    /** The raw (one char per UTF-8 byte) form of text a user typed, to compare with frame names. */
    public static String raw(String typed) {
        for (int i = 0; i < typed.length(); i++) {
            if (typed.charAt(i) >= 0x80) {
                return new String(typed.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
            }
        }
        return typed;
    }

    /**
     * A raw name as text: valid UTF-8 decoded, other bytes as {@code \xNN}; control characters
     * kept (JSON escapes them exactly). A string with chars above U+00FF is text already.
     */
    public static String decode(String raw) {
        int i = 0;
        while (i < raw.length() && raw.charAt(i) < 0x80) {
            i++;
        }
        if (i == raw.length() || !isRaw(raw)) {
            return raw;
        }
        StringBuilder sb = new StringBuilder(raw.length()).append(raw, 0, i);
        while (i < raw.length()) {
            int b = raw.charAt(i);
            int n = b < 0x80 ? 1 : sequenceLength(raw, i);
            if (n == 0) {
                sb.append(String.format("\\x%02x", b));
                i++;
            } else if (n == 1) {
                sb.append((char) b);
                i++;
            } else {
                sb.append(new String(raw.substring(i, i + n).getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8));
                i += n;
            }
        }
        return sb.toString();
    }

    /** A raw name for a terminal, CSV or Markdown: {@link #decode}d, control characters as {@code \xNN}. */
    public static String name(String raw) {
        return text(decode(raw));
    }

    /** Text (a label, a title, a note) with its control characters shown as {@code \xNN}. */
    public static String text(String s) {
        return controls(s, false);
    }

    /**
     * A message for stderr (an error, a warning, a progress line echoing a program's output or an
     * error log): control characters shown as {@code \xNN}, so an ESC or BEL from the input never
     * moves the cursor or changes colours; tab and newline kept, as a message may span lines. A
     * message past {@link #MAX_MESSAGE} characters (a 1 MB server version quoted in a warning) is cut
     * in the middle: a terminal line is for a human to read.
     */
    public static String message(String s) {
        if (s == null) {
            return "null";
        }
        String shown = s.length() <= MAX_MESSAGE ? s
                : s.substring(0, MAX_MESSAGE / 2) + " [\u2026 " + (s.length() - MAX_MESSAGE) + " characters \u2026] "
                        + s.substring(s.length() - MAX_MESSAGE / 2);
        return controls(shown, true);
    }

    /** The longest message printed whole. */
    public static final int MAX_MESSAGE = 2000;

    private static String controls(String s, boolean keepLines) {
        int i = 0;
        while (i < s.length() && !isControl(s.charAt(i), keepLines)) {
            i++;
        }
        if (i == s.length()) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length() + 8).append(s, 0, i);
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (isControl(c, keepLines)) {
                sb.append(c <= 0xff ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static boolean isControl(char c, boolean keepLines) {
        return isControl(c) && !(keepLines && (c == '\t' || c == '\n'));
    }

    /** C0 controls (tab included: it breaks columns), DEL and the C1 controls. */
    private static boolean isControl(char c) {
        return c < 0x20 || c >= 0x7f && c < 0xa0;
    }

    private static boolean isRaw(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) > 0xff) {
                return false;
            }
        }
        return true;
    }

    /** The length of the valid UTF-8 sequence starting at {@code i}, or 0 when it is not one. */
    private static int sequenceLength(String raw, int i) {
        int b = raw.charAt(i);
        int n;
        int min;
        if (b >= 0xc2 && b <= 0xdf) {
            n = 2;
            min = 0x80;
        } else if (b >= 0xe0 && b <= 0xef) {
            n = 3;
            min = 0x800;
        } else if (b >= 0xf0 && b <= 0xf4) {
            n = 4;
            min = 0x10000;
        } else {
            return 0;
        }
        if (i + n > raw.length()) {
            return 0;
        }
        int cp = b & (0xff >> (n + 1));
        for (int k = 1; k < n; k++) {
            int c = raw.charAt(i + k);
            if ((c & 0xc0) != 0x80) {
                return 0;
            }
            cp = cp << 6 | c & 0x3f;
        }
        // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not valid UTF-8.
        return cp < min || cp >= 0xd800 && cp <= 0xdfff || cp > 0x10ffff ? 0 : n;
    }

    /**
     * For XML/HTML text and attribute values. A character XML 1.0 forbids (C0 controls but tab and
     * line ends, U+FFFE, U+FFFF, a surrogate without its pair) becomes U+FFFD: even escaped as
     * {@code &#xFFFE;} it would make the document not well-formed.
     */
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
            boolean pair = Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
            if (rep != null || !pair && !isXmlChar(c, i > 0 && Character.isHighSurrogate(s.charAt(i - 1)))) {
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

    /** XML 1.0's Char production, for one UTF-16 unit ({@code paired}: a low surrogate after its high one). */
    private static boolean isXmlChar(char c, boolean paired) {
        if (Character.isHighSurrogate(c)) {
            return false;
        }
        if (Character.isLowSurrogate(c)) {
            return paired;
        }
        return c == '\t' || c == '\n' || c == '\r' || c >= 0x20 && c < 0xFFFE;
    }

    /**
     * Text for the inside of an XML comment ({@code <!-- ... -->}): {@link #xml} text in which no two
     * hyphens are adjacent and none is last, as XML requires ({@code "a --- b"} becomes {@code "a - - - b"}).
     */
    public static String xmlComment(String s) {
        String t = xml(s);
        StringBuilder sb = new StringBuilder(t.length() + 4);
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            sb.append(c);
            if (c == '-' && (i + 1 == t.length() || t.charAt(i + 1) == '-')) {
                sb.append(' ');
            }
        }
        return sb.toString();
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

    /**
     * A text field for CSV, which is for spreadsheets: a field starting with {@code =}, {@code +},
     * {@code -}, {@code @}, tab or carriage return would run as a formula, so it gets a leading
     * {@code '} as OWASP recommends (JSON is the exact machine format); then RFC 4180 quoting
     * when the field holds a comma, quote or line break.
     */
    public static String csv(String s) {
        if (!s.isEmpty() && "=+-@\t\r".indexOf(s.charAt(0)) >= 0) {
            s = "'" + s;
        }
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
