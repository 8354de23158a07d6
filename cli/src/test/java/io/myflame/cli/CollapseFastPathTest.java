package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** The collapse fast path knows exactly picocli's options and reads every command line the same way. */
class CollapseFastPathTest {
    @Test
    void knowsEveryCollapseOption() {
        Set<String> picocli = new HashSet<>();
        for (OptionSpec o : new CommandLine(new CollapseCommand()).getCommandSpec().options()) {
            picocli.addAll(Arrays.asList(o.names()));
        }
        picocli.removeAll(Set.of("-h", "--help", "-V", "--version"));
        assertEquals(picocli, CollapseFastPath.FLAGS);
    }

    @Test
    void readsCommandLinesAsPicocliDoes() {
        List<String[]> lines = List.of(
                new String[] {"perf.txt"},
                new String[] {"--pid", "perf.txt"},
                new String[] {"--tid", "--kernel", "--addrs", "-"},
                new String[] {"--all", "--event-filter", "cycles:ppp", "perf.data", "-o", "out.folded"},
                new String[] {"--jit", "--skip-after", "do_command", "--threads", "3", "--output", "x", "in"},
                new String[] {"--inline", "--perf", "/usr/bin/perf", "perf.data"},
                new String[] {"--symfs", "/srv/db-host", "perf.data"},
                new String[] {"--skip-after", "do_command", "--skip-after", "mysql_parse", "perf.txt"},
                new String[] {},
                new String[] {"--kernel"});
        for (String[] args : lines) {
            CollapseCommand cmd = new CollapseCommand();
            new CommandLine(cmd).parseArgs(args);
            assertEquals(cmd.request(), CollapseFastPath.parse(args), String.join(" ", args));
        }
    }

    @Test
    void leavesEverythingElseToPicocli() {
        for (String[] args : List.of(new String[] {"--help"}, new String[] {"--pid", "--tid", "x"},
                new String[] {"--nope", "x"}, new String[] {"a", "b"}, new String[] {"--threads"},
                new String[] {"--threads", "many", "x"})) {
            assertNull(CollapseFastPath.parse(args), String.join(" ", args));
        }
    }
}
