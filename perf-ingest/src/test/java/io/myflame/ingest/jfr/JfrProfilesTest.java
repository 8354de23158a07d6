package io.myflame.ingest.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.analysis.InclusiveTable;
import io.myflame.core.model.Profile;
import io.myflame.ingest.InputException;
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

    @Test
    void aBrokenRecordingIsOneLineError(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.jfr");
        Files.write(bad, new byte[] {'F', 'L', 'R', 0, 0, 2, 0, 1, 9, 9, 9});
        InputException e = assertThrows(InputException.class, () -> new ProfileLoader(1, false, "perf").load(bad.toString()));
        assertTrue(e.getMessage().startsWith(bad + ": "), e.getMessage());
    }
}
