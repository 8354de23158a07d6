package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.core.task.Concurrency;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A perf.data whose decoding is shared among threads reads as one decoder reads it: the same stacks in
 * the same order (first seen first, which a flame chart draws), wherever the rest is cut. The bundled
 * dwarf capture (164 MB, 157 chunks) is read with sharing forced after its fifth chunk.
 */
class SharedDecodingTest {
    @TempDir
    static Path tmp;
    private static Path data;

    @BeforeAll
    static void unpack() throws Exception {
        Path capture = Path.of(System.getProperty("myflame.samples", "../samples"))
                .resolve("captures").resolve("mariadb-11.4.5-oltp_delete");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/xz")), "xz");
        data = tmp.resolve("perf.data");
        Process xz = new ProcessBuilder("xz", "-dc", capture.resolve("perf.data.xz").toString())
                .redirectOutput(data.toFile()).start();
        assertEquals(true, xz.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, xz.exitValue());
        Files.copy(capture.resolve("perf.data.symbols.gz"), tmp.resolve("perf.data.symbols.gz"));
    }

    @Test
    void sharedStretchesReadAsOneDecoderReadsThem() throws Exception {
        Concurrency one = Concurrency.of(1);
        FoldedStacks alone = new PerfDataReader(FoldOptions.COLLAPSE, one).read(data);
        assertEquals(0, one.workersStarted());
        String folded = Recordings.folded(alone);
        String ordered = inOrder(alone);
        for (int threads : List.of(2, 3, 4)) {
            Concurrency many = Concurrency.of(threads);
            FoldedStacks shared = new PerfDataReader(FoldOptions.COLLAPSE, many).shareFrom(0).read(data);
            assertEquals(threads - 1, many.workersStarted(), "workers beside the caller, " + threads + " threads");
            assertEquals(folded, Recordings.folded(shared), threads + " threads");
            assertEquals(ordered, inOrder(shared), "the stacks' order, " + threads + " threads");
        }
    }

    @Test
    void aReadOneDecoderFinishesSoonIsNotShared() throws Exception {
        Concurrency two = Concurrency.of(2);
        FoldedStacks stacks = new PerfDataReader(FoldOptions.COLLAPSE, two).shareFrom(Long.MAX_VALUE).read(data);
        assertEquals(0, two.workersStarted());
        assertEquals(4961, stacks.samples());
    }

    /** Each stack as the profile holds it, in its order: thread, frames, weight. */
    private static String inOrder(FoldedStacks stacks) {
        Profile p = stacks.takeProfile(new ProfileInfo("perf.data", "cpu-clock", "perf.data"));
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < p.size(); i++) {
            out.append(p.thread(i));
            for (int f : p.stack(i)) {
                out.append(';').append(p.frames().name(f));
            }
            out.append(' ').append(p.weight(i)).append('\n');
        }
        return out.toString();
    }
}
