package io.myflame.recorder.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ServerOptionTest {
    @Test
    void becomesAServerArgument() {
        for (Flavour f : Flavour.values()) {
            assertEquals("--innodb-adaptive-hash-index=OFF", f.argument(ServerOption.parse("innodb_adaptive_hash_index=OFF")));
            assertEquals("--plugin-load-add=ha_rocksdb", f.argument(ServerOption.parse("plugin_load_add=ha_rocksdb")));
            assertEquals("--skip-grant-tables", f.argument(ServerOption.parse("skip_grant_tables")));
        }
    }

    @Test
    void binlogOnAndOffWorkOnEveryVersion() {
        for (Flavour f : Flavour.values()) {
            assertEquals("--log-bin=mysql-bin", f.argument(ServerOption.parse("log_bin=ON")), f.label());
            assertEquals("--skip-log-bin", f.argument(ServerOption.parse("log-bin=OFF")), f.label());
        }
        assertTrue(ServerOption.parse("log_bin=1").turnsOnBinlog());
        assertFalse(ServerOption.parse("log_bin=OFF").turnsOnBinlog());
    }

    @Test
    void rejectsWhatIsNotAnOption() {
        assertThrows(IllegalArgumentException.class, () -> ServerOption.parse("=3"));
        assertThrows(IllegalArgumentException.class, () -> ServerOption.parse("a b=3"));
    }
}
