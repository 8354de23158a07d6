package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * The study the tool was built for, on the bundled captures of upstream MySQL 5.6.24, 5.7.22 and
 * 8.0.15 (oltp_delete, record's defaults): the table of samples/rows/mysql-delete.rows equals a
 * count made here, independently, from each capture's folded stacks; and the thread roles put no
 * background thread's samples among the connections.
 */
class MysqlStudyIT {
    static final List<String> CAPTURES = List.of("mysql-5.6.24-oltp_delete", "mysql-5.7.22-oltp_delete",
            "mysql-8.0.15-oltp_delete");
    /** Background threads' entry points in the three versions (page cleaner, purge, redo log, I/O, master). */
    static final Set<String> BACKGROUND = Set.of("buf_flush_page_cleaner_coordinator", "buf_flush_page_cleaner_thread",
            "buf_flush_page_cleaner_worker", "buf_flush_page_coordinator_thread", "srv_purge_coordinator_thread",
            "srv_worker_thread", "srv_master_thread", "io_handler_thread", "log_writer", "log_flusher",
            "log_write_notifier", "log_flush_notifier", "log_checkpointer", "srv_monitor_thread",
            "srv_error_monitor_thread", "lock_wait_timeout_thread", "buf_dump_thread", "dict_stats_thread");

    static Path capture(String name) {
        return Myflame.samples().resolve("captures").resolve(name);
    }

    @Test
    void theStudysRowsEqualACountFromTheFoldedStacks() throws Exception {
        List<String> args = new ArrayList<>(List.of("diff"));
        CAPTURES.forEach(c -> args.add(capture(c).toString()));
        args.addAll(List.of("--rows", Myflame.samples().resolve("rows/mysql-delete.rows").toString(), "--format", "csv"));
        Myflame.Result r = Myflame.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        List<Row> rows = Row.read(Myflame.samples().resolve("rows/mysql-delete.rows"));
        List<String> csv = r.out().lines().skip(1).toList();
        assertEquals(rows.size(), csv.size(), r.out());
        for (int c = 0; c < CAPTURES.size(); c++) {
            Folded folded = Folded.read(capture(CAPTURES.get(c)).resolve("stacks.folded.gz"));
            for (int i = 0; i < rows.size(); i++) {
                String cell = csv.get(i).split(",", -1)[2 + c];
                double counted = folded.share(rows, i);
                if (cell.isEmpty()) {
                    assertEquals(0.0, counted, CAPTURES.get(c) + " " + rows.get(i).names + ": blank cell, counted " + counted);
                } else {
                    assertEquals(counted, Double.parseDouble(cell), 0.01 + 1e-9,
                            CAPTURES.get(c) + " " + rows.get(i).names + "\n" + r.out());
                }
            }
        }
        // The study's functions are named in every version: the statement, the delete, the commit.
        for (String line : List.of("mysql_delete,1,", "handler::ha_delete_row,", "ha_commit_trans,", "MYSQL_BIN_LOG::commit,")) {
            String row = csv.stream().filter(l -> l.startsWith(line)).findFirst().orElseThrow(() -> new AssertionError(line + r.out()));
            assertFalse(row.contains(",,"), "a version without " + line + ": " + row);
        }
    }

    @Test
    void noBackgroundThreadIsCountedAsAConnection() throws Exception {
        for (String name : CAPTURES) {
            Myflame.Result r = Myflame.run("report", capture(name).toString(), "--by-thread", "--format", "csv");
            assertEquals(0, r.exit(), r.err());
            Map<String, Double> roles = new LinkedHashMap<>();
            r.out().lines().skip(1).forEach(l -> {
                String[] f = l.split(",");
                roles.put(f[0], Double.parseDouble(f[f.length - 1]));
            });
            Folded folded = Folded.read(capture(name).resolve("stacks.folded.gz"));
            double background = folded.shareWithAny(BACKGROUND);
            double connections = roles.getOrDefault("connections", 0.0);
            // Every stack under a background entry point is background, so connections are at most the rest.
            // The report reads the capture's perf script text, the count here its natively folded stacks:
            // the two unwinders may part on a sample or two (0.02 % each here), a thread misplaced is whole percents.
            assertTrue(connections <= 100 - background + 0.1, name + ": connections " + connections
                    + " % but background entry points hold " + background + " %\n" + r.out());
            assertTrue(roles.getOrDefault("background", 0.0) >= background - 0.1, name + ": " + background + "\n" + r.out());
            assertTrue(connections > 20, name + ": the workload's connection is there\n" + r.out());
        }
    }

    /** A row of a row file: its names (alternatives) and its ancestors' indexes, root first. */
    record Row(List<String> names, List<Integer> chain) {
        static List<Row> read(Path file) throws Exception {
            List<Row> rows = new ArrayList<>();
            List<Integer> depths = new ArrayList<>();
            for (String line : Files.readAllLines(file)) {
                if (line.isBlank() || line.strip().startsWith("#")) {
                    continue;
                }
                int depth = (line.length() - line.stripLeading().length()) / 2;
                List<Integer> chain = new ArrayList<>();
                for (int i = rows.size() - 1, want = depth - 1; i >= 0 && want >= 0; i--) {
                    if (depths.get(i) == want) {
                        chain.add(0, i);
                        want--;
                    }
                }
                chain.add(rows.size());
                List<String> names = List.of(line.strip().split("\\s*\\|\\s*"));
                rows.add(new Row(names, chain));
                depths.add(depth);
            }
            return rows;
        }
    }

    /** The folded stacks of a capture: frames per stack (comm first) and weights. */
    record Folded(List<String[]> stacks, List<Long> weights, long total) {
        static Folded read(Path gz) throws Exception {
            List<String[]> stacks = new ArrayList<>();
            List<Long> weights = new ArrayList<>();
            long total = 0;
            try (BufferedReader in = new BufferedReader(new InputStreamReader(
                    new GZIPInputStream(Files.newInputStream(gz)), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    int sp = line.lastIndexOf(' ');
                    long w = Long.parseLong(line.substring(sp + 1));
                    stacks.add(line.substring(0, sp).split(";"));
                    weights.add(w);
                    total += w;
                }
            }
            return new Folded(stacks, weights, total);
        }

        /** Percent of the weight whose stack holds row {@code i}'s chain in order, root side first. */
        double share(List<Row> rows, int i) {
            long w = 0;
            for (int s = 0; s < stacks.size(); s++) {
                int at = 0;
                boolean all = true;
                for (int r : rows.get(i).chain) {
                    at = find(stacks.get(s), rows.get(r).names, at);
                    if (at < 0) {
                        all = false;
                        break;
                    }
                    at++;
                }
                w += all ? weights.get(s) : 0;
            }
            return Math.round(10_000.0 * w / total) / 100.0;
        }

        double shareWithAny(Set<String> functions) {
            long w = 0;
            for (int s = 0; s < stacks.size(); s++) {
                for (String f : stacks.get(s)) {
                    if (functions.contains(f)) {
                        w += weights.get(s);
                        break;
                    }
                }
            }
            return 100.0 * w / total;
        }

        private static int find(String[] stack, List<String> names, int from) {
            // Frame 0 is the thread's name (comm), not a function.
            for (int j = Math.max(1, from); j < stack.length; j++) {
                if (names.contains(stack[j])) {
                    return j;
                }
            }
            return -1;
        }
    }
}
