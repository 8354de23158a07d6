package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code myflame diff} and {@code categories} on the real oltp_delete captures, oldest version
 * first, against reviewed golden files under src/test/resources/golden (the README's tables).
 * Regenerate after an intended change with {@code mvn verify -Dmyflame.update=true}.
 */
class DiffGoldenIT {
    static final Path GOLDEN = Path.of("src/test/resources/golden");
    /** Transactions sysbench reported in the 12 profiled seconds (4 s to 16 s of each measured run). */
    static final List<String> TXNS = List.of("--txns", "124927", "--txns", "242211", "--txns", "132291");

    record Case(String name, List<String> args) {
    }

    static List<String> three(String command) {
        List<String> a = new ArrayList<>(List.of(command));
        String[][] captures = {{"mariadb-10.2.11-oltp_delete", "10.2.11"}, {"mariadb-10.11-oltp_delete", "10.11"},
            {"mariadb-11.4.5-oltp_delete", "11.4.5"}};
        for (String[] c : captures) {
            a.addAll(List.of(Myflame.samples().resolve("captures").resolve(c[0]).toString(), "--label", c[1]));
        }
        return a;
    }

    static Case diff(String name, String... more) {
        List<String> a = three("diff");
        a.addAll(List.of(more));
        return new Case(name, a);
    }

    static List<Case> cases() {
        String rows = Myflame.samples().resolve("rows/delete.rows").toString();
        List<Case> cases = new ArrayList<>();
        for (String format : List.of("txt", "markdown", "csv", "json")) {
            cases.add(diff("diff-delete-rows." + format, "--rows", rows, "--format", format.equals("txt") ? "text" : format));
        }
        List<String> perTxn = new ArrayList<>(List.of("--rows", rows, "--per", "txn"));
        perTxn.addAll(TXNS);
        cases.add(diff("diff-delete-rows-per-txn.txt", perTxn.toArray(String[]::new)));
        cases.add(diff("diff-delete-rows-self.txt", "--rows", rows, "--self", "--threshold", "0.5"));
        cases.add(diff("diff-delete-top15.txt", "--top", "15"));
        cases.add(diff("diff-delete-focus-mysql_delete-depth3.txt", "--focus",
                "mysql_delete | Sql_cmd_delete::delete_from_single_table", "--depth", "3", "--min", "1"));
        List<String> cats = three("categories");
        cats.addAll(List.of(Myflame.samples().resolve("captures/mariadb-10.11-oltp_point_select").toString(),
                "--label", "10.11-point"));
        cases.add(new Case("categories-delete.txt", cats));
        return cases;
    }

    @TestFactory
    Stream<DynamicTest> diffsMatchTheirGoldenFiles() {
        boolean update = Boolean.getBoolean("myflame.update");
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            Myflame.Result r = Myflame.run(c.args().toArray(String[]::new));
            assertEquals(0, r.exit(), r.err());
            String got = r.out().replace(Myflame.samples().toString(), "samples");
            Path file = GOLDEN.resolve(c.name());
            if (update) {
                Files.createDirectories(GOLDEN);
                Files.writeString(file, got, StandardCharsets.UTF_8);
                return;
            }
            if (!Files.exists(file)) {
                fail(file + " is missing: run mvn verify -Dmyflame.update=true and review it");
            }
            assertEquals(Files.readString(file, StandardCharsets.UTF_8), got, c.name() + " differs from its golden file");
        }));
    }
}
