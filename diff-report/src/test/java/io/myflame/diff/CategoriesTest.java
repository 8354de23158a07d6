package io.myflame.diff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.model.Profile;
import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
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

    /** The bundled categories come from the flavour files; samples/ keeps them for users to copy, and must not drift. */
    @Test
    void theSamplesCopyIsTheBundledCategories() throws Exception {
        Path copy = Path.of("..", "samples", "categories", "mysql.yaml");
        Categories samples;
        try (Reader r = Files.newBufferedReader(copy)) {
            samples = Categories.parse(r, copy.toString());
        }
        assertEquals(patterns(Categories.mysql()), patterns(samples),
                copy + " differs from the categories of profiler-core's io/myflame/core/names/*.yaml: make them agree");
    }

    private static Map<String, Set<String>> patterns(Categories c) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        c.list().forEach(cat -> out.put(cat.name(), cat.patterns().stream().map(Pattern::pattern)
                .collect(Collectors.toCollection(TreeSet::new))));
        return out;
    }
}
