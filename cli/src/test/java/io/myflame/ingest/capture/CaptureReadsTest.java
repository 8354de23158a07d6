package io.myflame.ingest.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.myflame.cli.Main;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command reads a capture's {@code capture.json} once per input, whatever it needs of it
 * (label, event, its own warnings, counts, counters, pprof metadata): loading returns the record
 * with the profile. Run in-process, in this package to see {@link CaptureDirectory}'s count.
 */
class CaptureReadsTest {
    private static final String OLD = "../samples/captures/mariadb-10.11-oltp_delete";
    private static final String NEW = "../samples/captures/mariadb-11.4.5-oltp_delete";

    @TempDir
    static Path out;

    static Stream<Arguments> commands() {
        return Stream.of(
                Arguments.of(1, List.of("report", NEW, "--rows", "../samples/rows/delete.rows", "-o", "report.txt")),
                Arguments.of(1, List.of("export", NEW, "-o", "profile.pb.gz")),
                Arguments.of(1, List.of("flamegraph", NEW, "-o", "one.svg")),
                Arguments.of(2, List.of("flamegraph", "--diff", OLD, NEW, "--per", "txn", "-o", "diff.svg")),
                Arguments.of(2, List.of("diff", OLD, NEW, "--counters", "--per", "txn", "-o", "diff.txt")),
                Arguments.of(2, List.of("categories", OLD, NEW, "-o", "categories.txt")));
    }

    @ParameterizedTest
    @MethodSource("commands")
    void oncePerInput(int captures, List<String> command) {
        List<String> args = new ArrayList<>(command);
        int o = args.indexOf("-o") + 1;
        args.set(o, out.resolve(args.get(o)).toString());
        int before = CaptureDirectory.reads();
        assertEquals(0, Main.run(args.toArray(String[]::new)), String.join(" ", args));
        assertEquals(captures, CaptureDirectory.reads() - before, String.join(" ", command));
    }
}
