package io.myflame.recorder.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.myflame.recorder.error.RecordException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The transitions of a capture being written: WRITING to COMPLETE or INCOMPLETE, and nothing after. */
class CaptureOutputTest {
    @TempDir
    Path tmp;

    private static JsonNode meta(Path dir) throws Exception {
        return new ObjectMapper().readTree(dir.resolve("capture.json").toFile());
    }

    private Path oldCapture() throws Exception {
        Path out = Files.createDirectory(tmp.resolve("cap"));
        Files.writeString(out.resolve("capture.json"), "{\"incomplete\": null, \"old\": true}");
        Files.writeString(out.resolve("perf.script.gz"), "old samples");
        return out;
    }

    @Test
    void writingStartsWithACaptureJsonThatSaysIncomplete() throws Exception {
        CaptureOutput c = CaptureOutput.begin(tmp.resolve("cap"), true);
        assertEquals(CaptureOutput.State.WRITING, c.state());
        assertEquals(CaptureOutput.NOT_FINISHED, meta(c.dir()).get("incomplete").asText());
        assertFalse(Files.exists(tmp.resolve("cap")), "--out appears only at the end");
        assertEquals(tmp, c.dir().getParent(), "written beside --out, so the swap is a rename");
    }

    @Test
    void completeReplacesTheOldCaptureWholly() throws Exception {
        Path out = oldCapture();
        CaptureOutput c = CaptureOutput.begin(out, true);
        Files.writeString(c.dir().resolve("stacks.folded"), "new 1\n");
        assertEquals(out, c.complete());
        assertEquals(CaptureOutput.State.COMPLETE, c.state());
        assertFalse(Files.exists(out.resolve("perf.script.gz")), "old samples mixed into the new capture");
        assertEquals("new 1\n", Files.readString(out.resolve("stacks.folded")));
        assertOnlyChild(out);
    }

    @Test
    void incompleteKeepsTheOldCaptureAndPutsTheAttemptBeside() throws Exception {
        Path out = oldCapture();
        CaptureOutput c = CaptureOutput.begin(out, true);
        Path kept = c.incomplete("the server died");
        assertEquals(CaptureOutput.State.INCOMPLETE, c.state());
        assertTrue(meta(out).get("old").asBoolean(), "the previous capture was damaged");
        assertEquals("old samples", Files.readString(out.resolve("perf.script.gz")));
        assertEquals(tmp.resolve("cap.incomplete"), kept);
        assertEquals("the server died", meta(kept).get("incomplete").asText());
    }

    @Test
    void incompleteWithoutAnOldCaptureBecomesTheOutput() throws Exception {
        CaptureOutput c = CaptureOutput.begin(tmp.resolve("cap"), true);
        assertEquals(tmp.resolve("cap"), c.incomplete("interrupted"));
        assertEquals("interrupted", meta(tmp.resolve("cap")).get("incomplete").asText());
        assertOnlyChild(tmp.resolve("cap"));
    }

    @Test
    void aDetailedReasonAlreadyWrittenIsKept() throws Exception {
        CaptureOutput c = CaptureOutput.begin(tmp.resolve("cap"), true);
        CaptureMetadata m = new CaptureMetadata();
        m.incomplete("the server died during the measured run (killed by signal 9)");
        m.write(c.dir());
        c.incomplete("interrupted");
        assertEquals("the server died during the measured run (killed by signal 9)",
                meta(tmp.resolve("cap")).get("incomplete").asText());
    }

    @Test
    void pathsIntoTheWorkDirectoryNameWhereTheFilesEndUp() throws Exception {
        CaptureOutput c = CaptureOutput.begin(tmp.resolve("cap"), true);
        CaptureMetadata m = new CaptureMetadata();
        m.incomplete("sysbench failed (see " + c.dir().resolve("sysbench.txt") + ")");
        m.write(c.dir());
        Path kept = c.incomplete("sysbench failed");
        assertEquals("sysbench failed (see " + kept.resolve("sysbench.txt") + ")", meta(kept).get("incomplete").asText());
        assertEquals("see " + kept.resolve("x"), c.relocate("see " + c.dir().resolve("x"), kept));
    }

    @Test
    void endsAreFinal() throws Exception {
        CaptureOutput done = CaptureOutput.begin(tmp.resolve("a"), true);
        done.complete();
        assertEquals(tmp.resolve("a"), done.incomplete("interrupted after the swap"));
        assertEquals(CaptureOutput.State.COMPLETE, done.state());
        assertTrue(meta(tmp.resolve("a")).get("incomplete").asText().equals(CaptureOutput.NOT_FINISHED),
                "complete() does not write capture.json; the Measurement does");
        CaptureOutput failed = CaptureOutput.begin(tmp.resolve("b"), true);
        failed.incomplete("first");
        assertEquals(tmp.resolve("b"), failed.complete());
        assertEquals(CaptureOutput.State.INCOMPLETE, failed.state());
        assertEquals("first", meta(tmp.resolve("b")).get("incomplete").asText());
    }

    @Test
    void aCaptureIsReplacedOnlyWhenAsked() throws Exception {
        Path out = oldCapture();
        io.myflame.core.UsageError e = assertThrows(io.myflame.core.UsageError.class, () -> CaptureOutput.begin(out, false));
        assertTrue(e.getMessage().contains("--force"), e.getMessage());
        assertTrue(meta(out).get("old").asBoolean());
        assertEquals(List.of("cap"), list(tmp), "no work directory left behind");
        // A failed attempt (capture.json says incomplete) is what recording again retries.
        Files.writeString(out.resolve("capture.json"), "{\"incomplete\": \"the server died\"}");
        CaptureOutput.begin(out, false).complete();
        assertFalse(Files.exists(out.resolve("perf.script.gz")));
    }

    @Test
    void refusesAnOutputThatIsNotACapture() throws Exception {
        Path home = Files.createDirectory(tmp.resolve("home"));
        Files.writeString(home.resolve("notes.txt"), "mine");
        RecordException e = assertThrows(RecordException.class, () -> CaptureOutput.begin(home, true));
        assertTrue(e.getMessage().contains("not a capture directory"), e.getMessage());
        assertEquals(List.of("notes.txt"), list(home));
        assertEquals(List.of("home"), list(tmp), "no work directory left behind");
    }

    private void assertOnlyChild(Path out) throws Exception {
        assertEquals(List.of(out.getFileName().toString()), list(tmp), "left beside the capture");
    }

    private static List<String> list(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
