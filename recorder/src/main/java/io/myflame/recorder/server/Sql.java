package io.myflame.recorder.server;

import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.workload.Endpoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a recording asks the server in SQL: statements answered as the command-line client answers in
 * batch mode, rows of tab-separated columns. {@link SqlClient} asks a real server; the recorder's fault
 * tests pass one whose server is slow to answer.
 */
public interface Sql {
    /** The server asked. */
    Endpoint endpoint();

    /** Runs a statement, returning the client's exit code and output without judging them. */
    ExternalCommand.Result attempt(String sql) throws RecordException;

    /** Rows of tab-separated columns; an error names the statement and what the server said. */
    default List<String[]> query(String sql) throws RecordException {
        ExternalCommand.Result r = attempt(sql);
        if (r.exit() != 0) {
            throw new RecordException("query failed on " + endpoint() + ": " + sql + ": " + r.said());
        }
        List<String[]> rows = new ArrayList<>();
        for (String line : r.stdout().split("\n")) {
            if (!line.isEmpty()) {
                rows.add(line.split("\t", -1));
            }
        }
        return rows;
    }

    /** The single value of a one-row, one-column query, or null. */
    default String value(String sql) throws RecordException {
        List<String[]> rows = query(sql);
        return rows.isEmpty() ? null : rows.get(0)[0];
    }

    /** {@code SHOW GLOBAL STATUS} as name → value, in the server's order. */
    default Map<String, String> globalStatus() throws RecordException {
        Map<String, String> m = new LinkedHashMap<>();
        for (String[] row : query("SHOW GLOBAL STATUS")) {
            if (row.length >= 2) {
                m.put(row[0], row[1]);
            }
        }
        return m;
    }
}
