package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.UsageError;
import io.myflame.core.text.CommandFormats;
import io.myflame.core.text.OutputFormat;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The format registry, command by command: every extension of every format a command does not
 * write is refused with one line, and every extension of a format it writes chooses that format.
 */
class CommandOutputsTest {

    @Test
    void eachCommandRefusesEveryExtensionItCannotWrite() {
        for (CommandFormats c : CommandOutputs.ALL) {
            for (OutputFormat f : OutputFormat.values()) {
                for (String ext : f.extensions()) {
                    Path out = Path.of("dir/out." + ext);
                    if (c.writes(f)) {
                        assertEquals(f, c.choose(null, out), c.command() + " -o " + out);
                        continue;
                    }
                    UsageError e = assertThrows(UsageError.class, () -> c.choose(null, out), c.command() + " -o " + out);
                    assertTrue(e.getMessage().startsWith("-o out." + ext + " names " + f.description()), e.getMessage());
                    assertTrue(e.getMessage().contains("which this command does not write"), e.getMessage());
                    assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
                }
            }
        }
    }

    @Test
    void aPerfRecordingIsWrittenByNoCommand() {
        for (CommandFormats c : CommandOutputs.ALL) {
            assertThrows(UsageError.class, () -> c.choose(null, Path.of("perf.data")), c.command());
        }
    }

    @Test
    void aNameNoFormatClaimsGetsTheCommandsOwn() {
        assertEquals(OutputFormat.SVG, CommandOutputs.FLAMEGRAPH.choose(null, Path.of("graph")));
        assertEquals(OutputFormat.FOLDED, CommandOutputs.COLLAPSE.choose(null, Path.of("out.fifo")));
        assertEquals(OutputFormat.PPROF, CommandOutputs.EXPORT.choose(null, Path.of("/dev/null")));
        assertEquals(OutputFormat.TEXT, CommandOutputs.REPORT.choose(null, null));
    }

    @Test
    void theMessagesTestsAndUsersKnowStay() {
        UsageError e = assertThrows(UsageError.class, () -> CommandOutputs.FLAMEGRAPH.choose(null, Path.of("g.folded")));
        assertTrue(e.getMessage().contains("flamegraph writes SVG, PNG or HTML"), e.getMessage());
        e = assertThrows(UsageError.class, () -> CommandOutputs.EXPORT.choose("speedscope", null));
        assertEquals("--format must be pprof, not 'speedscope' (folded stacks: myflame collapse)", e.getMessage());
        e = assertThrows(UsageError.class, () -> CommandOutputs.EXPORT.choose("pprof", Path.of("p.folded")));
        assertEquals("-o p.folded names folded stacks, which this command does not write: "
                + "export writes pprof (name the file .pb.gz)", e.getMessage());
        assertEquals(OutputFormat.CSV, CommandOutputs.REPORT.choose("csv", Path.of("t.svg")), "a table's --format wins");
    }
}
