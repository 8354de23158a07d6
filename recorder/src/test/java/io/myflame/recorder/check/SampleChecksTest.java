package io.myflame.recorder.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleChecksTest {
    @TempDir
    Path tmp;

    @Test
    void shareOfWeightWithAnUnresolvedFrame() throws Exception {
        Path folded = tmp.resolve("stacks.folded");
        Files.writeString(folded, """
                mariadbd;do_command;[mariadbd];ha_commit_trans 30
                mariadbd;do_command;mysql_delete 50
                mariadbd;[unknown];__libc_pwrite 15
                mariadbd;[mariadbd]x;foo 5
                """);
        assertEquals(0.45, SampleChecks.unresolvedShare(folded, "mariadbd"), 1e-9);
        assertEquals(0.15, SampleChecks.unresolvedShare(folded, "mysqld"), 1e-9);
    }
}
