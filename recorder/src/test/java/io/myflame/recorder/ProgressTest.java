package io.myflame.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
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

    /**
     * In a log, sysbench's report every second would be a line a second: one per 5 s of the run is
     * kept, counted in sysbench's seconds, so runs that report faster or slower than the wall clock
     * (a fake one in a test, a loaded machine) are paced alike; each run's first line is there.
     */
    @Test
    void inALogLiveLinesComeEveryFiveSecondsOfEachRun() {
        Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), "", false);
        for (int s = 1; s <= 12; s++) {
            p.live("warm-up", s, 12, 100 + s, 1.5);
        }
        for (int s = 1; s <= 6; s++) {
            p.live("measured run", s, 60, 200 + s, 1.5);
        }
        p.live("measured run", 1, 60, 300, 1.5);
        List<String> elapsed = printed().lines().map(l -> l.substring(0, l.indexOf(" s,"))).toList();
        assertEquals(List.of("warm-up: 1/12", "warm-up: 6/12", "warm-up: 11/12", "measured run: 1/60",
                "measured run: 6/60", "measured run: 1/60"), elapsed, printed());
    }
}
