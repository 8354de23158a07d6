package io.myflame.recorder.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.UsageError;
import java.nio.file.Path;
import java.util.List;
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
        // No copy of every binary into ~/.debug: the capture's symbol archive keeps what naming needs.
        assertTrue(callGraph("fp").recordArgs(1, Path.of("p")).contains("-N"));
    }

    /** A rate above the kernel's maximum made perf record nothing, found out only after the server and tables were ready. */
    @Test
    void ratesAndCountsPerfRefusesAreRefusedFirst() {
        long max = PerfSettings.maxSampleRate();
        for (int bad : new int[] {0, -1, (int) Math.min(Integer.MAX_VALUE, max + 1)}) {
            if (bad > 0 && max >= Integer.MAX_VALUE) {
                continue;
            }
            UsageError e = assertThrows(UsageError.class, () -> new PerfSettings("perf", "cycles", bad, null, "fp"), "" + bad);
            assertEquals("--freq must be 1 to " + max + " samples per second (this kernel's perf_event_max_sample_rate), not "
                    + bad, e.getMessage());
        }
        assertEquals(99, new PerfSettings("perf", "cycles", 99, null, "fp").frequency());
        assertThrows(UsageError.class, () -> new PerfSettings("perf", "cycles", null, 0L, "fp"));
    }

    /**
     * Every call graph samples at 199 Hz unless told otherwise: the sampling rate, not the stack copy,
     * is what perf costs the server (docs/recording.md, "What perf costs"); perf's own 4000 Hz, which
     * frame pointers got before, took 45 % of a point-select server's throughput on a busy machine.
     */
    @Test
    void everyCallGraphSamplesAtTheDefaultRateUnlessToldOtherwise() {
        int expected = (int) Math.min(199, PerfSettings.maxSampleRate());
        for (String mode : new String[] {"fp", "dwarf", "dwarf,32768", "lbr"}) {
            PerfSettings s = callGraph(mode);
            assertEquals(expected, s.frequency(), mode);
            List<String> args = s.recordArgs(1, Path.of("p"));
            assertEquals(String.valueOf(expected), args.get(args.indexOf("-F") + 1), mode);
        }
        assertEquals(expected, PerfSettings.DEFAULT.frequency());
        assertNull(new PerfSettings("perf", "cycles", null, 1000L, "fp").frequency());
        assertEquals(997, new PerfSettings("perf", "cycles", 997, null, "dwarf").frequency());
    }

    /**
     * A kernel that lowered perf_event_max_sample_rate below the default (it does when sampling interrupts
     * run long, as on a busy VM) records at its maximum unless told; a rate asked above it is refused with
     * the maximum named.
     */
    @Test
    void theDefaultRateIsTakenDownToTheKernelsMaximumAndAnAskedRateAboveItRefused() {
        assertEquals(100, PerfSettings.frequency(null, null, 100));
        assertEquals(1, PerfSettings.frequency(null, null, 1));
        assertEquals(199, PerfSettings.frequency(null, null, 199));
        assertEquals(199, PerfSettings.frequency(null, null, 100_000));
        assertEquals(100, PerfSettings.frequency(100, null, 100));
        assertNull(PerfSettings.frequency(null, 5_000L, 100));
        UsageError e = assertThrows(UsageError.class, () -> PerfSettings.frequency(150, null, 100));
        assertEquals("--freq must be 1 to 100 samples per second (this kernel's perf_event_max_sample_rate), not 150",
                e.getMessage());
        assertThrows(UsageError.class, () -> PerfSettings.frequency(0, null, 100));
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
