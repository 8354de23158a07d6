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
 * {@code myflame report} on a real capture in every mode and format, against reviewed golden files
 * under src/test/resources/golden (names encode the options). Regenerate after an intended change
 * with {@code mvn verify -Dmyflame.update=true} and review the diff.
 */
class ReportGoldenIT {
    static final Path GOLDEN = Path.of("src/test/resources/golden");

    record Case(String name, List<String> args) {
    }

    static List<Case> cases() {
        String delete = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete").toString();
        String rows = Myflame.samples().resolve("rows/golden-delete.rows").toString();
        List<Case> cases = new ArrayList<>();
        for (String format : List.of("text", "markdown", "csv", "json")) {
            cases.add(new Case("report-11.4.5-delete-top10." + format, List.of("report", delete, "--top", "10", "--format", format)));
        }
        cases.add(new Case("report-11.4.5-delete-top10-weight-samples.txt",
                List.of("report", delete, "--top", "10", "--weight", "samples")));
        cases.add(new Case("report-11.4.5-delete-focus-mysql_execute_command-depth3.txt",
                List.of("report", delete, "--focus", "mysql_execute_command", "--depth", "3", "--min", "1")));
        cases.add(new Case("report-11.4.5-delete-callers-ha_commit_trans.txt",
                List.of("report", delete, "--callers", "ha_commit_trans", "--depth", "3", "--min", "1")));
        cases.add(new Case("report-11.4.5-delete-rows.txt", List.of("report", delete, "--rows", rows)));
        cases.add(new Case("report-11.4.5-delete-rows.markdown", List.of("report", delete, "--rows", rows, "--format", "markdown")));
        cases.add(new Case("report-11.4.5-delete-rows-comm-hide.csv", List.of("report", delete, "--rows", rows, "--format", "csv",
                "--comm", "mariadbd", "--hide", "^pvm_irq_enable$")));
        return cases;
    }

    @TestFactory
    Stream<DynamicTest> reportsMatchTheirGoldenFiles() {
        boolean update = Boolean.getBoolean("myflame.update");
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            Myflame.Result r = Myflame.run(c.args().toArray(String[]::new));
            assertEquals(0, r.exit(), r.err());
            // The title names the input path, which differs between checkouts.
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
