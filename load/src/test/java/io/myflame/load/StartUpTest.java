package io.myflame.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.myflame.core.model.Profile;
import io.myflame.core.task.Concurrency;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's start-up opens each file its command line names once, and the reader reads that very opening:
 * shown by replacing the file (a rename, a new file under the same name) between the start-up and the
 * read. A reader that opened the file again would read the replacement.
 */
class StartUpTest {
    private static final Path CAPTURE = Path.of("..", "samples", "captures", "mariadb-11.4.5-oltp_delete-fp");

    @TempDir
    Path dir;

    @Test
    void aRowFileIsReadThroughTheOpeningOfTheStartUp() throws Exception {
        Path rows = Files.writeString(dir.resolve("delete.rows"), "mysql_delete\n  ha_delete_row\n");
        try (StartUp run = StartUp.begin(true, 2, "report", "cap", "--rows", rows.toString())) {
            replace(rows, "mysql_update\n");
            assertEquals("mysql_delete\n  ha_delete_row\n", text(run, rows));
            // taken once: a second read opens the file, as it now is
            assertEquals("mysql_update\n", text(run, rows));
        }
    }

    @Test
    void whatNoOneTookIsClosedWithTheRun() throws Exception {
        Path rows = Files.writeString(dir.resolve("delete.rows"), "mysql_delete\n");
        StartUp run = StartUp.begin(false, 2, "record", rows.toString());
        run.close();
        replace(rows, "mysql_update\n");
        assertEquals("mysql_update\n", text(run, rows));
    }

    @Test
    void aCaptureDirectorysSampleFileIsTheOneOpenedAtStartUp() throws Exception {
        Path capture = Files.createDirectories(dir.resolve("capture"));
        Files.copy(CAPTURE.resolve("capture.json"), capture.resolve("capture.json"));
        Path samples = Files.copy(CAPTURE.resolve("perf.script.gz"), capture.resolve("perf.script.gz"));
        Profile alone = reading(StartUp.NONE).profile(capture.toString());
        try (StartUp run = StartUp.begin(true, 2, "report", capture.toString(), "--top", "0")) {
            Path other = Files.copy(Path.of("..", "samples", "captures", "mysql-5.7.22-oltp_delete", "perf.script.gz"),
                    dir.resolve("other.gz"));
            Files.move(other, samples, StandardCopyOption.REPLACE_EXISTING);
            Profile started = reading(run).profile(capture.toString());
            assertEquals(alone.totalWeight(), started.totalWeight());
            assertEquals(alone.info(), started.info());
        }
        assertNotEquals(alone.totalWeight(), reading(StartUp.NONE).profile(capture.toString()).totalWeight(),
                "the replacement is another profile");
    }

    private static Reading reading(StartUp run) {
        return new Reading(Concurrency.of(2), false, "perf", false, null, "thread", run);
    }

    /** Puts a new file under {@code file}'s name, as an editor saving it does. */
    private void replace(Path file, String text) throws IOException {
        Path fresh = Files.writeString(dir.resolve("fresh"), text);
        Files.move(fresh, file, StandardCopyOption.REPLACE_EXISTING);
    }

    private static String text(StartUp run, Path file) throws IOException {
        try (Reader r = run.settings(file, StandardCharsets.UTF_8, 1 << 20, "a row file")) {
            StringBuilder s = new StringBuilder();
            char[] b = new char[4096];
            for (int n; (n = r.read(b)) > 0; ) {
                s.append(b, 0, n);
            }
            return s.toString();
        }
    }
}
