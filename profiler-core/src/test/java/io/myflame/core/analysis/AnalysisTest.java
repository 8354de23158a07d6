package io.myflame.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.SampledThread;
import java.io.StringReader;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The semantics DESIGN.md fixes, on small stacks whose answers can be counted by hand:
 * recursion counts once, callee trees merge every occurrence, nested rows follow the chain.
 */
class AnalysisTest {
    /** Builds a profile from "a;b;c=weight" entries (stacks root first). */
    static Profile profile(String... stacks) {
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames);
        int t = b.thread(new SampledThread("mariadbd", 1, 2));
        for (String s : stacks) {
            String[] kv = s.split("=");
            String[] names = kv[0].split(";");
            int[] ids = new int[names.length];
            for (int i = 0; i < names.length; i++) {
                ids[i] = frames.intern(names[i]);
            }
            b.add(t, ids, ids.length, Long.parseLong(kv[1]), 1);
        }
        return b.build();
    }

    @Test
    void analysesLeaveTheProfilesNamesAsTheyWere() {
        Profile p = profile("main;f=10", "main;g=30");
        int names = p.frames().size();
        CallTree byComm = CallTrees.full(p, true);
        assertEquals(names, p.frames().size(), "a comm root added a name to the built profile");
        assertEquals("mariadbd", byComm.name(byComm.children(0)[0]));
        assertEquals(p.frames().find("f"), p.frames().intern("f"));
        assertThrows(IllegalStateException.class, () -> p.frames().intern("not_in_the_profile"));
    }

    @Test
    void recursionIsCountedOncePerSample() {
        Profile p = profile("main;f;g;f;h=10", "main;x=30");
        InclusiveTable t = InclusiveTable.of(p);
        int f = p.frames().find("f");
        assertEquals(10, t.inclusive(f));
        assertEquals(25.0, t.inclusivePct(f), 1e-9);
        assertEquals(0, t.self(f));
        assertEquals(10, t.self(p.frames().find("h")));
        assertEquals(40, t.inclusive(p.frames().find("main")));
    }

    @Test
    void calleeTreeMergesEveryOccurrenceOncePerNode() {
        Profile p = profile("main;f;g;f;h=10", "main;f;h=5");
        CallTree tree = CallTrees.callees(p, p.frames().find("f"));
        int f = tree.findChild(0, p.frames().find("f"));
        assertEquals(15, tree.total(f));
        int h = tree.findChild(f, p.frames().find("h"));
        // f;h directly (5) and the inner f's h of the first sample (10).
        assertEquals(15, tree.total(h));
        int g = tree.findChild(f, p.frames().find("g"));
        assertEquals(10, tree.total(g));
    }

    @Test
    void callerTreeWalksTowardsTheRoot() {
        Profile p = profile("main;a;h=10", "main;b;h=5");
        CallTree tree = CallTrees.callers(p, p.frames().find("h"));
        int h = tree.findChild(0, p.frames().find("h"));
        assertEquals(15, tree.total(h));
        assertEquals(10, tree.total(tree.findChild(h, p.frames().find("a"))));
    }

    @Test
    void nestedRowsCountSamplesWhereTheChainAppearsInOrder() throws Exception {
        Profile p = profile(
                "do_command;mysql_delete;x;ha_delete_row=10",   // chain present, not adjacent
                "do_command;ha_delete_row;mysql_delete=5",      // wrong order
                "do_command;ha_commit_trans;binlog_commit=20",
                "do_command;other=65");
        List<RowSpec> rows = RowFile.parse(new StringReader("""
                # the DELETE path
                mysql_delete | Sql_cmd_delete::delete_from_single_table
                  ha_delete_row
                Sql_cmd_dml::execute | ha_commit_trans
                    binlog_commit
                """), "delete.rows");
        List<RowTable.Cell> cells = RowTable.evaluate(rows, p);
        assertEquals(15.0, cells.get(0).percent(), 1e-9);
        assertEquals("mysql_delete", cells.get(0).matched());
        assertEquals(10.0, cells.get(1).percent(), 1e-9);
        assertEquals("ha_commit_trans", cells.get(2).matched());
        assertEquals(20.0, cells.get(3).percent(), 1e-9);
        assertEquals(1, rows.get(3).depth());
    }

    @Test
    void aRowWithNoAlternativePresentIsEmpty() throws Exception {
        Profile p = profile("a;b=1");
        List<RowTable.Cell> cells = RowTable.evaluate(RowFile.parse(new StringReader("zzz\n  b\n"), "r"), p);
        assertEquals(false, cells.get(0).present());
        assertEquals(false, cells.get(1).present());
    }

    @Test
    void globRowsMatchSeveralFunctions() throws Exception {
        Profile p = profile("Sql_cmd_delete::execute_inner;x=3", "Sql_cmd_delete::prepare_inner=1", "y=4");
        List<RowTable.Cell> cells = RowTable.evaluate(RowFile.parse(new StringReader("Sql_cmd_delete::*\n"), "r"), p);
        assertEquals(50.0, cells.get(0).percent(), 1e-9);
    }

    @Test
    void emptyRowFileIsAnError() {
        assertThrows(RowFile.RowFileException.class, () -> RowFile.parse(new StringReader("# nothing\n"), "r"));
    }

    @Test
    void renameMergesClonesAndHideDropsFrames() {
        Profile p = profile("main;row_search_mvcc.isra.0;memcpy=3", "main;row_search_mvcc;memcpy=1");
        ProfileFilter f = new ProfileFilter(null, null,
                List.of(ProfileFilter.Rename.parse("\\.isra\\.\\d+$=")), List.of(Pattern.compile("^memcpy$")));
        Profile q = f.apply(p);
        assertEquals(1, q.size());
        InclusiveTable t = InclusiveTable.of(q);
        assertEquals(4, t.inclusive(q.frames().find("row_search_mvcc")));
        assertEquals(4, t.self(q.frames().find("row_search_mvcc")));
        assertEquals(-1, q.frames().find("memcpy"));
    }
}
