package io.myflame.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerNamesTest {
    @Test
    void aFlavourFileAddsItsNamesToTheCommonOnes() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("common.yaml", """
                layers:
                  innodb:
                    names: ["row_", "btr_"]
                roles:
                  purge:
                    entry: ["srv_purge_.*"]
                categories:
                  - name: purge
                    frames: ["trx_purge*"]
                  - name: other
                    frames: []
                """);
        files.put("mariadb.yaml", """
                layers:
                  innodb:
                    names: ["srw_"]
                roles:
                  purge:
                    comm: ["^ib_purge"]
                    entry: ["purge_worker_callback"]
                categories:
                  - name: purge
                    frames: ["purge_worker_*"]
                """);
        files.put("percona.yaml", "# nothing of its own\n");
        ServerNames n = ServerNames.read(files);
        assertEquals(List.of("common.yaml", "mariadb.yaml", "percona.yaml"), n.files());
        assertTrue(n.layerNames("innodb").matcher("srw_lock::rd_lock").lookingAt());
        assertTrue(n.layerNames("innodb").matcher("btr_cur_search").lookingAt());
        assertFalse(n.layerSpecific("innodb").matcher("row_x").lookingAt(), "no specific names given");
        assertTrue(n.roleEntry("purge").matcher("purge_worker_callback").matches());
        assertFalse(n.roleEntry("purge").matcher("purge_worker_callback_2").matches(), "entries match whole names");
        assertTrue(n.roleComm("purge").matcher("ib_purge_coord").find());
        assertNull(n.roleComm("connection"), "a role no file names has no pattern");
        assertEquals(Map.of("purge", List.of("trx_purge*", "purge_worker_*"), "other", List.of()), n.categories());
        assertEquals(List.of("purge", "other"), List.copyOf(n.categories().keySet()), "in the common file's order");
    }

    @Test
    void theBundledFilesAreCommonThenTheFlavoursByName() {
        // Which flavours there are is the recorder's Flavour's to say (FlavourTest checks each has its file).
        List<String> files = ServerNames.bundled().files();
        assertEquals("common.yaml", files.get(0));
        assertTrue(files.containsAll(List.of("mariadb.yaml", "mysql-8.0.yaml")), files.toString());
        assertEquals(files.subList(1, files.size()).stream().sorted().toList(), files.subList(1, files.size()));
        assertTrue(ServerNames.bundled().categories().containsKey("log writer/flush"));
    }
}
