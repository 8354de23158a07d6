package io.myflame.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.flame.MysqlLayer;
import java.awt.Color;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Category bars take the mysql flamegraph palette's colour for the layers they are named after. */
class CategoryChartTest {
    @Test
    void bundledCategoriesNamedAfterLayersShareTheirColours() throws Exception {
        String yaml = Files.readString(Path.of("..", "samples", "categories", "mysql.yaml"));
        assertTrue(yaml.contains("- name: binlog") && yaml.contains("- name: SQL/foreground"));
        assertEquals(MysqlLayer.BINLOG, CategoryChart.layerOf("binlog"));
        assertEquals(MysqlLayer.NETWORK, CategoryChart.layerOf("network"));
        assertEquals(MysqlLayer.INNODB, CategoryChart.layerOf("InnoDB foreground"));
        assertEquals(MysqlLayer.SQL, CategoryChart.layerOf("SQL/foreground"));
        assertEquals(MysqlLayer.OTHER, CategoryChart.layerOf("other"));
        assertNull(CategoryChart.layerOf("InnoDB background"), "background work is not the foreground's colour");
        assertNull(CategoryChart.layerOf("purge"));
        int[] next = {0};
        Set<Color> seen = new HashSet<>();
        for (String c : new String[] {"binlog", "log writer/flush", "purge", "page cleaner/writeback", "network",
            "InnoDB foreground", "SQL/foreground", "InnoDB background", "other"}) {
            assertTrue(seen.add(CategoryChart.colour(c, next)), c + " has a colour of its own");
        }
        assertEquals(MysqlLayer.SQL.base(), CategoryChart.colour("SQL/foreground", next));
    }
}
