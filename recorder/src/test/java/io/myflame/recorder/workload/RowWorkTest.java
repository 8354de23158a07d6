package io.myflame.recorder.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RowWorkTest {
    @Test
    void writeWorkloadsByNameOrScriptPath() {
        assertEquals(RowWork.DELETE, RowWork.of("oltp_delete"));
        assertEquals(RowWork.DELETE, RowWork.of("/usr/share/sysbench/oltp_delete.lua"));
        assertEquals(RowWork.UPDATE, RowWork.of("oltp_update_index"));
        assertEquals(RowWork.INSERT, RowWork.of("oltp_insert"));
        assertNull(RowWork.of("oltp_point_select"));
        assertNull(RowWork.of("oltp_read_write"));
        assertEquals("DELETE", RowWork.DELETE.statement());
    }

    @Test
    void onlyTheBundledNameRunsMyflamesDeleteScript() {
        Workload w = Workload.defaults().withName("oltp_delete");
        assertTrue(w.myflameDelete() && w.bundled());
        Workload stock = w.withName("/usr/share/sysbench/oltp_delete.lua");
        assertFalse(stock.myflameDelete() || stock.bundled());
    }
}
