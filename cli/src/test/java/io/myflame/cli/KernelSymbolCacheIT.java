package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.myflame.ingest.elf.BuildIds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A perf.data recorded here without an archive takes its kernel symbols from perf's copy in
 * {@code ~/.debug}; the jar keeps the parsed table in its cache directory, and the next report reads
 * it from there instead of parsing the file again, with the same table. Real perf records {@code dd}
 * (most of its time in the kernel), the real jar reports it twice.
 */
class KernelSymbolCacheIT {
    @TempDir
    Path tmp;

    @Test
    void theSecondReportReadsTheKernelsSymbolsKeptByTheFirst() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/perf")), "perf is not installed (scripts/test installs linux-perf)");
        Path data = tmp.resolve("perf.data");
        Process rec = new ProcessBuilder("perf", "record", "-F", "999", "-g", "-o", data.toString(), "--",
                "dd", "if=/dev/zero", "of=/dev/null", "bs=4k", "count=400000")
                .redirectErrorStream(true).redirectOutput(tmp.resolve("record.log").toFile()).start();
        assertTrue(rec.waitFor(2, TimeUnit.MINUTES));
        assertEquals(0, rec.exitValue(), Files.readString(tmp.resolve("record.log")));
        String running = BuildIds.runningKernel();
        assumeTrue(running != null, "no build id in /sys/kernel/notes");
        Path kallsyms = Path.of(System.getProperty("user.home"), ".debug", "[kernel.kallsyms]", running, "kallsyms");
        assumeTrue(Files.isRegularFile(kallsyms), "perf kept no copy of the kernel's symbols in ~/.debug");
        // A copy perf wrote just now is not known by its size and time until it is two seconds old.
        while (System.currentTimeMillis() - Files.getLastModifiedTime(kallsyms).toMillis() < 2500) {
            Thread.sleep(200);
        }
        Path cache = tmp.resolve("cache");

        Myflame.Result first = report(cache, data);
        assertEquals(0, first.exit(), first.err());
        assertTrue(first.out().contains("entry_SYSCALL_64"), "kernel functions are named:\n" + first.out());
        Path kept = onlyEntry(cache.resolve("kernel-symbols"));
        Object written = Files.readAttributes(kept, BasicFileAttributes.class).fileKey();

        Myflame.Result second = report(cache, data);
        assertEquals(0, second.exit(), second.err());
        assertEquals(first.out(), second.out(), "the kept table names every frame as the parsed one did");
        assertEquals(first.err(), second.err());
        assertEquals(written, Files.readAttributes(onlyEntry(cache.resolve("kernel-symbols")), BasicFileAttributes.class)
                .fileKey(), "read, not parsed and written again");
    }

    private static Path onlyEntry(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> files = s.toList();
            assertEquals(1, files.size(), "one table kept, no temporary file left: " + files);
            assertTrue(files.get(0).getFileName().toString().startsWith("kallsyms-"), files.toString());
            return files.get(0);
        }
    }

    private static Myflame.Result report(Path cache, Path data) throws Exception {
        Process p = new ProcessBuilder(Myflame.command(List.of("-Dmyflame.cache=" + cache), "report", data.toString(),
                "--top", "0")).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        var out = CompletableFuture.supplyAsync(() -> OutputFilesIT.readAll(p.getInputStream()));
        var err = CompletableFuture.supplyAsync(() -> OutputFilesIT.readAll(p.getErrorStream()));
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "report finishes");
        return new Myflame.Result(p.exitValue(), out.get(), err.get());
    }
}
