package io.myflame.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits one command line from the documentation into words the way a POSIX shell would (single
 * and double quotes, backslash escapes, {@code #} comments), and reports the shell operators
 * ({@code | ; & > <}) found outside quotes, so a test can tell that a pasted line would turn
 * {@code --colors hot|mem} into a pipeline.
 */
final class ShellWords {
    /** The words, and each unquoted operator with the word index it precedes. */
    record Line(List<String> words, List<Operator> operators) {
    }

    /** An operator outside quotes, e.g. {@code |} before word 3. */
    record Operator(String op, int beforeWord) {
    }

    private ShellWords() {
    }

    static Line split(String line) {
        List<String> words = new ArrayList<>();
        List<Operator> ops = new ArrayList<>();
        StringBuilder w = null;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    w.append(c);
                }
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else if (c == '\\' && i + 1 < line.length() && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                    w.append(line.charAt(++i));
                } else {
                    w.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                w = w == null ? new StringBuilder() : w;
            } else if (c == '\\' && i + 1 < line.length()) {
                w = w == null ? new StringBuilder() : w;
                w.append(line.charAt(++i));
            } else if (Character.isWhitespace(c)) {
                w = flush(w, words);
            } else if (c == '#' && w == null) {
                break;
            } else if ("|;&<>".indexOf(c) >= 0) {
                w = flush(w, words);
                ops.add(new Operator(String.valueOf(c), words.size()));
            } else {
                w = w == null ? new StringBuilder() : w;
                w.append(c);
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("unterminated " + quote + " quote in: " + line);
        }
        flush(w, words);
        return new Line(words, ops);
    }

    private static StringBuilder flush(StringBuilder w, List<String> words) {
        if (w != null) {
            words.add(w.toString());
        }
        return null;
    }
}
