package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.myflame.ingest.elf.BuildIds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the jar keeps parsed in its cache directory for the next run, and that the next run reads it
 * with the same result and writes nothing again. A perf.data recorded here without an archive takes its
 * kernel symbols from perf's copy in {@code ~/.debug} and its programs' from their ELF files: real perf
 * records {@code dd} (most of its time in the kernel), the real jar reports it twice. A capture beside a
 * version-1 text archive: the bundled fp capture, reported until its indexed conversion is kept (and the
 * names c++filt demangled for it), then again.
 */
class SymbolCacheIT {
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
        Map<String, Object> kept = entries(cache.resolve("symbols"));
        assertEquals(1, count(kept, "kallsyms-"), "the kernel's table kept once: " + kept.keySet());
        assertTrue(count(kept, "elf-") >= 1, "dd's and its libraries' tables kept: " + kept.keySet());
        assertEquals(0, count(kept, "demangled-"), "a C program starts no c++filt: " + kept.keySet());

        Myflame.Result second = report(cache, data);
        assertEquals(0, second.exit(), second.err());
        assertEquals(first.out(), second.out(), "the kept tables name every frame as the parsed ones did");
        assertEquals(first.err(), second.err());
        assertEquals(kept, entries(cache.resolve("symbols")), "read, not parsed and written again");
    }

    @Test
    void aTextArchiveIsReadFromItsKeptConversionWithTheSameTable() throws Exception {
        Path data = Myflame.unpackedPerfData("mariadb-11.4.5-oltp_delete-fp", tmp.resolve("perf.data"));
        Path archive = tmp.resolve("perf.data.symbols.gz");
        Files.copy(Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete-fp/perf.data.symbols.gz"), archive);
        // a copy made just now is not known by its size and time until it is two seconds old
        Files.setLastModifiedTime(archive, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        Files.setLastModifiedTime(data, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        Path cache = tmp.resolve("cache");

        Myflame.Result first = report(cache, data);
        assertEquals(0, first.exit(), first.err());
        // the conversion is written beside the run, on a thread the run's end may cut short: a later run writes it
        for (int i = 0; i < 5 && kept(cache.resolve("symbols")) == 0; i++) {
            assertEquals(first.out(), report(cache, data).out());
        }
        Map<String, Object> kept = entries(cache.resolve("symbols"));
        assertEquals(1, count(kept, "archive-"), "the conversion kept once: " + kept.keySet());
        assertEquals(1, count(kept, "demangled-"), "c++filt's names kept: " + kept.keySet());

        Myflame.Result again = report(cache, data);
        assertEquals(first.out(), again.out(), "the kept conversion names every frame as the text archive did");
        assertEquals(first.err(), again.err());
        assertEquals(kept, entries(cache.resolve("symbols")), "read, not converted and written again");
    }

    /** How many entries {@code dir} holds (none when it does not exist). */
    private static long kept(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".sym")).count();
        }
    }

    /** The entries in {@code dir} by name, each with its file key (an entry written again is a new file); no temporary file left. */
    private static Map<String, Object> entries(Path dir) throws Exception {
        Map<String, Object> out = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.toList()) {
                assertTrue(p.getFileName().toString().endsWith(".sym"), "a temporary file left: " + p);
                out.put(p.getFileName().toString(), Files.readAttributes(p, BasicFileAttributes.class).fileKey());
            }
        }
        return out;
    }

    private static long count(Map<String, Object> entries, String kind) {
        return entries.keySet().stream().filter(n -> n.startsWith(kind)).count();
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
