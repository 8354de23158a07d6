package io.myflame.cli;

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
    static List<String> three(String command) {
        List<String> a = new ArrayList<>(List.of(command));
        String[][] captures = {{"mariadb-10.2.11-oltp_delete", "10.2.11"}, {"mariadb-10.11-oltp_delete", "10.11"},
            {"mariadb-11.4.5-oltp_delete", "11.4.5"}};
        for (String[] c : captures) {
            a.addAll(List.of(Myflame.samples().resolve("captures").resolve(c[0]).toString(), "--label", c[1]));
        }
        return a;
    }

    static Golden.Case diff(String name, String... more) {
        List<String> a = three("diff");
        a.addAll(List.of(more));
        return new Golden.Case(name, a);
    }

    static List<Golden.Case> cases() {
        String rows = Myflame.samples().resolve("rows/delete.rows").toString();
        List<Golden.Case> cases = new ArrayList<>();
        for (String format : List.of("txt", "markdown", "csv", "json", "list")) {
            cases.add(diff("diff-delete-rows." + format, "--rows", rows, "--format", format.equals("txt") ? "text" : format));
        }
        // The transaction counts come from each capture's capture.json (myflame record).
        cases.add(diff("diff-delete-rows-per-txn.txt", "--rows", rows, "--per", "txn"));
        cases.add(diff("diff-delete-rows-self.txt", "--rows", rows, "--self", "--threshold", "0.5"));
        cases.add(diff("diff-delete-top15.txt", "--top", "15"));
        cases.add(diff("diff-delete-focus-mysql_delete-depth3.txt", "--focus",
                "mysql_delete | Sql_cmd_delete::delete_from_single_table", "--depth", "3", "--min", "1"));
        List<String> cats = three("categories");
        cats.addAll(List.of(Myflame.samples().resolve("captures/mariadb-10.11-oltp_point_select").toString(),
                "--label", "10.11-point"));
        cases.add(new Golden.Case("categories-delete.txt", cats));
        return cases;
    }

    @TestFactory
    Stream<DynamicTest> diffsMatchTheirGoldenFiles() {
        return Golden.tests(cases());
    }
}
