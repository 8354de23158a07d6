package io.myflame.recorder.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;
import org.junit.jupiter.api.Test;

class StatusCountersTest {
    @Test
    void deltasKeepTheCountersThatExplainAProfile() {
        Map<String, String> before = Map.of("Questions", "100", "Com_delete", "10", "Com_select", "5",
                "Binlog_bytes_written", "1000", "Uptime", "7", "Innodb_rows_deleted", "3");
        Map<String, String> after = Map.of("Questions", "300", "Com_delete", "110", "Com_select", "5",
                "Binlog_bytes_written", "21000", "Uptime", "9", "Innodb_rows_deleted", "103");
        Map<String, Long> d = StatusCounters.deltas(before, after);
        assertEquals(Map.of("Questions", 200L, "Com_delete", 100L, "Binlog_bytes_written", 20000L,
                "Innodb_rows_deleted", 100L), d);
        Map<String, Double> per = StatusCounters.perTransaction(d, 100);
        assertEquals(200.0, per.get("binlog_bytes"));
        assertEquals(1.0, per.get("Com_delete"));
    }

    @Test
    void mysqlBinlogBytesComeFromPerformanceSchema() {
        Map<String, Long> d = StatusCounters.deltas(Map.of(StatusCounters.PS_BINLOG, "10"),
                Map.of(StatusCounters.PS_BINLOG, "510"));
        assertEquals(50.0, StatusCounters.perTransaction(d, 10).get("binlog_bytes"));
        assertFalse(StatusCounters.perTransaction(d, 0).containsKey("binlog_bytes"));
    }
}
