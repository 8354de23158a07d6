package io.myflame.ingest.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.analysis.InclusiveTable;
import io.myflame.core.model.Profile;
import io.myflame.ingest.error.InputException;
import io.myflame.ingest.ProfileLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real JFR recording, made by the JDK running a tiny busy program, read through the loader. */
class JfrProfilesTest {
    static final String BUSY = """
            public class Busy {
                static double spin(int n) {
                    double s = 0;
                    for (int i = 1; i < n; i++) {
                        s += Math.sqrt(i) / i;
                    }
                    return s;
                }

                public static void main(String[] args) {
                    long end = System.nanoTime() + 2_000_000_000L;
                    double s = 0;
                    while (System.nanoTime() < end) {
                        s += spin(100_000);
                    }
                    System.out.println(s > 0);
                }
            }
            """;

    /** Records {@code Busy} with the JDK's flight recorder; also used by the CLI tests. */
    public static Path record(Path dir) throws Exception {
        Path src = dir.resolve("Busy.java");
        Files.writeString(src, BUSY);
        Path jfr = dir.resolve("busy.jfr");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-XX:StartFlightRecording=filename=" + jfr + ",settings=profile",
                src.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("busy.log").toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "recording finished");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("busy.log")));
        return jfr;
    }

    @Test
    void readsExecutionSamplesOfARealRecording(@TempDir Path dir) throws Exception {
        Path jfr = record(dir);
        ProfileLoader loader = new ProfileLoader(1, false, "perf");
        Profile p = loader.load(jfr.toString());
        assertTrue(p.totalSamples() > 20, "samples: " + p.totalSamples());
        InclusiveTable incl = InclusiveTable.of(p);
        int spin = p.frames().find("Busy.spin");
        assertTrue(spin >= 0, "Busy.spin among the frames");
        assertTrue(incl.inclusive(spin) * 2 > p.totalWeight(), "most samples are in Busy.spin");
    }

    /**
     * Records {@code Busy} with async-profiler's own agent (the {@code tools.profiler:async-profiler}
     * jar's {@code linux-x64/libasyncProfiler.so}) in wall-clock mode, as users record it.
     */
    static Path recordWallClock(Path dir) throws Exception {
        Path src = dir.resolve("Busy.java");
        Files.writeString(src, BUSY);
        Path lib = dir.resolve("libasyncProfiler.so");
        try (var in = JfrProfilesTest.class.getClassLoader().getResourceAsStream("linux-x64/libasyncProfiler.so")) {
            assertTrue(in != null, "libasyncProfiler.so on the test class path");
            Files.copy(in, lib);
        }
        Path jfr = dir.resolve("wall.jfr");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-agentpath:" + lib + "=start,event=wall,interval=5ms,jfr,file=" + jfr,
                src.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("wall.log").toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "recording finished");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("wall.log")));
        assertTrue(Files.size(jfr) > 0, Files.readString(dir.resolve("wall.log")));
        return jfr;
    }

    @Test
    void readsWallClockSamplesOfAsyncProfiler45(@TempDir Path dir) throws Exception {
        Path jfr = recordWallClock(dir);
        // The converter 4.2 never returned on such a recording: bound the wait, so a hang fails.
        Profile p = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60),
                () -> new ProfileLoader(1, false, "perf").load(jfr.toString()));
        assertTrue(p.totalSamples() > 20, "samples: " + p.totalSamples());
        int spin = p.frames().find("Busy.spin");
        assertTrue(spin >= 0, "Busy.spin among the frames");
    }

    @Test
    void aBrokenRecordingIsOneLineError(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.jfr");
        Files.write(bad, new byte[] {'F', 'L', 'R', 0, 0, 2, 0, 1, 9, 9, 9});
        InputException e = assertThrows(InputException.class, () -> new ProfileLoader(1, false, "perf").load(bad.toString()));
        assertTrue(e.getMessage().startsWith(bad + ": "), e.getMessage());
    }
}
