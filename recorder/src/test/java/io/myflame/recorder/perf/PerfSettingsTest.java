package io.myflame.recorder.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.UsageError;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class PerfSettingsTest {
    private static PerfSettings callGraph(String mode) {
        return new PerfSettings("perf", "cycles", null, null, mode);
    }

    @Test
    void aDwarfDumpSizeIsPassedToPerf() {
        // The fix a dwarf recording's truncated stacks point to.
        assertTrue(callGraph("dwarf,65528").recordArgs(1, Path.of("p")).contains("--call-graph=dwarf,65528"));
        assertTrue(callGraph("dwarf").recordArgs(1, Path.of("p")).contains("--call-graph=dwarf"));
        assertTrue(callGraph("fp").recordArgs(1, Path.of("p")).contains("-g"));
    }

    @Test
    void sizesPerfRefusesAreRefusedFirst() {
        for (String bad : new String[] {"dwarf,65529", "dwarf,0", "dwarf,", "dwarf,8k", "dwarf,100000", "fp,8", "x"}) {
            UsageError e = assertThrows(UsageError.class, () -> callGraph(bad), bad);
            assertEquals("--call-graph must be fp, dwarf, dwarf,SIZE (bytes of stack copied per sample, 8 to 65528) "
                    + "or lbr, not '" + bad + "'", e.getMessage());
        }
    }
}
