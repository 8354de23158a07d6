package io.myflame.recorder.process;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The guard's script, run as the guard runs it: at end of input it kills the children it was told
 * about, but only while their pid still names the process it was told about (the start time
 * matches). A pid freed and reused by another process — another recording's perf — is left alone.
 */
class OrphanGuardTest {
    private static Process guard() throws Exception {
        return new ProcessBuilder("sh", "-c", OrphanGuard.SCRIPT).redirectErrorStream(true).start();
    }

    private static void tell(Process guard, String... lines) throws Exception {
        try (OutputStream in = guard.getOutputStream()) {
            for (String l : lines) {
                in.write((l + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        assertTrue(guard.waitFor(10, TimeUnit.SECONDS), "the guard ends at end of input");
    }

    @Test
    void killsTheProcessItWasToldAbout() throws Exception {
        Process child = new ProcessBuilder("sleep", "60").start();
        String started = OrphanGuard.startTime(child.pid());
        assertNotNull(started);
        tell(guard(), "pid " + child.pid() + ":" + started);
        assertTrue(child.waitFor(5, TimeUnit.SECONDS), "the child was killed");
    }

    @Test
    void leavesAReusedPidAlone() throws Exception {
        Process other = new ProcessBuilder("sleep", "60").start();
        try {
            long wrongStart = Long.parseLong(OrphanGuard.startTime(other.pid())) - 1;
            tell(guard(), "pid " + other.pid() + ":" + wrongStart);
            assertFalse(other.waitFor(1, TimeUnit.SECONDS), "a process that started later under that pid lives on");
        } finally {
            other.destroyForcibly();
        }
    }

    @Test
    void forgottenPidsAreNotKilled() throws Exception {
        Process child = new ProcessBuilder("sleep", "60").start();
        try {
            String started = OrphanGuard.startTime(child.pid());
            tell(guard(), "pid " + child.pid() + ":" + started, "forget-pid " + child.pid());
            assertFalse(child.waitFor(1, TimeUnit.SECONDS), "a forgotten child lives on");
        } finally {
            child.destroyForcibly();
        }
    }
}
