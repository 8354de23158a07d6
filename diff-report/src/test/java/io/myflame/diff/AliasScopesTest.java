package io.myflame.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.analysis.RowSpec;
import io.myflame.core.model.Profile;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shape of MariaDB 10.11 against 11.4: opening the table ran inside mysql_delete, and runs in
 * Sql_cmd_dml::prepare before Sql_cmd_delete::delete_from_single_table in 11.4. The alias row of the
 * two compares different work, and the note says what moved and where to.
 */
class AliasScopesTest {
    private static final Profile OLD = Stacks.of("10.11",
            "mariadbd;mysql_execute_command;mysql_delete;open_and_lock_tables;open_table 30",
            "mariadbd;mysql_execute_command;mysql_delete;handler::ha_delete_row 60",
            "mariadbd;poll 10");
    private static final Profile MOVED = Stacks.of("11.4",
            "mariadbd;mysql_execute_command;Sql_cmd_dml::execute;Sql_cmd_dml::prepare;open_and_lock_tables;open_table 30",
            "mariadbd;mysql_execute_command;Sql_cmd_dml::execute;Sql_cmd_delete::delete_from_single_table;handler::ha_delete_row 60",
            "mariadbd;poll 10");
    /** The same work, renamed only: no note. */
    private static final Profile RENAMED = Stacks.of("11.4-renamed",
            "mariadbd;mysql_execute_command;Sql_cmd_delete::delete_from_single_table;open_and_lock_tables;open_table 25",
            "mariadbd;mysql_execute_command;Sql_cmd_delete::delete_from_single_table;handler::ha_delete_row 65",
            "mariadbd;poll 10");
    private static final List<RowSpec> ROWS = List.of(
            new RowSpec(List.of("mysql_execute_command"), 0, -1, 1),
            new RowSpec(List.of("mysql_delete", "Sql_cmd_delete::delete_from_single_table"), 1, 0, 2));

    private static Diff diff(Profile a, Profile b) {
        return DiffTable.compute("t", ROWS, List.of(Column.of(a.info().label(), Run.of(a)), Column.of(b.info().label(), Run.of(b))),
                RowEvaluator.rows(ROWS, Measure.INCLUSIVE), Measure.INCLUSIVE, Per.PERCENT, 1.0);
    }

    @Test
    void aCalleeMovedOutOfTheRowIsNamedWithItsNewCaller() {
        List<String> notes = AliasScopes.notes(diff(OLD, MOVED));
        assertEquals(1, notes.size(), notes.toString());
        String n = notes.get(0);
        assertTrue(n.startsWith("mysql_delete: the inputs' functions do different work: "), n);
        assertTrue(n.contains("open_and_lock_tables holds 33.33 % of mysql_delete in 10.11"), n);
        assertTrue(n.contains("runs outside Sql_cmd_delete::delete_from_single_table in 11.4 (under Sql_cmd_dml::prepare)"), n);
        // The footer carries it.
        assertTrue(DiffTables.of(diff(OLD, MOVED), false).notes().contains(n));
    }

    @Test
    void aRenameThatKeepsTheWorkIsNotFlagged() {
        assertEquals(List.of(), AliasScopes.notes(diff(OLD, RENAMED)));
        assertEquals(List.of(), AliasScopes.notes(diff(OLD, OLD)));
    }
}
