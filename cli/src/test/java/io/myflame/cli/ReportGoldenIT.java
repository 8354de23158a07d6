package io.myflame.cli;

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
    static List<Golden.Case> cases() {
        String delete = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete").toString();
        String rows = Myflame.samples().resolve("rows/golden-delete.rows").toString();
        List<Golden.Case> cases = new ArrayList<>();
        for (String format : List.of("text", "markdown", "csv", "json")) {
            cases.add(new Golden.Case("report-11.4.5-delete-top10." + format, List.of("report", delete, "--top", "10", "--format", format)));
        }
        cases.add(new Golden.Case("report-11.4.5-delete-top10-weight-samples.txt",
                List.of("report", delete, "--top", "10", "--weight", "samples")));
        cases.add(new Golden.Case("report-11.4.5-delete-focus-mysql_execute_command-depth3.txt",
                List.of("report", delete, "--focus", "mysql_execute_command", "--depth", "3", "--min", "1")));
        cases.add(new Golden.Case("report-11.4.5-delete-callers-ha_commit_trans.txt",
                List.of("report", delete, "--callers", "ha_commit_trans", "--depth", "3", "--min", "1")));
        cases.add(new Golden.Case("report-11.4.5-delete-rows.txt", List.of("report", delete, "--rows", rows)));
        cases.add(new Golden.Case("report-10.2.11-delete-by-thread.txt", List.of("report",
                Myflame.samples().resolve("captures/mariadb-10.2.11-oltp_delete").toString(), "--by-thread")));
        cases.add(new Golden.Case("report-11.4.5-delete-rows.list", List.of("report", delete, "--rows", rows, "--format", "list")));
        cases.add(new Golden.Case("report-11.4.5-delete-rows.markdown", List.of("report", delete, "--rows", rows, "--format", "markdown")));
        cases.add(new Golden.Case("report-11.4.5-delete-rows-comm-hide.csv", List.of("report", delete, "--rows", rows, "--format", "csv",
                "--comm", "mariadbd", "--hide", "^pvm_irq_enable$")));
        return cases;
    }

    @TestFactory
    Stream<DynamicTest> reportsMatchTheirGoldenFiles() {
        return Golden.tests(cases());
    }

    /** A capture's stacks.folded.gz holds periods: its header says the total weight, and no sample count. */
    @org.junit.jupiter.api.Test
    void aFoldedFilesCountsAreWeightsNotSamples() throws Exception {
        String folded = Myflame.samples().resolve("captures/mariadb-10.2.11-oltp_delete/stacks.folded.gz").toString();
        Myflame.Result r = Myflame.run("report", folded, "--top", "3");
        org.junit.jupiter.api.Assertions.assertEquals(0, r.exit(), r.err());
        String header = r.out().lines().findFirst().orElse("");
        org.junit.jupiter.api.Assertions.assertTrue(header.matches("# .*stacks\\.folded\\.gz: .*, total weight \\d+"), header);
        org.junit.jupiter.api.Assertions.assertFalse(header.substring(header.indexOf(".gz: ")).contains("samples"), header);
    }
}
