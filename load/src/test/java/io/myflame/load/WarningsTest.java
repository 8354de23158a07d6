package io.myflame.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class WarningsTest {
    private static String printed(Warnings w) {
        StringWriter out = new StringWriter();
        w.print(new PrintWriter(out), "myflame diff");
        return out.toString();
    }

    @Test
    void theSameWarningTwiceIsOneLine() {
        // `diff X X`: each input's read says the same sentence naming X.
        Warnings w = new Warnings();
        w.add("X: unnamed functions: 8.2% of the samples' self time");
        w.add("Y: something else");
        w.add("X: unnamed functions: 8.2% of the samples' self time");
        assertEquals("myflame diff: warning: X: unnamed functions: 8.2% of the samples' self time\n"
                + "myflame diff: warning: Y: something else\n", printed(w).replace(System.lineSeparator(), "\n"));
    }

    @Test
    void aWarningSeveralInputsSayIsOneLineNamingThem() {
        Warnings w = new Warnings();
        w.addOf("a", "perf recorded cpu-clock");
        w.addOf("b", "perf recorded cpu-clock");
        w.addOf("b", "lost 2 events");
        assertEquals("myflame diff: warning: perf recorded cpu-clock (a, b)\nmyflame diff: warning: b: lost 2 events\n",
                printed(w).replace(System.lineSeparator(), "\n"));
    }
}
