package io.myflame.ingest.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The tokens of one JSON document in UTF-8, read from its bytes: what {@link CaptureJsonReader} needs
 * of a parser, as strict as Jackson's {@code JsonParser} with its default features (no comments,
 * no single quotes, no trailing commas, no {@code NaN}, no leading zeros, control characters only
 * escaped; nesting at most 1,000 deep, numbers at most 1,000 characters, as its default stream
 * constraints). {@code JsonTokensTest} checks token for token against Jackson.
 *
 * <p>Why not Jackson's parser: its base class holds {@code BigDecimal} constants, and initialising
 * {@code BigDecimal} on JDK 25 computes 5^65536 in the interpreter: 10 ms of CPU, with the JIT's work on
 * it, in every report of a capture directory (a 4 KB capture.json), and the report's main thread
 * waited for it.
 */
final class JsonTokens {
    /** A token, with how Jackson shows it when it has no text of its own. */
    enum Token {
        START_OBJECT("{"), END_OBJECT("}"), START_ARRAY("["), END_ARRAY("]"), FIELD_NAME(null),
        STRING(null), INT(null), FLOAT(null), TRUE("true"), FALSE("false"), NULL("null");

        final String shown;

        Token(String shown) {
            this.shown = shown;
        }

        boolean scalar() {
            return ordinal() >= STRING.ordinal();
        }

        boolean numeric() {
            return this == INT || this == FLOAT;
        }
    }

    /** What is wrong with a document, and on which line: the reader's and {@link CaptureJsonReader}'s faults. */
    abstract static class Fault extends IOException {
        private static final long serialVersionUID = 1L;
        final int line;
        final String detail;

        Fault(int line, String detail) {
            super("line " + line + ": " + detail);
            this.line = line;
            this.detail = detail;
        }
    }

    /** Not JSON. */
    static final class Malformed extends Fault {
        private static final long serialVersionUID = 1L;

        Malformed(int line, String detail) {
            super(line, detail);
        }
    }

    /** Jackson's default {@code StreamReadConstraints}. */
    static final int MAX_DEPTH = 1000;
    static final int MAX_NUMBER = 1000;

    /** Where the reader stands in the container it is in. */
    private static final int OPENED = 0;
    private static final int NEED_VALUE = 1;
    private static final int AFTER_VALUE = 2;

    private final byte[] in;
    private int at;
    private int line = 1;
    private int tokenLine = 1;
    private final byte[] stack = new byte[MAX_DEPTH];
    private int depth;
    private int state = NEED_VALUE;
    private Token current;
    private String text;

    JsonTokens(byte[] in) {
        this.in = in;
        // a UTF-8 byte order mark, which Jackson skips
        if (in.length >= 3 && (in[0] & 0xff) == 0xef && (in[1] & 0xff) == 0xbb && (in[2] & 0xff) == 0xbf) {
            at = 3;
        }
    }

    /** A name's or string's text, a number as written, or the literal ({@code true}). */
    String text() {
        return text;
    }

    /** The line the current token starts on. */
    int line() {
        return tokenLine;
    }

    /** What Jackson shows for the current token: its text when it is a scalar, else its mark. */
    String shown() {
        return current == null ? null : current.scalar() ? text : current.shown;
    }

    /** The next token; null when the input ends after the top value (or holds none). */
    Token next() throws Malformed {
        blank();
        tokenLine = line;
        if (at >= in.length) {
            if (depth > 0) {
                throw malformed("unexpected end of input: expected close marker for " + (inObject() ? "an object" : "an array"));
            }
            return set(null, null);
        }
        byte c = in[at];
        if (depth == 0) {
            return value(c);
        }
        switch (state) {
            case OPENED -> {
                if (c == closer()) {
                    return close();
                }
                return inObject() ? name() : value(c);
            }
            case AFTER_VALUE -> {
                if (c == closer()) {
                    return close();
                }
                if (c != ',') {
                    throw malformed("unexpected character " + shown(c) + ": expected a comma or '" + (char) closer() + "'");
                }
                at++;
                blank();
                tokenLine = line;
                if (at >= in.length) {
                    return next();
                }
                return inObject() ? name() : value(in[at]);
            }
            default -> {
                return value(c);
            }
        }
    }

    /** Skips what the current token opens, up to its closing token. */
    void skipChildren() throws Malformed {
        if (current != Token.START_OBJECT && current != Token.START_ARRAY) {
            return;
        }
        int until = depth - 1;
        while (depth > until) {
            next();
        }
    }

    //   "key": ...   (after '{' or ',')
    private Token name() throws Malformed {
        if (in[at] != '"') {
            throw malformed("unexpected character " + shown(in[at]) + ": expected a double-quote to start a field name");
        }
        at++;
        String name = string();
        blank();
        if (at >= in.length || in[at] != ':') {
            throw at >= in.length ? malformed("unexpected end of input in a field name")
                    : malformed("unexpected character " + shown(in[at]) + ": expected a colon to separate field name and value");
        }
        at++;
        state = NEED_VALUE;
        return set(Token.FIELD_NAME, name);
    }

    private Token value(byte c) throws Malformed {
        switch (c) {
            case '{', '[' -> {
                if (depth == MAX_DEPTH) {
                    throw malformed("nesting deeper than " + MAX_DEPTH);
                }
                stack[depth++] = c;
                at++;
                state = OPENED;
                return set(c == '{' ? Token.START_OBJECT : Token.START_ARRAY, null);
            }
            case '"' -> {
                at++;
                String s = string();
                return scalar(Token.STRING, s);
            }
            case 't' -> {
                return literal("true", Token.TRUE);
            }
            case 'f' -> {
                return literal("false", Token.FALSE);
            }
            case 'n' -> {
                return literal("null", Token.NULL);
            }
            default -> {
                if (c == '-' || c >= '0' && c <= '9') {
                    return number();
                }
                if (c == ']' || c == '}') {
                    throw malformed("unexpected close marker '" + (char) c + "': expected a value");
                }
                throw malformed("unexpected character " + shown(c) + ": expected a value");
            }
        }
    }

    private Token close() {
        byte open = stack[--depth];
        at++;
        state = AFTER_VALUE;
        return set(open == '{' ? Token.END_OBJECT : Token.END_ARRAY, null);
    }

    private Token scalar(Token t, String s) {
        state = AFTER_VALUE;
        return set(t, s);
    }

    private Token set(Token t, String s) {
        current = t;
        text = s;
        return t;
    }

    private Token literal(String word, Token t) throws Malformed {
        int end = at;
        while (end < in.length && wordByte(in[end])) {
            end++;
        }
        String found = new String(in, at, end - at, StandardCharsets.ISO_8859_1);
        if (!found.equals(word)) {
            throw malformed("unrecognized token '" + found + "': expected true, false, null or a number");
        }
        at = end;
        return scalar(t, word);
    }

    //   -12.5e3   (JSON's grammar: no '+', no leading zeros, digits after '.' and 'e')
    private Token number() throws Malformed {
        int start = at;
        if (in[at] == '-') {
            at++;
        }
        int intStart = at;
        digits("a digit after '-'");
        if (in[intStart] == '0' && at - intStart > 1) {
            throw malformed("leading zeroes not allowed in a number");
        }
        boolean fraction = false;
        if (at < in.length && in[at] == '.') {
            at++;
            digits("a digit after the decimal point");
            fraction = true;
        }
        if (at < in.length && (in[at] == 'e' || in[at] == 'E')) {
            at++;
            if (at < in.length && (in[at] == '+' || in[at] == '-')) {
                at++;
            }
            digits("a digit in the exponent");
            fraction = true;
        }
        if (at < in.length && wordByte(in[at])) {
            throw malformed("unexpected character " + shown(in[at]) + " in a number");
        }
        if (at - start > MAX_NUMBER) {
            throw malformed("a number longer than " + MAX_NUMBER + " characters");
        }
        return scalar(fraction ? Token.FLOAT : Token.INT, new String(in, start, at - start, StandardCharsets.ISO_8859_1));
    }

    private void digits(String expected) throws Malformed {
        int from = at;
        while (at < in.length && in[at] >= '0' && in[at] <= '9') {
            at++;
        }
        if (at == from) {
            throw at < in.length ? malformed("unexpected character " + shown(in[at]) + ": expected " + expected)
                    : malformed("unexpected end of input in a number");
        }
    }

    /** A string's text after its opening quote, up to and past its closing one, escapes decoded. */
    private String string() throws Malformed {
        StringBuilder out = null;
        int run = at;
        while (true) {
            if (at >= in.length) {
                throw malformed("unexpected end of input in a string");
            }
            int b = in[at] & 0xff;
            if (b == '"') {
                String s = out == null ? utf8(run, at) : out.append(utf8(run, at)).toString();
                at++;
                return s;
            }
            if (b < 0x20) {
                throw malformed("unescaped control character (code " + b + ") in a string");
            }
            if (b != '\\') {
                at++;
                continue;
            }
            if (out == null) {
                out = new StringBuilder();
            }
            out.append(utf8(run, at));
            at++;
            out.append(escape());
            run = at;
        }
    }

    //   \n  \"  \u00e9
    private char escape() throws Malformed {
        if (at >= in.length) {
            throw malformed("unexpected end of input in a string");
        }
        byte c = in[at++];
        switch (c) {
            case '"', '\\', '/' -> {
                return (char) c;
            }
            case 'b' -> {
                return '\b';
            }
            case 'f' -> {
                return '\f';
            }
            case 'n' -> {
                return '\n';
            }
            case 'r' -> {
                return '\r';
            }
            case 't' -> {
                return '\t';
            }
            case 'u' -> {
                int code = 0;
                for (int i = 0; i < 4; i++) {
                    int d = at < in.length ? Character.digit(in[at], 16) : -1;
                    if (d < 0) {
                        throw malformed("a \\u escape without four hexadecimal digits");
                    }
                    code = code * 16 + d;
                    at++;
                }
                return (char) code;
            }
            default -> throw malformed("unrecognized escape " + shown(c) + " in a string");
        }
    }

    private String utf8(int from, int to) throws Malformed {
        boolean ascii = true;
        for (int i = from; i < to && ascii; i++) {
            ascii = in[i] >= 0;
        }
        if (ascii) {
            return new String(in, from, to - from, StandardCharsets.ISO_8859_1);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(in, from, to - from)).toString();
        } catch (CharacterCodingException e) {
            throw malformed("invalid UTF-8 in a string");
        }
    }

    /** Skips whitespace, counting lines ("\r\n" is one line break, as Jackson counts). */
    private void blank() {
        while (at < in.length) {
            byte c = in[at];
            if (c == '\n') {
                line++;
            } else if (c == '\r') {
                if (at + 1 >= in.length || in[at + 1] != '\n') {
                    line++;
                }
            } else if (c != ' ' && c != '\t') {
                return;
            }
            at++;
        }
    }

    private boolean inObject() {
        return stack[depth - 1] == '{';
    }

    private byte closer() {
        return inObject() ? (byte) '}' : (byte) ']';
    }

    /** A byte that would continue a word: what Jackson reads as part of an unrecognised token. */
    private static boolean wordByte(byte c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$'
                || c == '.' || c == '+' || c == '-' || c < 0;
    }

    private static String shown(byte c) {
        int b = c & 0xff;
        return b >= 0x20 && b < 0x7f ? "'" + (char) b + "'" : "(code " + b + ")";
    }

    private Malformed malformed(String detail) {
        return new Malformed(line, detail);
    }
}
