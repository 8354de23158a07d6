package io.myflame.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.myflame.core.analysis.RowSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class RowSelectionTest {
    @Test
    void topIsTheUnionOfEachInputsTopFunctions() {
        List<Column> cols = List.of(Column.of("old", Run.of(DiffTableTest.OLD)), Column.of("new", Run.of(DiffTableTest.NEW)));
        List<String> names = RowSelection.top(cols, 2, Measure.INCLUSIVE).stream().map(r -> r.names().get(0)).toList();
        // old: do_command 90, mysql_delete 50 / ha_commit_trans 40; new: do_command 75, Sql_cmd_dml::execute 60.
        assertEquals(List.of("do_command", "Sql_cmd_dml::execute", "mysql_delete"), names);
    }

    @Test
    void focusMergesTheCalleeTreesOfEachInputsName() {
        List<Column> cols = List.of(Column.of("old", Run.of(DiffTableTest.OLD)), Column.of("new", Run.of(DiffTableTest.NEW)));
        RowSpec focus = new RowSpec(List.of("mysql_delete", "Sql_cmd_dml::execute"), 0, -1, 0);
        List<RowSpec> rows = RowSelection.focus(cols, focus, 3, 0.5);
        List<String> shown = rows.stream().map(r -> "  ".repeat(r.depth()) + r.title()).toList();
        assertEquals(List.of("mysql_delete | Sql_cmd_dml::execute", "  rr_quick", "  handler::ha_delete_row",
                "  Sql_cmd_delete::execute_inner", "    handler::ha_delete_row"), shown);
        assertEquals(0, rows.get(4).parent() - 3);
    }

    @Test
    void focusOnAnAbsentFunctionIsAnError() {
        List<Column> cols = List.of(Column.of("old", Run.of(DiffTableTest.OLD)));
        assertThrows(DiffException.class, () -> RowSelection.focus(cols, new RowSpec(List.of("nope"), 0, -1, 0), 3, 0));
    }
}
