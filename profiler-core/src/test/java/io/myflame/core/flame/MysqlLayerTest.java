package io.myflame.core.flame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The mysql palette's layers on the function names of the real captures in samples/captures
 * (their perf.script.gz): each family of names lands in its layer, and the names issue 12 found
 * misfiled do not land where they were.
 */
class MysqlLayerTest {
    /** A frame line of perf script: address, symbol(+offset), (dso). */
    private static final Pattern FRAME = Pattern.compile("^\\s+[0-9a-f]+ (.+?)(\\+0x[0-9a-f]+)? \\(.*\\)$");
    static final TreeSet<String> NAMES = new TreeSet<>();

    @BeforeAll
    static void readCaptures() throws Exception {
        try (Stream<Path> dirs = Files.list(Path.of("..", "samples", "captures"))) {
            for (Path dir : dirs.sorted().toList()) {
                Path script = dir.resolve("perf.script.gz");
                if (!Files.exists(script)) {
                    continue;
                }
                try (BufferedReader r = new BufferedReader(new InputStreamReader(
                        new GZIPInputStream(Files.newInputStream(script)), StandardCharsets.UTF_8))) {
                    for (String line = r.readLine(); line != null; line = r.readLine()) {
                        Matcher m = FRAME.matcher(line);
                        if (m.matches()) {
                            String sym = m.group(1);
                            int paren = sym.indexOf('(');
                            NAMES.add(paren > 0 ? sym.substring(0, paren) : sym);
                        }
                    }
                }
            }
        }
        assertTrue(NAMES.size() > 500, "function names read from the captures: " + NAMES.size());
    }

    /** Every captured name the family matches is in {@code layer}; the family is not empty. */
    private static void family(String what, Predicate<String> members, MysqlLayer layer) {
        List<String> found = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        for (String n : NAMES) {
            if (members.test(n)) {
                found.add(n);
                if (MysqlLayer.ofName(n) != layer) {
                    wrong.add(n + " -> " + MysqlLayer.ofName(n));
                }
            }
        }
        assertFalse(found.isEmpty(), what + ": no such names in the captures");
        assertTrue(wrong.isEmpty(), what + " not in " + layer + ": " + wrong);
    }

    @Test
    void rangeOptimizerAndMultiRangeReadAreSqlLayer() {
        family("range access", n -> n.startsWith("QUICK_RANGE_SELECT::") || n.startsWith("Mrr_")
                || n.startsWith("DsMrr_impl::") || n.startsWith("SEL_ARG"), MysqlLayer.SQL);
    }

    @Test
    void sqlTableLockingIsSqlLayerButInnodbTableLocksAreInnodb() {
        family("SQL table locking", n -> n.equals("lock_tables") || n.equals("lock_table_names")
                || n.equals("mysql_lock_tables") || n.equals("mysql_unlock_tables"), MysqlLayer.SQL);
        family("InnoDB locks", n -> n.startsWith("lock_rec_") || n.equals("lock_table")
                || n.startsWith("lock_table_create") || n.startsWith("lock_clust_rec"), MysqlLayer.INNODB);
    }

    @Test
    void binaryLogEventsAreBinlog() {
        family("log events", n -> n.matches("(Gtid_|Query_|Xid_)?Log_event(_writer)?::.*|Gtid_log_event::.*")
                || n.startsWith("MYSQL_BIN_LOG::"), MysqlLayer.BINLOG);
    }

    @Test
    void engineAndServerFamilies() {
        family("InnoDB", n -> n.startsWith("row_") || n.startsWith("btr_") || n.startsWith("buf_page_")
                || n.startsWith("ha_innobase::") || n.startsWith("trx_") || n.startsWith("mtr_t::"), MysqlLayer.INNODB);
        family("SQL handler entry points", n -> n.equals("ha_commit_trans") || n.startsWith("handler::ha_")
                || n.startsWith("Sql_cmd_") || n.equals("mysql_execute_command"), MysqlLayer.SQL);
        family("network", n -> n.startsWith("vio_") || n.startsWith("my_net_"), MysqlLayer.NETWORK);
    }

    /** Names from issue 12 that are not in these captures (replication apply, adaptive hash index). */
    @Test
    void namesIssue12FoundMisfiled() {
        Map<String, MysqlLayer> cases = Map.of(
                "Rows_log_event::write_row", MysqlLayer.BINLOG,
                "Write_rows_log_event::do_exec_row", MysqlLayer.BINLOG,
                "lock_tables", MysqlLayer.SQL,
                "QUICK_RANGE_SELECT::get_next", MysqlLayer.SQL,
                "Mrr_simple_index_reader::get_next", MysqlLayer.SQL,
                "DsMrr_impl::dsmrr_next", MysqlLayer.SQL,
                "ha_insert_for_fold_func", MysqlLayer.INNODB,
                "ha_insert_for_fold", MysqlLayer.INNODB,
                "ha_search_and_update_if_found_func", MysqlLayer.INNODB);
        cases.forEach((name, layer) -> assertEquals(layer, MysqlLayer.ofName(name), name));
    }
}
