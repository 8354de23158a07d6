package io.myflame.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.myflame.core.UsageError;
import io.myflame.core.model.Profile;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Alias rules join renamed functions: one name everywhere, counted once per sample. */
class AliasesTest {
    @Test
    void anAliasRenamesOldToNewAndMergesWhatBecomesAlike() {
        Profile p = AnalysisTest.profile("main;mysql_delete;row=10", "main;Sql_cmd_delete::delete=30", "main;other=5");
        Aliases a = Aliases.parse(List.of("mysql_delete=Sql_cmd_delete::delete"));
        Profile joined = a.apply(p);
        InclusiveTable t = InclusiveTable.of(joined);
        assertEquals(40, t.inclusive(joined.frames().find("Sql_cmd_delete::delete")));
        assertEquals(-1, joined.frames().find("mysql_delete"));
        assertEquals(Map.of("Sql_cmd_delete::delete", List.of("mysql_delete", "Sql_cmd_delete::delete")), a.present(p));
    }

    @Test
    void nestedAliasesCountASampleOnce() {
        Profile p = AnalysisTest.profile("main;rr_quick;get_next;read=10", "main;get_next=5");
        Aliases a = Aliases.NONE.withRows(List.of(new RowSpec(List.of("rr_quick", "get_next"), 0, -1, 1)));
        Profile joined = a.apply(p);
        assertEquals(15, InclusiveTable.of(joined).inclusive(joined.frames().find("get_next")));
    }

    @Test
    void rowAlternativesJoinUnderTheLastAndMergeWithAliases() {
        Aliases a = Aliases.parse(List.of("a=b")).withRows(List.of(
                new RowSpec(List.of("b", "c"), 0, -1, 1), new RowSpec(List.of("x*", "y"), 0, -1, 2)));
        assertEquals("c", a.joinedName("a"));
        assertEquals("c", a.joinedName("b"));
        assertEquals("x*", a.joinedName("x*"), "globs are not aliases");
        assertEquals(List.of("c"), a.rows(List.of(new RowSpec(List.of("a", "b"), 0, -1, 1))).get(0).names());
    }

    @Test
    void aMalformedAliasIsAUsageError() {
        assertThrows(UsageError.class, () -> Aliases.parse(List.of("no-equals-sign")));
        assertThrows(UsageError.class, () -> Aliases.parse(List.of("old=")));
    }
}
