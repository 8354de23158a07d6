package io.myflame.recorder.perf;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
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
    void attachingToAnotherUsersProcessIsRefusedWithTheFix() {
        RecordException e = assertThrows(RecordException.class, () -> PerfPermissions.check(1, false));
        assertTrue(e.getMessage().startsWith("no permission to attach perf to pid 1: it runs as root"), e.getMessage());
    }

    @Test
    void everyCpuDependsOnTheKernelsSettingAlone() throws Exception {
        int level;
        // a line, not Files.readString: that returned "-" of "-1" (PerfPermissions.paranoidLevel)
        try (var in = Files.newBufferedReader(Path.of("/proc/sys/kernel/perf_event_paranoid"))) {
            level = Integer.parseInt(in.readLine().strip());
        }
        if (level <= 0) {
            assertTrue(PerfPermissions.everyCpuAllowed());
            assertDoesNotThrow(() -> PerfPermissions.check(1, true));
        } else {
            RecordException e = assertThrows(RecordException.class, () -> PerfPermissions.check(1, true));
            assertTrue(e.getMessage().contains("--no-system-wide") && !e.getMessage().contains("\n"), e.getMessage());
        }
    }
}
