package io.myflame.recorder.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.recorder.workload.Workload;
import java.util.List;
import org.junit.jupiter.api.Test;
import io.myflame.recorder.workload.Endpoint;

class ServerDefaultsTest {
    @Test
    void userOptionReplacesTheDefaultOfTheSameVariable() {
        List<ServerOption> merged = ServerDefaults.merge(ServerDefaults.forWorkload(Workload.defaults()),
                List.of(ServerOption.parse("sync-binlog=1"), ServerOption.parse("innodb_adaptive_hash_index=OFF")));
        List<String> names = merged.stream().map(ServerOption::toString).toList();
        assertTrue(names.contains("sync-binlog=1"), names.toString());
        assertTrue(names.stream().noneMatch(n -> n.equals("sync_binlog=0")), names.toString());
        assertTrue(names.contains("binlog_format=ROW") && names.contains("log_bin=ON"), names.toString());
        assertEquals("innodb_adaptive_hash_index=OFF", names.get(names.size() - 1));
    }

    @Test
    void skipLogBinDropsTheBinlogDefault() {
        List<ServerOption> merged = ServerDefaults.merge(ServerDefaults.forWorkload(Workload.defaults()),
                List.of(ServerOption.parse("skip_log_bin")));
        assertTrue(merged.stream().noneMatch(o -> o.name().equals("log_bin")), merged.toString());
    }

    @Test
    void bufferPoolHoldsBigTables() {
        assertEquals(512L << 20, ServerDefaults.bufferPool(Workload.defaults()));
        long big = ServerDefaults.bufferPool(Workload.defaults().withTables(4).withTableSize(1_000_000));
        assertTrue(big >= 4L * 1_000_000 * ServerDefaults.BYTES_PER_ROW, Long.toString(big));
        assertEquals(0, big % (1 << 20), "whole MiB");
    }

    @Test
    void existingServerKeepsItsSettings() {
        ServerChoice existing = ServerChoice.defaults().withExisting(Endpoint.socket("/tmp/x.sock", "root"), null);
        assertEquals(List.of(), existing.withDefaults(ServerDefaults.forWorkload(Workload.defaults())).options());
    }
}
