package io.myflame.recorder.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;

class SysbenchResultsTest {
    /** Output of a real sysbench 1.0.20 oltp_delete run recorded by myflame record. */
    private static String fixture() throws Exception {
        try (InputStream in = SysbenchResultsTest.class.getResourceAsStream("/record/sysbench-1.0.20-oltp_delete.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void parsesTheFinalSummary() throws Exception {
        SysbenchResults r = SysbenchResults.parse(fixture());
        assertTrue(r.complete());
        assertEquals(12430, r.transactions());
        assertEquals(12430, r.queries());
        assertEquals(2484.66, r.tps(), 1e-9);
        assertEquals(0.03, r.latencyMin(), 1e-9);
        assertEquals(0.40, r.latencyAvg(), 1e-9);
        assertEquals(85.23, r.latencyMax(), 1e-9);
        assertEquals(2.07, r.latencyP95(), 1e-9);
        assertEquals(0, r.errors());
        assertEquals(0, r.reconnects());
        assertEquals(5.0016, r.totalTime(), 1e-9);
    }

    @Test
    void aRunCutShortHasNoTotals() throws Exception {
        String cut = fixture().substring(0, fixture().indexOf("SQL statistics"));
        SysbenchResults r = SysbenchResults.parse(cut);
        assertFalse(r.complete());
        assertEquals(-1, r.transactions());
        assertTrue(Double.isNaN(r.latencyP95()));
    }

    @Test
    void readsTheLiveReportLine() {
        Matcher m = SysbenchResults.LIVE.matcher("[ 3s ] thds: 4 tps: 2347.55 qps: 2347.55 (r/w/o: 0.00/301.02/2046.53) "
                + "lat (ms,95%): 2.11 err/s: 0.00 reconn/s: 0.00");
        assertTrue(m.find());
        assertEquals("3", m.group(1));
        assertEquals("2347.55", m.group(2));
        assertEquals("2.11", m.group(3));
    }
}
