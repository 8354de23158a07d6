package io.myflame.ingest.folded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.myflame.core.model.Profile;
import io.myflame.core.task.Concurrency;
import io.myflame.core.model.ProfileInfo;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A differential folded file ({@code stack BASE NEW} a line) reads as two profiles, each with the
 * stacks its column counts and every frame named as written: the base side is made from a copy of
 * the stacks, so the new side, which takes them, is renamed once only.
 */
class FoldedDifferentialTest {
    private static final String TEXT = String.join("\n",
            "mariadbd;do_command;mysql_delete;ha_delete_row 7 9",
            "mariadbd;do_command;mysql_update 0 4",
            "sysbench;start_thread;event_loop 2 0",
            "mariadbd;do_command 3 1",
            "");

    @Test
    void eachSideHasTheStacksItsColumnCountsNamedAsWritten(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("diff.folded");
        Files.writeString(file, TEXT, StandardCharsets.ISO_8859_1);
        for (Path segments : new Path[] {null, file}) {
            for (int threads = 1; threads <= 2; threads++) {
                FoldedReader.Differential d = FoldedReader.readDifferential(
                        new ByteArrayInputStream(TEXT.getBytes(StandardCharsets.ISO_8859_1)), segments, "diff.folded",
                        ProfileInfo.EMPTY, new ArrayList<>(), FoldedReader.Root.THREAD, Concurrency.of(threads));
                assertEquals(List.of(
                        "mariadbd;do_command;mysql_delete;ha_delete_row 7",
                        "sysbench;start_thread;event_loop 2",
                        "mariadbd;do_command 3"), lines(d.base()));
                assertEquals(List.of(
                        "mariadbd;do_command;mysql_delete;ha_delete_row 9",
                        "mariadbd;do_command;mysql_update 4",
                        "mariadbd;do_command 1"), lines(d.next()));
            }
        }
    }

    private static List<String> lines(Profile p) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < p.size(); i++) {
            StringBuilder line = new StringBuilder(p.thread(i).comm());
            for (int f : p.stack(i)) {
                line.append(';').append(p.frames().name(f));
            }
            out.add(line.append(' ').append(p.weight(i)).toString());
        }
        return out;
    }
}
