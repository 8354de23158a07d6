package io.myflame.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.analysis.RowSpec;
import io.myflame.core.model.Profile;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiffTableTest {
    /** 5.6-style names in the old profile, 8.0-style in the new one. */
    static final Profile OLD = Stacks.of("old",
            "mysqld;do_command;mysql_delete;handler::ha_delete_row 30",
            "mysqld;do_command;mysql_delete;rr_quick 20",
            "mysqld;do_command;ha_commit_trans;MYSQL_BIN_LOG::commit 40",
            "mysqld;poll 10");
    static final Profile NEW = Stacks.of("new",
            "mysqld;do_command;Sql_cmd_dml::execute;Sql_cmd_delete::execute_inner;handler::ha_delete_row 10",
            "mysqld;do_command;Sql_cmd_dml::execute;rr_quick 50",
            "mysqld;do_command;ha_commit_trans 15",
            "mysqld;poll 25");

    static final List<RowSpec> ROWS = List.of(
            new RowSpec(List.of("mysql_delete", "Sql_cmd_dml::execute"), 0, -1, 1),
            new RowSpec(List.of("handler::ha_delete_row"), 1, 0, 2),
            new RowSpec(List.of("ha_commit_trans"), 0, -1, 3),
            new RowSpec(List.of("MYSQL_BIN_LOG::commit"), 1, 2, 4));

    static Diff diff(Measure m, List<Column> columns, double threshold) {
        return DiffTable.compute("t", ROWS, columns, RowEvaluator.rows(ROWS, m), m, Per.PERCENT, threshold);
    }

    @Test
    void aliasRowsTakeTheFirstNamePresentInEachColumn() {
        Diff d = diff(Measure.INCLUSIVE, List.of(Column.of("5.6", Run.of(OLD)), Column.of("8.0", Run.of(NEW))), 1.0);
        DiffRow top = d.rows().get(0);
        assertEquals(50.0, top.cells().get(0).mean(), 1e-9);
        assertEquals(60.0, top.cells().get(1).mean(), 1e-9);
        assertEquals(List.of("mysql_delete"), top.cells().get(0).matched());
        assertEquals(List.of("Sql_cmd_dml::execute"), top.cells().get(1).matched());
        assertEquals(10.0, top.delta(), 1e-9);
        assertEquals(1.2, top.ratio(), 1e-9);
        assertTrue(top.significant());
        // Nested: ha_delete_row below the matched alternative, not adjacent in NEW.
        assertEquals(30.0, d.rows().get(1).cells().get(0).mean(), 1e-9);
        assertEquals(10.0, d.rows().get(1).cells().get(1).mean(), 1e-9);
        // MYSQL_BIN_LOG::commit does not exist in NEW: absent, so no delta.
        DiffRow binlog = d.rows().get(3);
        assertFalse(binlog.cells().get(1).present());
        assertTrue(Double.isNaN(binlog.delta()));
        assertFalse(binlog.significant());
    }

    /**
     * A cell's share is the weight times 100 over the total, divided last, as {@code report} and perf
     * compute it: 15 of 96 samples is exactly 15.625 % and prints 15.62 (times a rounded 100 / 96 it was
     * 15.625000000000002 and printed 15.63).
     */
    @Test
    void aShareIsDividedLastAsTheTablesDivideIt() {
        Profile tie = Stacks.of("tie", "mysqld;do_command;mysql_delete;handler::ha_delete_row 15", "mysqld;poll 81");
        Diff d = diff(Measure.INCLUSIVE, List.of(Column.of("a", Run.of(tie)), Column.of("b", Run.of(tie))), 1.0);
        assertEquals(15.625, d.rows().get(0).cells().get(0).mean(), 0.0);
        assertEquals("15.62", io.myflame.core.Decimals.twoPlaces(d.rows().get(0).cells().get(1).mean()));
        assertEquals(0.0, d.rows().get(0).delta(), 0.0);
    }

    @Test
    void selfCountsOnlyLeafSamplesBelowTheParentChain() {
        Diff d = diff(Measure.SELF, List.of(Column.of("5.6", Run.of(OLD)), Column.of("8.0", Run.of(NEW))), 1.0);
        assertEquals(0.0, d.rows().get(0).cells().get(0).mean(), 1e-9);
        assertEquals(30.0, d.rows().get(1).cells().get(0).mean(), 1e-9);
        assertEquals(15.0, d.rows().get(2).cells().get(1).mean(), 1e-9);
    }

    @Test
    void aProfileAgainstItselfChangesNothing() {
        Diff d = diff(Measure.INCLUSIVE, List.of(Column.of("a", Run.of(NEW)), Column.of("b", Run.of(NEW))), 0.0);
        for (DiffRow r : d.rows()) {
            if (r.cells().get(0).present()) {
                assertEquals(0.0, r.delta(), 0.0);
                assertFalse(r.significant(), r.key());
            }
        }
    }

    @Test
    void repeatsGiveMeanAndSpreadAndAChangeMustBeatTheSpread() {
        Profile a1 = Stacks.of("a1", "m;f 10", "m;g 90");
        Profile a2 = Stacks.of("a2", "m;f 30", "m;g 70");
        Profile b1 = Stacks.of("b1", "m;f 35", "m;g 65");
        Profile b2 = Stacks.of("b2", "m;f 45", "m;g 55");
        List<RowSpec> rows = List.of(new RowSpec(List.of("f"), 0, -1, 1));
        List<Column> cols = List.of(new Column("a", List.of(Run.of(a1), Run.of(a2))),
                new Column("b", List.of(Run.of(b1), Run.of(b2))));
        Diff d = DiffTable.compute("t", rows, cols, RowEvaluator.rows(rows, Measure.INCLUSIVE), Measure.INCLUSIVE,
                Per.PERCENT, 1.0);
        Cell a = d.rows().get(0).cells().get(0);
        assertEquals(20.0, a.mean(), 1e-9);
        assertEquals(10.0, a.spread(), 1e-9);
        assertEquals(40.0, d.rows().get(0).cells().get(1).mean(), 1e-9);
        // delta 20 > spreads 10 + 5: the bands [10,30] and [35,45] do not overlap.
        assertTrue(d.rows().get(0).significant());
        List<Column> noisy = List.of(cols.get(0), new Column("b", List.of(Run.of(Stacks.of("b3", "m;f 25", "m;g 75")),
                Run.of(Stacks.of("b4", "m;f 45", "m;g 55")))));
        Diff n = DiffTable.compute("t", rows, noisy, RowEvaluator.rows(rows, Measure.INCLUSIVE), Measure.INCLUSIVE,
                Per.PERCENT, 1.0);
        // delta 15 is not above spreads 10 + 10.
        assertFalse(n.rows().get(0).significant());
    }

    @Test
    void costPerTransactionUsesTheEventsUnit() {
        Profile clock = Stacks.withEvent("clock", "cpu-clock:ppp", "m;f 3000000", "m;g 1000000");
        Profile cycles = Stacks.withEvent("cyc", "cycles", "m;f 9000", "m;g 1000");
        List<RowSpec> rows = List.of(new RowSpec(List.of("f"), 0, -1, 1));
        List<Column> cols = List.of(Column.of("a", new Run(clock, 1000L, null)), Column.of("b", new Run(cycles, 10L, null)));
        Diff d = DiffTable.compute("t", rows, cols, RowEvaluator.rows(rows, Measure.INCLUSIVE), Measure.INCLUSIVE,
                Per.TXN, 1.0);
        assertEquals(3.0, d.rows().get(0).cells().get(0).mean(), 1e-9); // 3 ms of CPU over 1000 txns = 3 µs
        assertEquals(900.0, d.rows().get(0).cells().get(1).mean(), 1e-9);
        assertEquals(List.of("\u00b5s/txn", "cycles/txn"), d.units());
    }

    @Test
    void costPerTransactionNeedsCountsAndAKnownEvent() {
        List<RowSpec> rows = List.of(new RowSpec(List.of("f"), 0, -1, 1));
        Profile p = Stacks.of("p", "m;f 1");
        DiffException noCount = assertThrows(DiffException.class, () -> DiffTable.compute("t", rows,
                List.of(Column.of("a", Run.of(p))), RowEvaluator.rows(rows, Measure.INCLUSIVE), Measure.INCLUSIVE, Per.TXN, 1));
        assertTrue(noCount.getMessage().contains("--txns"), noCount.getMessage());
        Profile faults = Stacks.withEvent("q", "page-faults", "m;f 1");
        DiffException badEvent = assertThrows(DiffException.class, () -> DiffTable.compute("t", rows,
                List.of(Column.of("a", new Run(faults, 5L, null))), RowEvaluator.rows(rows, Measure.INCLUSIVE),
                Measure.INCLUSIVE, Per.TXN, 1));
        assertTrue(badEvent.getMessage().contains("page-faults"), badEvent.getMessage());
    }

    @Test
    void eachColumnSaysItsTruncatedShareAndTheirPercentagesStay() {
        Profile measured = OLD.withInfo(OLD.info().withTruncatedShare(0.418));
        List<Column> columns = List.of(Column.of("5.6", Run.of(measured)),
                new Column("8.0", List.of(Run.of(NEW.withInfo(NEW.info().withTruncatedShare(0.2))),
                        Run.of(NEW.withInfo(NEW.info().withTruncatedShare(0.3))))));
        assertEquals(0.25, columns.get(1).truncatedShare(), 1e-12);
        List<String> notes = DiffTables.of(diff(Measure.INCLUSIVE, columns, 1.0)).notes();
        assertTrue(notes.get(notes.size() - 2).startsWith("5.6: event cpu-clock, 4 samples, 41.8% in truncated stacks (old)"),
                notes.toString());
        assertTrue(notes.get(notes.size() - 1).contains(", 25.0% in truncated stacks (new, new)"), notes.toString());
        // Not measured (NaN) says nothing; the cells do not depend on it.
        Diff plain = diff(Measure.INCLUSIVE, List.of(Column.of("5.6", Run.of(OLD)), Column.of("8.0", Run.of(NEW))), 1.0);
        assertFalse(DiffTables.of(plain).notes().toString().contains("truncated"));
        assertEquals(plain.rows().get(0).cells().get(0).mean(),
                diff(Measure.INCLUSIVE, columns, 1.0).rows().get(0).cells().get(0).mean());
    }
}
