package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report --rows}: a row that names no function of the profile is said, with the closest names, as diff says it. */
class ReportRowsIT {
    @TempDir
    Path tmp;

    @Test
    void aRowMatchingNothingIsSaidWithTheClosestNames() throws Exception {
        String capture = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete").toString();
        Path rows = Files.writeString(tmp.resolve("typo.rows"), "do_command\ndispatch_comand\n  mysql_execute_command\n");
        Myflame.Result r = Myflame.run("report", capture, "--rows", rows.toString(), "-q");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("row 'dispatch_comand' (line 2) matches no function in the profile; closest: dispatch_command"),
                r.err());
        assertFalse(r.err().contains("row 'do_command'"), r.err());
        assertFalse(r.err().contains("mysql_execute_command"), "a nested row whose function ran is no typo: " + r.err());
    }
}
