package io.myflame.core.text;

import java.util.List;

/**
 * A unified diff ({@code diff -u} style, one hunk) between two texts: the lines between their common
 * head and common tail, with three lines of context. Golden-file checks print it on failure so a
 * reviewer sees what changed rather than two whole files.
 */
public final class UnifiedDiff {
    private static final int CONTEXT = 3;
    /** Changed lines shown per side; a failure message need not hold two whole files. */
    private static final int SHOWN = 60;

    private UnifiedDiff() {
    }

    /** The diff from {@code expected} to {@code actual}; empty when they are equal. */
    public static String of(String expected, String actual) {
        if (expected.equals(actual)) {
            return "";
        }
        List<String> a = expected.lines().toList();
        List<String> b = actual.lines().toList();
        int head = 0;
        while (head < a.size() && head < b.size() && a.get(head).equals(b.get(head))) {
            head++;
        }
        int tail = 0;
        while (tail < a.size() - head && tail < b.size() - head
                && a.get(a.size() - 1 - tail).equals(b.get(b.size() - 1 - tail))) {
            tail++;
        }
        int from = Math.max(0, head - CONTEXT);
        int aEnd = Math.min(a.size(), a.size() - tail + CONTEXT);
        int bEnd = Math.min(b.size(), b.size() - tail + CONTEXT);
        StringBuilder sb = new StringBuilder("--- expected\n+++ actual\n");
        sb.append("@@ -").append(from + 1).append(',').append(aEnd - from)
                .append(" +").append(from + 1).append(',').append(bEnd - from).append(" @@\n");
        for (int i = from; i < head; i++) {
            sb.append(' ').append(a.get(i)).append('\n');
        }
        lines(sb, '-', a, head, a.size() - tail);
        lines(sb, '+', b, head, b.size() - tail);
        for (int i = a.size() - tail; i < aEnd; i++) {
            sb.append(' ').append(a.get(i)).append('\n');
        }
        if (expected.endsWith("\n") != actual.endsWith("\n")) {
            sb.append("\\ the texts differ in their final newline\n");
        }
        return sb.toString();
    }

    private static void lines(StringBuilder sb, char mark, List<String> text, int from, int to) {
        for (int i = from; i < Math.min(to, from + SHOWN); i++) {
            sb.append(mark).append(text.get(i)).append('\n');
        }
        if (to - from > SHOWN) {
            sb.append(mark).append("... ").append(to - from - SHOWN).append(" more lines\n");
        }
    }
}
