package io.myflame.diff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Binlog bytes per transaction for every server: MariaDB's {@code Binlog_bytes_written}, and upstream
 * MySQL's figure from performance_schema, which its captures carry under another name.
 */
class CountersBlockTest {
    @Test
    void binlogBytesComeFromPerformanceSchemaWhereTheStatusVariableIsMissing() {
        Run mariadb = run(Map.of("Binlog_bytes_written", 41_000L, "Handler_delete", 100L));
        Run mysql = run(Map.of(CountersBlock.PS_BINLOG, 45_300L, "Handler_delete", 100L));
        Diff diff = DiffTable.compute("# t", DiffFormatsTest.ROWS,
                List.of(Column.of("10.11", mariadb), Column.of("5.7.22", mysql)),
                RowEvaluator.rows(DiffFormatsTest.ROWS, Measure.INCLUSIVE), Measure.INCLUSIVE, Per.PERCENT, 10.0);
        Map<String, double[]> values = CountersBlock.values(CountersBlock.of(diff));
        assertArrayEquals(new double[] {410.0, 453.0}, values.get("binlog bytes/txn"), 1e-9);
        assertArrayEquals(new double[] {1.0, 1.0}, values.get("rows deleted/txn"), 1e-9);
    }

    private static Run run(Map<String, Long> deltas) {
        return new Run(DiffFormatsTest.A, 100L, 100L, new RunFacts(1000.0, deltas, Map.of()));
    }
}
