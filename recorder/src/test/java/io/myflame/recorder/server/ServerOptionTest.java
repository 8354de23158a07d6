package io.myflame.recorder.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ServerOptionTest {
    @Test
    void becomesAServerArgument() {
        assertEquals("--innodb-adaptive-hash-index=OFF", ServerOption.parse("innodb_adaptive_hash_index=OFF").argument());
        assertEquals("--plugin-load-add=ha_rocksdb", ServerOption.parse("plugin_load_add=ha_rocksdb").argument());
        assertEquals("--skip-grant-tables", ServerOption.parse("skip_grant_tables").argument());
    }

    @Test
    void binlogOnAndOffWorkOnEveryVersion() {
        assertEquals("--log-bin=mysql-bin", ServerOption.parse("log_bin=ON").argument());
        assertEquals("--skip-log-bin", ServerOption.parse("log-bin=OFF").argument());
        assertTrue(ServerOption.parse("log_bin=1").turnsOnBinlog());
        assertFalse(ServerOption.parse("log_bin=OFF").turnsOnBinlog());
    }

    @Test
    void rejectsWhatIsNotAnOption() {
        assertThrows(IllegalArgumentException.class, () -> ServerOption.parse("=3"));
        assertThrows(IllegalArgumentException.class, () -> ServerOption.parse("a b=3"));
    }
}
