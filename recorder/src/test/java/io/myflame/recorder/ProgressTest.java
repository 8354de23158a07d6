package io.myflame.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import io.myflame.recorder.progress.Progress;

/** Progress lines echo what servers, sysbench and error logs said: their control characters are shown, not sent. */
class ProgressTest {
    /** An error-log line as a hostile or broken server could write it: colour, bell, carriage return. */
    private static final String LOG_LINE = "[ERROR] \u001b[31mred\u001b[0m\u0007 half\roverwritten";
    private static final String SHOWN = "[ERROR] \\x1b[31mred\\x1b[0m\\x07 half\\x0doverwritten";

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void phasesAndWarningsShowControlCharactersAsEscapes() {
        Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), "myflame record: ", false);
        p.phase("server " + LOG_LINE);
        p.warn(LOG_LINE);
        assertEquals("myflame record: server " + SHOWN + System.lineSeparator()
                + "myflame record: warning: " + SHOWN + System.lineSeparator(), printed());
    }

    @Test
    void onATerminalOnlyOurOwnControlsRewriteTheLiveLine() {
        Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), "myflame record: ", true);
        p.live("run \u001b]0;title\u0007", 3, 10, 1234.5, 0.25);
        p.phase("done");
        assertEquals("\rmyflame record: run \\x1b]0;title\\x07: 3/10 s, 7 s left, 1234.5 tps, p95 0.25 ms\u001b[K"
                + System.lineSeparator() + "myflame record: done" + System.lineSeparator(), printed());
    }

    /** A full command line cut to one terminal line; whole when stderr is a file (a log). */
    @Test
    void longPhaseLinesFitOneTerminalLine() {
        String command = "starting /usr/sbin/mariadbd " + "--option=value ".repeat(30);
        new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), "myflame record: ", true).phase(command);
        String shown = printed().strip();
        assertEquals(160, shown.length(), shown);
        assertEquals(true, shown.endsWith("\u2026") && shown.startsWith("myflame record: starting /usr/sbin/mariadbd"), shown);
        bytes.reset();
        new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), "myflame record: ", false).phase(command);
        assertEquals("myflame record: " + command, printed().strip() + (command.endsWith(" ") ? " " : ""));
    }
}
