package io.myflame.recorder.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.myflame.recorder.error.RecordException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Who may record what, as a user other than the one owning the server: attached to its threads
 * never, on every CPU when the kernel's {@code perf_event_paranoid} allows it to anyone. The user
 * is the JVM's {@code user.name}, set here to one that owns nothing; pid 1 is root's on any Linux.
 */
class PerfPermissionsTest {
    private String user;

    @BeforeEach
    void asAnotherUser() {
        assumeTrue(Files.isReadable(PerfPermissions.PARANOID), "no " + PerfPermissions.PARANOID);
        user = System.getProperty("user.name");
        System.setProperty("user.name", "myflame-nobody");
    }

    @AfterEach
    void restore() {
        if (user != null) {
            System.setProperty("user.name", user);
        }
    }

    @Test
    void anotherUsersProcessIsRefusedWithTheFixEitherWay() {
        for (boolean everyCpu : new boolean[] {false, true}) {
            // on every CPU too: perf could sample it where the kernel allows, but not read its mappings
            RecordException e = assertThrows(RecordException.class, () -> PerfPermissions.check(1, everyCpu));
            assertTrue(e.getMessage().startsWith("no permission to attach perf to pid 1: it runs as root"), e.getMessage());
        }
    }

    @Test
    void everyCpuFollowsTheKernelsSetting() throws Exception {
        int level;
        // a line, not Files.readString: that returned "-" of "-1" (PerfPermissions.paranoidLevel)
        try (var in = Files.newBufferedReader(Path.of("/proc/sys/kernel/perf_event_paranoid"))) {
            level = Integer.parseInt(in.readLine().strip());
        }
        assertEquals(level <= 0, PerfPermissions.everyCpuAllowed(), "perf_event_paranoid " + level);
        String refusal = PerfPermissions.everyCpuRefusal();
        if (level <= 0) {
            assertNull(refusal);
        } else {
            assertTrue(refusal.contains("perf_event_paranoid is " + level) && refusal.contains("--no-system-wide"), refusal);
        }
    }
}
