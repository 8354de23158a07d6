package io.myflame.recorder.fake;

import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.server.Sql;
import io.myflame.recorder.workload.Endpoint;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A MariaDB that answers what a recording asks, as its command-line client prints it: a version, full
 * sbtest tables, a few variables and status counters that grow by one transaction's worth each time
 * they are read. Statements a test names do not come back: they time out as the real client does
 * after five minutes.
 */
public final class FakeSql implements Sql {
    private static final Pattern COUNT_IDS = Pattern.compile("WHERE id BETWEEN 1 AND (\\d+)");

    private final Endpoint endpoint;
    private final FakeClock clock;
    private Predicate<String> hangs = sql -> false;
    private int statusReads;

    public FakeSql(Endpoint endpoint, FakeClock clock) {
        this.endpoint = endpoint;
        this.clock = clock;
    }

    /** Statements matching {@code which} get no answer. */
    public FakeSql hanging(Predicate<String> which) {
        hangs = which;
        return this;
    }

    @Override
    public Endpoint endpoint() {
        return endpoint;
    }

    @Override
    public ExternalCommand.Result attempt(String sql) throws RecordException {
        if (hangs.test(sql)) {
            clock.advance(300_000);
            throw new RecordException("mariadb --no-defaults " + String.join(" ", endpoint.clientArgs())
                    + " --batch --skip-column-names -e '" + sql + "': no answer within 300 s, stopped");
        }
        return new ExternalCommand.Result(0, answer(sql), "");
    }

    private String answer(String sql) {
        if (sql.equals("SELECT VERSION()")) {
            return "10.11.6-MariaDB\n";
        }
        Matcher ids = COUNT_IDS.matcher(sql);
        if (sql.startsWith("SELECT COUNT(*) FROM sbtest.") && ids.find()) {
            return ids.group(1) + "\n";
        }
        if (sql.equals("SHOW GLOBAL VARIABLES")) {
            return "innodb_buffer_pool_size\t134217728\nlog_bin\tOFF\ninnodb_flush_log_at_trx_commit\t1\n";
        }
        if (sql.equals("SHOW GLOBAL STATUS")) {
            long n = statusReads++ * 12_430L;
            return "Binlog_bytes_written\t0\nCom_select\t" + n + "\nInnodb_buffer_pool_reads\t100\nQuestions\t" + n + "\n";
        }
        return "";
    }
}
