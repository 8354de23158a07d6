package io.myflame.recorder.perf;

import io.myflame.recorder.process.Binaries;
import io.myflame.recorder.process.ChildProcesses;
import io.myflame.recorder.process.ExternalCommand;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ElfBuildIdTest {
    @Test
    void matchesWhatReadelfSays() throws Exception {
        Path java = Path.of(ProcessHandle.current().info().command().orElseThrow()).toRealPath();
        assumeTrue(Binaries.onPath("readelf") != null, "readelf (binutils) is not installed");
        ExternalCommand.Result r = ExternalCommand.of("readelf", "-n", java.toString())
                .run(new ChildProcesses(), Duration.ofSeconds(30));
        Matcher m = Pattern.compile("Build ID: ([0-9a-f]+)").matcher(r.stdout());
        assumeTrue(m.find(), java + " has no build-id note");
        assertEquals(m.group(1), ElfBuildId.of(java));
    }

    @Test
    void aTextFileHasNone() throws Exception {
        Path f = Files.createTempFile("not-elf", ".txt");
        Files.writeString(f, "hello");
        assertNull(ElfBuildId.of(f));
        Files.delete(f);
    }
}
