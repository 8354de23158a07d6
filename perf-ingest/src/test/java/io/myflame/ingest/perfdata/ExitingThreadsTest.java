package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.myflame.core.model.ProfileInfo;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;
import io.myflame.ingest.script.PerfDataSource;
import io.myflame.ingest.script.PerfScriptReader;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two real system-wide recordings of processes being started and torn down
 * ({@code perf record -a -g} around 200 short perl runs), each holding a sample perf script cannot
 * show as a stack: one whose thread perf does not know (printed {@code :-1    -1 [000] ...}, a
 * header inferno and the text path read as another event), and two whose callchain ends in an
 * invalid context marker (-1), which perf discards, printing the sample without frames. The native
 * reader must leave them out just as the perf script path does; it had counted them, so
 * {@code PerfDataReaderTest.systemWide} failed whenever such a thread exited during its recording.
 */
class ExitingThreadsTest {
    private static final String DIR = "/perf-shapes/";

    @TempDir
    Path dir;

    @Test
    void sampleOfNoKnownThreadIsLeftOut() throws Exception {
        Path data = unpack("exiting-threads-unknown-tid.perf.data.xz");
        String text = perfScript(data);
        assertTrue(text.lines().anyMatch(l -> l.startsWith(":-1 ")), "the recording has a sample perf prints as :-1");
        FoldedStacks stacks = sameAsPerfScript(data);
        assertFalse(folded(stacks).lines().anyMatch(l -> l.startsWith(":-1")), folded(stacks));
        assertTrue(stacks.warnings().stream().anyMatch(w -> w.startsWith("left out 1 sample of no known thread")),
                stacks.warnings().toString());
    }

    @Test
    void sampleWithAnInvalidContextMarkerHasNoFramesAndIsLeftOut() throws Exception {
        Path data = unpack("exiting-threads-invalid-context.perf.data.xz");
        String text = perfScript(data);
        long samples = 0;
        long frameless = 0;
        for (String block : text.split("\n\n")) {
            if (!block.isBlank()) {
                samples++;
                frameless += block.strip().lines().count() == 1 ? 1 : 0;
            }
        }
        assertEquals(2, frameless, "perf prints two samples of this recording without frames");
        FoldedStacks stacks = sameAsPerfScript(data);
        assertEquals(samples - frameless, stacks.takeProfile(ProfileInfo.EMPTY).totalSamples());
    }

    private FoldedStacks sameAsPerfScript(Path data) throws Exception {
        FoldedStacks viaPerf = new PerfDataSource("perf", false).read(data, new PerfScriptReader(FoldOptions.COLLAPSE, 2));
        FoldedStacks nativeFold = new PerfDataReader(FoldOptions.COLLAPSE, 2).read(data);
        // Functions without symbols (stripped system binaries): FILE+0x.. natively, [FILE] through perf script.
        String nat = Recordings.asPerfScriptNames(folded(nativeFold));
        String perf = folded(viaPerf);
        assertEquals(nat.equals(folded(nativeFold)) ? perf : Recordings.sorted(perf), nat);
        return nativeFold;
    }

    private Path unpack(String name) throws Exception {
        Recordings.assumeTools("perf", "xz");
        Path data = dir.resolve(name.replace(".xz", ""));
        try (InputStream in = getClass().getResourceAsStream(DIR + name)) {
            assumeTrue(in != null, "test resource " + name);
            Files.copy(in, dir.resolve(name));
        }
        Recordings.run(dir, "xz", "-d", dir.resolve(name).toString());
        return data;
    }

    private String perfScript(Path data) throws Exception {
        return Recordings.stdout(dir, "perf", "script", "-i", data.toString(), "--no-inline");
    }

    private static String folded(FoldedStacks s) throws Exception {
        return Recordings.folded(s);
    }
}
