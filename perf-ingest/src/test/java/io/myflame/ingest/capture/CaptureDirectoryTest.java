package io.myflame.ingest.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.myflame.ingest.error.InputException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which file a capture directory is read as, and capture.json read ahead as it is read in place. */
class CaptureDirectoryTest {
    private static final Path BUNDLED = Path.of("..", "samples", "captures", "mariadb-11.4.5-oltp_delete-fp");

    @Test
    void aPerfDataWithItsSymbolArchiveIsReadBeforePerfScriptText(@TempDir Path dir) throws Exception {
        assertNull(CaptureDirectory.sampleFile(dir));
        Files.writeString(dir.resolve("stacks.folded"), "a;b 1\n");
        assertEquals(dir.resolve("stacks.folded"), CaptureDirectory.sampleFile(dir));
        Files.writeString(dir.resolve("perf.data"), "PERFILE2");
        assertEquals(dir.resolve("perf.data"), CaptureDirectory.sampleFile(dir));
        // perf script text names what perf named at the time: preferred to a perf.data read with this machine's files
        Files.writeString(dir.resolve("perf.script.gz"), "");
        assertEquals(dir.resolve("perf.script.gz"), CaptureDirectory.sampleFile(dir));
        // with its symbol archive, the perf.data names frames as it would alone
        Files.writeString(dir.resolve("perf.data.symbols.gz"), "");
        assertEquals(dir.resolve("perf.data"), CaptureDirectory.sampleFile(dir));
    }

    @Test
    void captureJsonReadAheadIsTheRecordReadInPlaceAndOneRead() throws Exception {
        CaptureRecord inPlace = CaptureDirectory.open(BUNDLED).record();
        int before = CaptureDirectory.reads();
        assertEquals(inPlace, CaptureDirectory.open(BUNDLED, CaptureDirectory.readAhead(BUNDLED)).record());
        assertEquals(1, CaptureDirectory.reads() - before);
    }

    @Test
    void aDamagedCaptureJsonReadAheadFailsInTheSameWords(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(CaptureDirectory.METADATA), "{\"perf\": {\"samples\": \"many\"}}");
        String inPlace = assertThrows(InputException.class, () -> CaptureDirectory.open(dir)).getMessage();
        assertEquals(inPlace, assertThrows(InputException.class,
                () -> CaptureDirectory.open(dir, CaptureDirectory.readAhead(dir))).getMessage());
        Files.writeString(dir.resolve(CaptureDirectory.METADATA), "{\"perf\": ");
        inPlace = assertThrows(InputException.class, () -> CaptureDirectory.open(dir)).getMessage();
        assertEquals(inPlace, assertThrows(InputException.class,
                () -> CaptureDirectory.open(dir, CaptureDirectory.readAhead(dir))).getMessage());
    }
}
