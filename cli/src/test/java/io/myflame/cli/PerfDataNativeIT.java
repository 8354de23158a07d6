package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native perf.data reader on a real mariadbd under sysbench, recorded here with -g by
 * {@code myflame record}: collapse (every root and annotation option) and report give the same
 * output as through {@code perf script} ({@code --via-perf-script}), line for line.
 */
class PerfDataNativeIT {
    @TempDir
    static Path tmp;
    static Path data;

    @BeforeAll
    static void record() throws Exception {
        RealParts.assumeRecordingPossible();
        Path cap = tmp.resolve("cap");
        Myflame.Running p = Myflame.start(tmp.resolve("log"), "record", "--out", cap.toString(),
                "--workload", "oltp_read_write", "--threads", "2", "--table-size", "20000", "--time", "5",
                "--warmup", "1", "--freq", "999");
        assertEquals(0, p.waitFor(300), p.err());
        data = cap.resolve("perf.data");
        assertTrue(Files.size(data) > 0);
    }

    @Test
    void collapseIsTheSameAsThroughPerfScript() throws Exception {
        for (List<String> opts : List.of(List.<String>of(), List.of("--pid"), List.of("--tid"), List.of("--kernel"),
                List.of("--all", "--addrs"))) {
            Myflame.Result nat = collapse(opts, false);
            Myflame.Result viaPerf = collapse(opts, true);
            assertEquals(0, nat.exit(), nat.err());
            assertEquals(0, viaPerf.exit(), viaPerf.err());
            assertFalse(nat.err().contains("through perf script"), "read natively: " + nat.err());
            assertEquals(viaPerf.out(), nat.out(), "collapse " + opts);
            assertTrue(nat.out().contains("mysql_execute_command"), "mariadbd frames resolved");
        }
    }

    @Test
    void reportIsTheSameAsThroughPerfScript() throws Exception {
        Myflame.Result nat = Myflame.run("report", data.toString(), "--top", "0");
        Myflame.Result viaPerf = Myflame.run("report", data.toString(), "--top", "0", "--via-perf-script");
        assertEquals(0, nat.exit(), nat.err());
        assertEquals(viaPerf.out(), nat.out());
    }

    private static Myflame.Result collapse(List<String> opts, boolean viaPerfScript) throws Exception {
        List<String> args = new ArrayList<>(List.of("collapse"));
        args.addAll(opts);
        if (viaPerfScript) {
            args.add("--via-perf-script");
        }
        args.add(data.toString());
        return Myflame.run(args.toArray(String[]::new));
    }
}
