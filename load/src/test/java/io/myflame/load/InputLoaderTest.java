package io.myflame.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.task.Concurrency;
import io.myflame.core.DataError;
import io.myflame.core.analysis.ProfileFilter;
import io.myflame.ingest.error.InputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputLoaderTest {
    private static final Path CAPTURE = Path.of("..", "samples", "captures", "mariadb-11.4.5-oltp_delete");

    @TempDir
    Path tmp;

    private static InputLoader loader(Preparation p) {
        return new InputLoader(new Reading(Concurrency.of(1), false, "perf", false, null), p);
    }

    /** A capture loads as one result: the profile labelled by its server, its capture record, its own notes. */
    @Test
    void aCaptureIsOneResultWithItsRecordAndNotes() throws Exception {
        AnalysisInput in = loader(Preparation.AS_READ).load(CAPTURE.toString());
        assertEquals("11.4.5-MariaDB-log", in.profile().info().label());
        assertEquals(in.capture().serverVersion(), in.profile().info().label());
        assertTrue(in.capture().transactions().isPresent());
        // The event perf used instead of cycles is a fact of the recording, named in every output: not a warning.
        assertTrue(in.warnings().stream().noneMatch(w -> w.text().contains("perf recorded cpu-clock")
                || w.text().contains("shares of CPU time")), in.warnings().toString());
        Preparation quiet = new Preparation(false, Preparation.AS_READ.filter(), "", Preparation.AS_READ.aliases(),
                true, false);
        assertTrue(loader(quiet).load(CAPTURE.toString()).warnings().isEmpty());
    }

    /** Lost events are said again on reading only when they are a share of the samples that moves a number. */
    @Test
    void lostEventsAreSaidOnlyWhenTheyMatter() throws Exception {
        Path few = captureWithLost(Path.of("..", "samples", "captures", "mysql-5.7.22-oltp_delete"), "few", null);
        assertTrue(loader(Preparation.AS_READ).load(few.toString()).warnings().stream()
                .noneMatch(w -> w.text().contains("lost")), "6 lost of 6242 samples change nothing");
        Path many = captureWithLost(few, "many", 500L);
        List<String> said = loader(Preparation.AS_READ).load(many.toString()).warnings().stream()
                .map(w -> w.text()).filter(t -> t.contains("lost")).toList();
        assertEquals(List.of("capture says: perf lost 500 events (7.4% of what it sampled): lower --freq or raise"
                + " perf's buffer"), said);
    }

    /** A copy of a capture's record and folded stacks, its lost events set to {@code lost} when given. */
    private Path captureWithLost(Path from, String name, Long lost) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        Files.copy(from.resolve("stacks.folded.gz"), dir.resolve("stacks.folded.gz"));
        String json = Files.readString(from.resolve("capture.json"));
        if (lost != null) {
            json = json.replaceFirst("\"lost\" : \\d+", "\"lost\" : " + lost);
        }
        Files.writeString(dir.resolve("capture.json"), json);
        return dir;
    }

    @Test
    void aDifferentialFileIsTwoProfilesOrRefused() throws Exception {
        Path f = tmp.resolve("diff.folded");
        Files.writeString(f, "mariadbd;do_command;dispatch_command 5 9\nmariadbd;do_command 2 0\n");
        AnalysisInput both = loader(Preparation.AS_READ).loadAny(f.toString());
        assertTrue(both.differential());
        assertNull(both.capture());
        assertEquals(7, both.profiles().get(0).totalWeight());
        assertEquals(9, both.profiles().get(1).totalWeight());
        assertThrows(InputException.class, () -> loader(Preparation.AS_READ).load(f.toString()));
    }

    @Test
    void aFilterThatKeepsNothingIsADataErrorNamingIt() throws Exception {
        Path f = tmp.resolve("one.folded");
        Files.writeString(f, "mysqld;a;b 1000\nmysqld;a 10\n");
        Preparation none = new Preparation(false, new ProfileFilter(Pattern.compile("nomatch"), null, List.of(),
                List.of()), "--comm filter", Preparation.AS_READ.aliases(), false, false);
        DataError e = assertThrows(DataError.class, () -> loader(none).load(f.toString()));
        assertEquals("no samples left in " + f + " after --comm filter", e.getMessage());
    }
}
