package io.myflame.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.myflame.recorder.workload.Workload;
import org.junit.jupiter.api.Test;

class RowSupplyTest {
    @Test
    void deleteTablesHoldTwiceWhatTheWarmUpRateDeletesInTheWindow() {
        Workload w = Workload.defaults().withName(Workload.DELETE).withSeconds(20).withThreads(2).withTables(2);
        // 3000 tps x 20 s x 2 / 2 tables + 2 threads = 60002 -> 61000 rows per table
        assertEquals(61_000, RowSupply.rowsForDeletes(w, 3000));
        assertEquals(10_000, RowSupply.rowsForDeletes(w, 10), "never below the size asked for");
        assertEquals(10_000, RowSupply.rowsForDeletes(w, Double.NaN), "no warm-up: the size asked for");
    }
}
