package io.myflame.ingest.perf;

import java.util.List;

/** A small line diff for test failure messages: the lines only one side has. */
final class Diffs {
    private Diffs() {
    }

    static String unified(String expected, String actual) {
        List<String> e = expected.lines().toList();
        List<String> a = actual.lines().toList();
        StringBuilder sb = new StringBuilder();
        int shown = 0;
        for (String line : e) {
            if (!a.contains(line) && shown++ < 20) {
                sb.append("- ").append(line).append('\n');
            }
        }
        for (String line : a) {
            if (!e.contains(line) && shown++ < 40) {
                sb.append("+ ").append(line).append('\n');
            }
        }
        if (shown == 0) {
            sb.append("(same lines, different order or line ends)\n");
        }
        return sb.toString();
    }
}
