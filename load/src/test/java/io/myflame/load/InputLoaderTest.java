package io.myflame.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        return new InputLoader(new Reading(1, false, "perf", false, null), p);
    }

    /** A capture loads as one result: the profile labelled by its server, its capture record, its own notes. */
    @Test
    void aCaptureIsOneResultWithItsRecordAndNotes() throws Exception {
        AnalysisInput in = loader(Preparation.AS_READ).load(CAPTURE.toString());
        assertEquals("11.4.5-MariaDB-log", in.profile().info().label());
        assertEquals(in.capture().serverVersion(), in.profile().info().label());
        assertTrue(in.capture().transactions().isPresent());
        assertTrue(in.warnings().stream().anyMatch(w -> w.text().startsWith("capture says: perf recorded cpu-clock")
                && CAPTURE.toString().equals(w.saidBy())), in.warnings().toString());
        Preparation quiet = new Preparation(false, Preparation.AS_READ.filter(), "", Preparation.AS_READ.aliases(),
                true, false);
        assertTrue(loader(quiet).load(CAPTURE.toString()).warnings().isEmpty());
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
