package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tables of deep trees through the real jar: a row nested past the name column's width, and row files
 * indented as deep.
 */
class DeepTablesIT {
    @TempDir
    static Path tmp;

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
}
