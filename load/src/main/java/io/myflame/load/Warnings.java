package io.myflame.load;

import io.myflame.core.text.Escape;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Warnings a command collects and prints once, prefixed with the command's name. A warning that
 * several inputs say alike (every bundled capture's "perf recorded cpu-clock") is one line naming
 * them all, not one line per input; the same standing-alone warning twice is one line.
 */
public final class Warnings {
    /**
     * One warning: {@code text}, and the input that says it of itself (merged with every input
     * saying the same), or null for a warning that stands alone.
     */
    public record Warning(String text, String saidBy) {
        public static Warning of(String text) {
            return new Warning(text, null);
        }
    }

    /**
     * A warning in the order first seen; {@code ofInputs} when {@link #saidBy} holds who said it. Its equals
     * and hashCode are written out: a record's own are linked at first use (ObjectMethods), which spun 8
     * method-handle classes no AOT cache holds in every run with two warnings (a diff of X and X).
     */
    private record Line(String text, boolean ofInputs) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Line other && Objects.equals(text, other.text) && ofInputs == other.ofInputs;
        }

        @Override
        public int hashCode() {
            return Objects.hashCode(text) * 31 + (ofInputs ? 1 : 0);
        }
    }

    private final List<Line> lines = new ArrayList<>();
    private final Map<String, List<String>> saidBy = new LinkedHashMap<>();

    public void addAll(List<Warning> w) {
        w.forEach(this::add);
    }

    public void add(Warning w) {
        if (w.saidBy() == null) {
            add(w.text());
        } else {
            addOf(w.saidBy(), w.text());
        }
    }

    /** A warning that stands alone; the same text said again (an input named twice, `diff X X`) is one line. */
    public void add(String w) {
        Line line = new Line(w, false);
        if (!lines.contains(line)) {
            lines.add(line);
        }
    }

    /** A warning {@code input} says of itself; printed once with every input that says the same. */
    public void addOf(String input, String w) {
        if (!saidBy.containsKey(w)) {
            lines.add(new Line(w, true));
        }
        saidBy.computeIfAbsent(w, k -> new ArrayList<>()).add(input);
    }

    public void print(PrintWriter err, String command) {
        for (Line l : lines) {
            err.println(command + ": warning: " + Escape.message(l.ofInputs() ? ofInputs(l.text()) : l.text()));
        }
        err.flush();
    }

    /** "a: TEXT" for one input; "TEXT (a, b)" for several. */
    private String ofInputs(String w) {
        List<String> inputs = saidBy.get(w);
        return inputs.size() == 1 ? inputs.get(0) + ": " + w : w + " (" + String.join(", ", inputs) + ")";
    }
}
