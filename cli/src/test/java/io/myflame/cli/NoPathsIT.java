package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --no-paths} publishes labels only: no input's path, directory or file name reaches the
 * output in any format (titles, column labels and notes, JSON, HTML).
 */
class NoPathsIT {
    /** A name that must appear in no output. */
    static final String HIDDEN = "privateHomeDir7731";
    @TempDir
    static Path tmp;
    static String capture;
    static String folded;

    @BeforeAll
    static void inputs() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(HIDDEN));
        Path cap = Files.createDirectory(dir.resolve("cap-" + HIDDEN));
        Path sample = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete");
        Files.copy(sample.resolve("capture.json"), cap.resolve("capture.json"));
        Files.copy(sample.resolve("stacks.folded.gz"), cap.resolve("stacks.folded.gz"));
        capture = cap.toString();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(
                Myflame.samples().resolve("captures/mariadb-10.11-oltp_delete/stacks.folded.gz")))) {
            folded = Files.write(dir.resolve(HIDDEN + ".folded"), in.readAllBytes()).toString();
        }
    }

    @Test
    void noPathOrFileNameInAnyFormat() throws Exception {
        for (String format : List.of("text", "list", "markdown", "csv", "json", "html")) {
            for (List<String> cmd : List.of(List.of("diff", capture, folded), List.of("diff", folded, capture, "--top", "5"))) {
                List<String> args = new ArrayList<>(cmd);
                args.addAll(List.of("--no-paths", "--format", format));
                Myflame.Result r = Myflame.run(args.toArray(String[]::new));
                assertEquals(0, r.exit(), args + ": " + r.err());
                assertFalse(r.out().contains(HIDDEN), args + " shows a path:\n" + r.out());
                assertFalse(r.out().contains(tmp.toString()), args + " shows a path:\n" + r.out());
                assertTrue(r.out().contains("input "), args + ": the unnamed input has no label:\n" + r.out());
            }
        }
        Path rows = Files.writeString(tmp.resolve("r.rows"), "do_command\n  dispatch_command\n");
        for (String format : List.of("text", "list", "markdown", "csv", "json", "html")) {
            for (String input : List.of(capture, folded)) {
                for (List<String> mode : List.of(List.of("--top", "5"), List.of("--rows", rows.toString()),
                        List.of("--focus", "do_command"))) {
                    if (format.equals("list") && mode.get(0).equals("--top")) {
                        continue;
                    }
                    List<String> args = new ArrayList<>(List.of("report", input, "--no-paths", "--format", format));
                    args.addAll(mode);
                    Myflame.Result r = Myflame.run(args.toArray(String[]::new));
                    assertEquals(0, r.exit(), args + ": " + r.err());
                    assertFalse(r.out().contains(HIDDEN) || r.out().contains(tmp.toString()), args + " shows a path:\n" + r.out());
                }
            }
        }
        // The title is the label alone: no path, no raw total weight.
        Myflame.Result titled = Myflame.run("report", capture, "--no-paths", "--top", "3");
        assertEquals("# 11.4.5", titled.out().lines().findFirst().orElse(""), titled.out());
        // Without --no-paths the paths stay, for the user's own notes.
        Myflame.Result shown = Myflame.run("diff", capture, folded, "--format", "json");
        assertTrue(shown.out().contains(HIDDEN), shown.out());
    }
}
