package io.myflame.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The lines {@code record} and {@code demo} print after a recording, read back from real captures. */
class CaptureSummaryTest {
    private static final Path CAPTURES = Path.of("..", "samples", "captures");

    @Test
    void aDeleteCaptureSaysItsRowsCpuAndStacks() throws Exception {
        CaptureSummary c = CaptureSummary.read(CAPTURES.resolve("mariadb-11.4.5-oltp_delete"));
        assertEquals("checks: 1.000 rows deleted per DELETE, 0.000 buffer-pool reads/txn, server on CPU 0.78 of 1, "
                + "0.5% truncated stacks, 0.0% unresolved samples; 1 warning (in capture.json and above)", c.checks());
        assertEquals("perf: 4961 samples of cpu-clock, 411 binlog bytes/txn", c.perfLine());
    }

    /** A read-only workload changes no rows and writes no binary log: neither is said. */
    @Test
    void aPointSelectCaptureSaysNoRowsNorBinlog() throws Exception {
        CaptureSummary c = CaptureSummary.read(CAPTURES.resolve("mariadb-10.11-oltp_point_select"));
        assertEquals("checks: 0.000 buffer-pool reads/txn, server on CPU 0.60 of 1, 0.2% truncated stacks, "
                + "100.0% unresolved samples; 2 warnings (in capture.json and above)", c.checks());
        assertEquals("perf: 3812 samples of cpu-clock", c.perfLine());
    }
}
