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
 * Tables of deep trees through the real jar: a row nested past the name column's width, row files
 * indented as deep, and stacks thousands of frames deep under --focus and --callers, in every format.
 */
class DeepTablesIT {
    @TempDir
    static Path tmp;
    static Path deep;

    /** Two stacks 3,000 frames deep (deeper than the JVM's default stack lets a recursive walk go). */
    @BeforeAll
    static void deepStacks() throws Exception {
        StringBuilder a = new StringBuilder("mysqld");
        StringBuilder b = new StringBuilder("mysqld");
        for (int i = 0; i < 3000; i++) {
            a.append(";f").append(i);
            if (i < 2500) {
                b.append(";f").append(i);
            }
        }
        deep = tmp.resolve("deep.folded");
        Files.writeString(deep, a + " 10\n" + b + ";leaf 5\n");
    }

    private static void assertDone(Myflame.Result r, List<String> args) {
        assertEquals(0, r.exit(), args + ": " + r.err());
        assertFalse(r.hasStackTrace(), r.err());
    }

    @Test
    void rowsNestedPastTheNameColumnKeepTheirNames() throws Exception {
        String capture = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete").toString();
        for (String format : List.of("text", "list", "markdown")) {
            List<String> args = List.of("report", capture, "--focus", "start_thread", "--depth", "50", "--min", "0",
                    "--format", format);
            Myflame.Result r = Myflame.run(args.toArray(String[]::new));
            assertDone(r, args);
            assertTrue(r.out().lines().count() > 50, r.out());
        }
        Myflame.Result text = Myflame.run("report", capture, "--focus", "start_thread", "--depth", "50", "--min", "0");
        assertTrue(text.out().lines().anyMatch(l -> l.contains("[depth 3") && l.length() < 100), text.out());
        // A row file as deep: 60 levels of two spaces.
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            rows.append("  ".repeat(i)).append(i % 2 == 0 ? "do_command" : "dispatch_command").append('\n');
        }
        Path file = Files.writeString(tmp.resolve("deep.rows"), rows);
        for (List<String> args : List.of(List.of("report", capture, "--rows", file.toString()),
                List.of("diff", capture, capture, "--rows", file.toString()),
                List.of("report", capture, "--rows", file.toString(), "-o", tmp.resolve("rows.png").toString()))) {
            assertDone(Myflame.run(args.toArray(String[]::new)), args);
        }
    }

    @Test
    void focusAndCallersOnStacksThousandsOfFramesDeep() throws Exception {
        List<List<String>> runs = new ArrayList<>();
        for (String format : List.of("text", "list", "markdown", "csv", "json", "html")) {
            runs.add(List.of("report", deep.toString(), "--focus", "f0", "--depth", "3000", "--min", "0", "--format", format));
            runs.add(List.of("diff", deep.toString(), deep.toString(), "--focus", "f0", "--depth", "3000", "--min", "0",
                    "--format", format));
        }
        runs.add(List.of("report", deep.toString(), "--callers", "leaf", "--depth", "3000", "--min", "0"));
        // A PNG holds at most 1,000 rows (BoundedImagesIT): 990 levels still nest far past the 37 that crashed.
        runs.add(List.of("report", deep.toString(), "--focus", "f0", "--depth", "990", "--min", "0",
                "-o", tmp.resolve("deep.png").toString()));
        runs.add(List.of("flamegraph", deep.toString(), "--focus", "f0", "-o", tmp.resolve("deep.svg").toString()));
        runs.add(List.of("flamegraph", "--diff", deep.toString(), deep.toString(), "--focus", "f0",
                "-o", tmp.resolve("deep-diff.svg").toString()));
        for (List<String> args : runs) {
            Myflame.Result r = Myflame.run(args.toArray(String[]::new));
            assertDone(r, args);
        }
        Myflame.Result text = Myflame.run("report", deep.toString(), "--focus", "f0", "--depth", "3000", "--min", "0");
        assertTrue(text.out().contains("[depth 2999] f2999"), "the deepest row is shown");
    }
}
