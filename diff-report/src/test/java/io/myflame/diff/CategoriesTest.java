package io.myflame.diff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.model.Profile;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class CategoriesTest {
    static final String YAML = """
            categories:
              - name: binlog
                frames: ["MYSQL_BIN_LOG::*", "binlog_*"]
              - name: SQL
                frames: [dispatch_command]
            """;

    @Test
    void aSampleBelongsToTheFirstCategoryMatchingAnyOfItsFrames() {
        Categories c = Categories.parse(new StringReader(YAML), "t.yaml");
        assertEquals(List.of("binlog", "SQL", "other"), c.list().stream().map(Categories.Category::name).toList());
        Profile p = Stacks.of("p",
                "mysqld;dispatch_command;ha_commit_trans;MYSQL_BIN_LOG::write 5",
                "mysqld;dispatch_command;mysql_delete 3",
                "mysqld;binlog_commit;dispatch_command 7",
                "mysqld;srv_master_thread 2");
        assertArrayEquals(new long[] {12, 3, 2}, c.weights(p));
    }

    @Test
    void patternsMatchWholeNames() {
        Categories c = Categories.parse(new StringReader(YAML), "t.yaml");
        Profile p = Stacks.of("p", "mysqld;my_binlog_thing 4", "mysqld;dispatch_command_x 1");
        assertArrayEquals(new long[] {0, 0, 5}, c.weights(p));
    }

    @Test
    void brokenFilesNameTheFileAndLine() {
        DiffException e = assertThrows(DiffException.class,
                () -> Categories.parse(new StringReader("categories:\n  - name: [x\n"), "bad.yaml"));
        assertTrue(e.getMessage().startsWith("bad.yaml:"), e.getMessage());
        DiffException shape = assertThrows(DiffException.class,
                () -> Categories.parse(new StringReader("categories:\n  - name: x\n"), "shape.yaml"));
        assertEquals("shape.yaml: category 1 needs 'name' and a list 'frames'", shape.getMessage());
    }

    @Test
    void theBundledMysqlCategoriesHaveTheDefaultsTheReadmePromises() {
        List<String> names = Categories.mysql().list().stream().map(Categories.Category::name).toList();
        assertTrue(names.containsAll(List.of("binlog", "network", "SQL/foreground", "InnoDB foreground", "purge",
                "page cleaner/writeback", "log writer/flush", "other")), names.toString());
        assertEquals("other", names.get(names.size() - 1));
    }
}
