package io.myflame.recorder.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;

/** sysbench's password reaches it through a private file outside any capture directory, removed after use. */
class SysbenchSecretsTest {
    @Test
    void passwordFileIsPrivateOutsideTheCaptureAndRemoved() throws Exception {
        Path f = Sysbench.secretsFile(new Endpoint(null, "127.0.0.1", 3306, "bench", "s3cret"));
        assertEquals(Path.of(System.getProperty("java.io.tmpdir")), f.getParent());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
        assertEquals("mysql-password=s3cret\n", Files.readString(f));
        Sysbench.deleteSecrets(f);
        assertFalse(Files.exists(f));
    }

    @Test
    void noPasswordNoFile() throws Exception {
        assertNull(Sysbench.secretsFile(Endpoint.socket("/tmp/x.sock", "root")));
    }
}
