package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The counters block of {@code diff} (issue 8) on the real captures: each value computed in the test
 * from the capture's own capture.json; repeats that differ are named on stderr; a capture's
 * warnings are summarised on stderr.
 */
class DiffCountersIT {
    static final Path OLD = Myflame.samples().resolve("captures/mariadb-10.2.11-oltp_delete");
    static final Path NEW = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete");

    static JsonNode capture(Path dir) throws Exception {
        return new ObjectMapper().readTree(dir.resolve("capture.json").toFile());
    }

    static double perTxn(JsonNode capture, String counter) {
        return capture.at("/counters/delta/" + counter).asDouble() / capture.at("/workload/results/transactions").asDouble();
    }

    @Test
    void countersBesideTheCpuInTextAndJson() throws Exception {
        Myflame.Result text = Myflame.run("diff", OLD.toString(), NEW.toString(), "--top", "5", "--counters");
        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().contains("# Counters"), text.out());
        assertTrue(text.out().contains("rows deleted/txn"), text.out());
        assertTrue(text.out().matches("(?s).*CPU per transaction \\(server total\\), \u00b5s/txn\\s+\\d+\\.\\d\\d\\s+\\d+\\.\\d\\d.*"),
                text.out());
        // The event perf used is a fact of the recording, named in the footnote: not repeated as a warning.
        assertTrue(text.out().contains("event cpu-clock"), text.out());
        assertFalse(text.err().contains("perf recorded cpu-clock"), text.err());

        // Per transaction the cells are CPU microseconds: nothing says they are percentages.
        Myflame.Result perTxn = Myflame.run("diff", OLD.toString(), NEW.toString(), "--top", "5", "--per", "txn");
        assertEquals(0, perTxn.exit(), perTxn.err());
        assertFalse(perTxn.err().contains("percentages"), perTxn.err());
        assertFalse(perTxn.err().contains("perf lost"), perTxn.err());

        Myflame.Result json = Myflame.run("diff", OLD.toString(), NEW.toString(), "--top", "5", "--counters", "--format", "json");
        assertEquals(0, json.exit(), json.err());
        JsonNode counters = new ObjectMapper().readTree(json.out()).get("counters");
        JsonNode old = capture(OLD);
        JsonNode now = capture(NEW);
        assertEquals(perTxn(old, "Handler_delete"), counters.get("rows deleted/txn").get(0).asDouble(), 1e-4);
        assertEquals(perTxn(now, "Handler_delete"), counters.get("rows deleted/txn").get(1).asDouble(), 1e-4);
        assertEquals(perTxn(now, "Binlog_bytes_written"), counters.get("binlog bytes/txn").get(1).asDouble(), 1e-4);
        assertEquals(now.at("/workload/results/tps").asDouble(), counters.get("transactions/s").get(1).asDouble(), 1e-4);
        Myflame.Result report = Myflame.run("report", NEW.toString(), "--top", "1");
        String title = report.out().lines().findFirst().orElseThrow();
        long totalWeight = Long.parseLong(title.replaceFirst(".*total weight ", ""));
        assertEquals(totalWeight / 1000.0 / now.at("/workload/results/transactions").asDouble(),
                counters.get("CPU per transaction (server total), \u00b5s/txn").get(1).asDouble(), 1e-3);
    }

    @Test
    void repeatsOfDifferentSetupsAreNamed() throws Exception {
        Myflame.Result r = Myflame.run("diff", "--label", "mixed=" + OLD + "," + NEW, "--top", "3");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("column 'mixed' averages repeats that differ"), r.err());
        assertTrue(r.err().contains("server version 10.2.11-MariaDB-log vs 11.4.5-MariaDB-log"), r.err());
    }

    @Test
    void theHtmlPageShowsTheCountersAndHighlightsSignificantRows() throws Exception {
        Myflame.Result r = Myflame.run("diff", OLD.toString(), NEW.toString(), "--top", "10", "--format", "html");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("<section id=\"counters\">"), "counters block");
        assertTrue(r.out().contains("<tr class=\"sig\">"), "significant rows highlighted");
    }
}
