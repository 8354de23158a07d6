package io.myflame.recorder.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The real {@link Processes}: stopping asks with SIGTERM, and a program that does not end within the
 * grace period — perf once hung like that — is killed and reported as killed, so a recording can say so.
 */
class ChildProcessesTest {
    private final ChildProcesses children = new ChildProcesses();

    @AfterEach
    void stopAll() {
        children.stopAll(1_000);
    }

    @Test
    void aProgramThatEndsOnSigtermIsStoppedPolitely() throws Exception {
        ExternalCommand.Running p = children.start(ExternalCommand.of("sleep", "60"), OutputStream.nullOutputStream(),
                OutputStream.nullOutputStream());
        assertTrue(p.alive());
        assertTrue(p.stop(30_000), "ended by SIGTERM");
        assertFalse(p.alive());
        assertEquals(128 + 15, p.exitCode());
    }

    @Test
    void aProgramThatIgnoresSigtermIsKilledAfterTheGrace() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        // It says when its trap is set: a SIGTERM before that would end it politely.
        ExternalCommand.Running p = children.start(ExternalCommand.of("sh", "-c",
                "trap '' TERM; echo ready; while :; do sleep 0.1; done"), out, OutputStream.nullOutputStream());
        while (!out.toString(StandardCharsets.UTF_8).contains("ready")) {
            assertFalse(p.waitFor(50), "the shell ended early");
        }
        assertFalse(p.stop(500), "killed, not ended by SIGTERM");
        assertFalse(p.alive());
        assertEquals(128 + 9, p.exitCode());
    }

    @Test
    void aProgramRunToCompletionSaysWhatItPrinted() throws Exception {
        ExternalCommand.Result r = children.run(ExternalCommand.of("sh", "-c", "echo out; echo err >&2; exit 3"),
                java.time.Duration.ofSeconds(30));
        assertEquals(new ExternalCommand.Result(3, "out\n", "err\n"), r);
    }
}
