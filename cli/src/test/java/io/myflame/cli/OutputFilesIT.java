package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where output goes and what it must never damage, through the real jar: {@code -o} onto
 * symlinks, device nodes, FIFOs, hard links, directories and the input itself; a full disk
 * mid-write; write errors on stdout; a reader that stops early; signals during a write.
 */
class OutputFilesIT {
    @TempDir
    static Path tmp;
    static String capture;
    static byte[] folded;

    @BeforeAll
    static void expected() throws Exception {
        capture = Myflame.samples().resolve("captures/mariadb-10.11-oltp_point_select").toString();
        Myflame.Result r = Myflame.run("collapse", capture);
        assertEquals(0, r.exit(), r.err());
        folded = r.out().getBytes(StandardCharsets.UTF_8);
        assertTrue(folded.length > 64 * 1024, "the test needs an output larger than the small file system");
    }

    private static void assertUsage(Myflame.Result r, String fragment) {
        assertEquals(2, r.exit(), r.err());
        assertFalse(r.hasStackTrace(), r.err());
        assertTrue(r.err().lines().findFirst().orElse("").contains(fragment), r.err());
    }

    private static void assertNoTempFiles(Path dir) throws IOException {
        try (var s = Files.list(dir)) {
            List<Path> left = s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
            assertTrue(left.isEmpty(), "temp files left behind: " + left);
        }
    }

    @Test
    void symlinkIsWrittenThroughAndTargetKeepsModeAndHardLinks() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("links"));
        Path target = dir.resolve("target.folded");
        Files.writeString(target, "old\n");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r-----"));
        Path hardLink = Files.createLink(dir.resolve("hard.folded"), target);
        Path link = Files.createSymbolicLink(dir.resolve("link.folded"), Path.of("target.folded"));
        Myflame.Result r = Myflame.run("collapse", capture, "-o", link.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.isSymbolicLink(link), "the symlink was replaced");
        assertArrayEquals(folded, Files.readAllBytes(target));
        assertArrayEquals(folded, Files.readAllBytes(hardLink), "the hard link was broken");
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
        assertNoTempFiles(dir);
    }

    @Test
    void replacedFileKeepsItsMode() throws Exception {
        Path out = tmp.resolve("mode.folded");
        Files.writeString(out, "old\n");
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rw-rw-r--"));
        assertEquals(0, Myflame.run("collapse", capture, "-o", out.toString()).exit());
        assertEquals("rw-rw-r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(out)));
        assertArrayEquals(folded, Files.readAllBytes(out));
    }

    @Test
    void deviceNodeIsWrittenIntoNotReplaced() throws Exception {
        Path node = tmp.resolve("null-device");
        Process mknod = new ProcessBuilder("mknod", node.toString(), "c", "1", "3").inheritIO().start();
        assumeTrue(mknod.waitFor() == 0, "mknod needs root");
        Myflame.Result r = Myflame.run("report", capture, "-o", node.toString());
        assertEquals(0, r.exit(), r.err());
        assertFalse(Files.isRegularFile(node, LinkOption.NOFOLLOW_LINKS), "the device node was replaced by a file");
        assertNoTempFiles(tmp);
    }

    @Test
    void fifoIsWrittenInto() throws Exception {
        Path fifo = tmp.resolve("out.fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor());
        CompletableFuture<byte[]> read = CompletableFuture.supplyAsync(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                return in.readAllBytes();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        Myflame.Result r = Myflame.run("collapse", capture, "-o", fifo.toString());
        assertEquals(0, r.exit(), r.err());
        assertArrayEquals(folded, read.get(1, TimeUnit.MINUTES));
        assertFalse(Files.isRegularFile(fifo), "the FIFO was replaced by a file");
    }

    @Test
    void devStdoutIsTheOpenDescriptor() throws Exception {
        // A pipe: /proc/self/fd/1 names no file that could be renamed over.
        Myflame.Result piped = Myflame.run("collapse", capture, "-o", "/dev/stdout");
        assertEquals(0, piped.exit(), piped.err());
        assertArrayEquals(folded, piped.out().getBytes(StandardCharsets.UTF_8));
        // A file opened for appending by the shell keeps what it had.
        Path log = tmp.resolve("appended.folded");
        Files.writeString(log, "kept\n");
        List<String> cmd = List.of("java", "-jar", Myflame.jar().toString(), "collapse", capture, "-o", "/dev/stdout");
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        assertEquals(0, p.waitFor());
        byte[] all = Files.readAllBytes(log);
        assertEquals("kept\n" + new String(folded, StandardCharsets.UTF_8), new String(all, StandardCharsets.UTF_8));
    }

    /**
     * A file the shell opened once and several commands write in turn: the output comes at the
     * shell's position and moves it on, so what is written before and after stays in order and whole.
     */
    @Test
    void inheritedDescriptorsAreWrittenAtTheShellsPosition() throws Exception {
        String expected = "before\n" + new String(folded, StandardCharsets.UTF_8) + "after\n";
        for (String target : List.of("/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "/dev/fd/3")) {
            Path shared = tmp.resolve("shared" + target.replace('/', '_'));
            String redirect = target.equals("/dev/fd/3") ? ">&3" : "";
            String script = "{ echo before " + redirect + "; \"$@\" -o " + target + "; echo after " + redirect + "; } "
                    + (redirect.isEmpty() ? ">" : "3>") + " \"$OUT\"";
            List<String> cmd = new ArrayList<>(List.of("sh", "-c", script, "sh"));
            cmd.addAll(Myflame.command(List.of(), "collapse", capture));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT);
            pb.environment().put("OUT", shared.toString());
            assertEquals(0, pb.start().waitFor(), target);
            assertEquals(expected, Files.readString(shared), target);
        }
    }

    @Test
    void directoriesAreNotOutputFiles() throws Exception {
        for (String cmd : List.of("collapse", "report", "flamegraph", "export")) {
            assertUsage(Myflame.run(cmd, capture, "-o", "/"), "is a directory");
            assertUsage(Myflame.run(cmd, capture, "-o", tmp.resolve("newdir") + "/"), "is a directory");
        }
        assertUsage(Myflame.run("diff", capture, capture, "-o", tmp.toString()), "is a directory");
        assertUsage(Myflame.run("export", capture, "-o", tmp.toString()), "is a directory");
        assertFalse(Files.exists(tmp.resolve("newdir")), "-o dir/ wrote a file named dir");
    }

    /**
     * Where no file can be made (a directory that takes none, such as /proc, or a file where a
     * directory should be), the error names the -o path and says why in words: Java names the
     * kernel's ENOENT only by its class ("I/O error: /proc/x.svg: NoSuchFileException").
     */
    @Test
    void outputsThatCannotBeMadeAreSaidInWords() throws Exception {
        for (List<String> args : List.of(List.of("report", capture, "-o", "/proc/x.txt"),
                List.of("report", capture, "-o", "/proc/x.png"), List.of("flamegraph", capture, "-o", "/proc/x.svg"),
                List.of("export", capture, "-o", "/proc/x.pb.gz"),
                List.of("diff", capture, capture, "--chart", "/proc/x.png"),
                List.of("diff", capture, capture, "--chart", "/proc/x.svg"), List.of("categories", capture, "-o", "/proc/x.png"))) {
            Myflame.Result r = Myflame.run(args.toArray(String[]::new));
            assertEquals(1, r.exit(), args + ": " + r.err());
            assertFalse(r.hasStackTrace() || r.err().contains("Exception"), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().contains("/proc/x.") && r.err().contains("no such file or directory"), r.err());
        }
        Path plain = Files.writeString(tmp.resolve("plain.txt"), "kept\n");
        Myflame.Result r = Myflame.run("flamegraph", capture, "-o", plain.resolve("x.svg").toString());
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.err().contains(plain + "/x.svg") && r.err().contains("a file of that name is in the way"), r.err());
        assertEquals("kept\n", Files.readString(plain));
    }

    /**
     * An -o into a directory that does not exist is an error naming the directory, as the shell's
     * {@code >} makes it one: a typo in it made a tree of directories nobody asked for.
     */
    @Test
    void aMissingDirectoryIsSaidNotMade() throws Exception {
        Path missing = tmp.resolve("no-such-dir").resolve("sub");
        for (List<String> args : List.of(List.of("collapse", capture, "-o", missing.resolve("x.folded").toString()),
                List.of("report", capture, "-o", missing.resolve("x.txt").toString()),
                List.of("flamegraph", capture, "-o", missing.resolve("x.svg").toString()),
                List.of("export", capture, "-o", missing.resolve("x.pb.gz").toString()),
                List.of("categories", capture, "-o", missing.resolve("x.txt").toString()),
                List.of("categories", capture, "-o", missing.resolve("x.png").toString()),
                List.of("diff", capture, capture, "-o", missing.resolve("x.txt").toString()),
                // The chart is an output as -o is: its directory is not made either.
                List.of("diff", capture, capture, "--chart", missing.resolve("x.png").toString()),
                List.of("diff", capture, capture, "--chart", missing.resolve("x.svg").toString()))) {
            Myflame.Result r = Myflame.run(args.toArray(String[]::new));
            assertEquals(1, r.exit(), args + ": " + r.err());
            assertFalse(r.hasStackTrace(), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().contains("no such directory " + missing), r.err());
        }
        assertFalse(Files.exists(tmp.resolve("no-such-dir")), "-o made the directories");
    }

    /** A person at a terminal is told what -o wrote, in one line; a script's stderr stays empty. */
    @Test
    void whatWasWrittenIsSaidOnATerminalOnly() throws Exception {
        Path svg = tmp.resolve("said.svg");
        Myflame.Result quiet = Myflame.run("flamegraph", capture, "-o", svg.toString());
        assertEquals(0, quiet.exit(), quiet.err());
        assertFalse(quiet.err().contains("wrote"), quiet.err());
        assumeTrue(new File("/usr/bin/script").canExecute(), "script(1) makes the terminal");
        Myflame.Result r = onTerminal(List.of("flamegraph", capture, "-o", svg.toString()), "");
        assertEquals(0, r.exit(), r.out());
        assertTrue(r.out().contains("myflame flamegraph: wrote " + svg + " (") && r.out().contains(" KB)"), r.out());
        Myflame.Result c = onTerminal(List.of("collapse", capture, "-o", tmp.resolve("said.folded").toString()), "");
        assertTrue(c.out().contains("myflame collapse: wrote " + tmp.resolve("said.folded")), c.out());
    }

    /**
     * A graph beside a table ({@code diff --chart}) and a chart named by {@code -o} ({@code categories
     * -o x.png}) are outputs as every {@code -o} is: each written file is said on a terminal, in a
     * line of its own.
     */
    @Test
    void writtenChartsAreSaidAsTablesAre() throws Exception {
        assumeTrue(new File("/usr/bin/script").canExecute(), "script(1) makes the terminal");
        Path table = tmp.resolve("said-diff.txt");
        Path chart = tmp.resolve("said-series.svg");
        Myflame.Result d = onTerminal(List.of("diff", capture, capture, "-o", table.toString(), "--chart",
                chart.toString()), "");
        assertEquals(0, d.exit(), d.out());
        assertTrue(d.out().contains("myflame diff: wrote " + table + " ("), d.out());
        assertTrue(d.out().contains("myflame diff: wrote " + chart + " (") && d.out().contains(" KB)"), d.out());
        assertTrue(Files.readString(chart).contains("<svg"), "the chart is an SVG");
        Path bars = tmp.resolve("said-categories.png");
        Myflame.Result c = onTerminal(List.of("categories", capture, "-o", bars.toString()), "");
        assertEquals(0, c.exit(), c.out());
        assertTrue(c.out().contains("myflame categories: wrote " + bars + " ("), c.out());
        byte[] png = Files.readAllBytes(bars);
        assertTrue(png.length > 8 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G', "the chart is a PNG");
        Myflame.Result quiet = Myflame.run("diff", capture, capture, "--chart", chart.toString(), "-o", table.toString());
        assertEquals(0, quiet.exit(), quiet.err());
        assertFalse(quiet.err().contains("wrote"), "a script's stderr gets nothing new: " + quiet.err());
    }

    @Test
    void theInputIsNeverTheOutput() throws Exception {
        Path input = tmp.resolve("input.folded");
        Files.write(input, folded);
        assertUsage(Myflame.run("collapse", capture + "/stacks.folded.gz", "-o", capture + "/stacks.folded.gz"),
                "is the input");
        assertUsage(Myflame.run("report", input.toString(), "-o", input.toString()), "is the input");
        assertUsage(Myflame.run("flamegraph", input.toString(), "-o", input.toString()), "is the input");
        // One rule for every command and every file it reads: its INPUTs and its FILE options.
        assertUsage(Myflame.run("export", input.toString(), "-o", input.toString()), "is the input");
        assertUsage(Myflame.run("diff", capture, input.toString(), "-o", input.toString()), "is the input");
        assertUsage(Myflame.run("categories", input.toString(), "-o", input.toString()), "is the input");
        // The charts are outputs too: a profile named like an image is still an input.
        Path image = tmp.resolve("input-named.png");
        Files.write(image, folded);
        assertUsage(Myflame.run("categories", image.toString(), capture, "-o", image.toString()), "-o " + image + " is the input");
        assertUsage(Myflame.run("diff", capture, image.toString(), "--chart", image.toString()),
                "--chart " + image + " is the input");
        assertArrayEquals(folded, Files.readAllBytes(image));
        assertUsage(Myflame.run("diff", "--label", "a=" + capture + "," + input, "--label", "b=" + capture,
                "-o", input.toString()), "is the input");
        Path link = Files.createSymbolicLink(tmp.resolve("link-to-input.folded"), input);
        assertUsage(Myflame.run("export", input.toString(), "-o", link.toString()), "is the input");
        assertArrayEquals(folded, Files.readAllBytes(input));
        Path rows = tmp.resolve("my.rows");
        Files.writeString(rows, "do_command\n");
        assertUsage(Myflame.run("report", capture, "--rows", rows.toString(), "-o", rows.toString()), "is the input");
        assertUsage(Myflame.run("diff", capture, capture, "--rows", rows.toString(), "-o", rows.toString()), "is the input");
        assertEquals("do_command\n", Files.readString(rows));
    }

    /**
     * Stdout a terminal (a pseudo-terminal made by {@code script}) and no -o: a flamegraph's SVG or
     * a PNG table would flood it, so the run stops with a hint before reading anything. A pipe, or
     * an explicit {@code -o -}, gets the output.
     */
    @Test
    void imagesAreNotPouredOntoATerminal() throws Exception {
        assumeTrue(new File("/usr/bin/script").canExecute(), "script(1) makes the terminal");
        List<List<String>> runs = List.of(List.of("flamegraph", capture), List.of("report", capture, "--format", "png"),
                List.of("diff", capture, capture, "--format", "png"));
        for (List<String> args : runs) {
            Myflame.Result r = onTerminal(args, "");
            assertEquals(2, r.exit(), args + ": " + r.out());
            assertTrue(r.out().contains("stdout is a terminal; write the") && r.out().contains("to a file: -o "), r.out());
            assertFalse(r.out().contains("<svg") || r.out().contains("PNG\r\n"), "written anyway: " + args);
        }
        Myflame.Result piped = onTerminal(List.of("flamegraph", capture), " | wc -c");
        assertEquals(0, piped.exit(), piped.out());
        assertTrue(Long.parseLong(piped.out().lines().reduce((a, b) -> b).orElse("0").trim()) > 100_000, piped.out());
        Path small = Files.writeString(tmp.resolve("small.folded"), "mysqld;do_command 3\n");
        Myflame.Result asked = onTerminal(List.of("flamegraph", small.toString(), "-o", "-"), "");
        assertEquals(0, asked.exit(), asked.out());
        assertTrue(asked.out().contains("<svg"), asked.out());
    }

    /** Runs the jar with stdout (and stderr) on a pseudo-terminal; what the terminal showed is {@code out}. */
    private static Myflame.Result onTerminal(List<String> args, String shellTail) throws Exception {
        StringBuilder cmd = new StringBuilder();
        for (String w : Myflame.command(List.of(), args.toArray(String[]::new))) {
            cmd.append('\'').append(w.replace("'", "'\\''")).append("' ");
        }
        Process p = new ProcessBuilder("script", "-qec", cmd + shellTail, "/dev/null").redirectErrorStream(true).start();
        p.getOutputStream().close();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> readAll(p.getInputStream()));
        assertTrue(p.waitFor(5, TimeUnit.MINUTES));
        return new Myflame.Result(p.exitValue(), out.get(), "");
    }

    /** A real failure mid-write: a 64 KB file system fills up; the old file stays whole, no temp file is left. */
    @Test
    void fullDiskMidWriteKeepsTheOldFile() throws Exception {
        try (SmallFileSystem fs = SmallFileSystem.mount(tmp.resolve("small"), "64k")) {
            Path out = fs.dir().resolve("out.folded");
            Files.writeString(out, "previous\n");
            Myflame.Result r = Myflame.run("collapse", capture, "-o", out.toString());
            assertEquals(1, r.exit(), r.err());
            assertFalse(r.hasStackTrace(), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().contains("No space left on device") || r.err().contains("no space left"), r.err());
            assertTrue(r.err().contains(out.toString()), "the error names the output file: " + r.err());
            assertEquals("previous\n", Files.readString(out));
            assertNoTempFiles(fs.dir());
        }
    }

    @Test
    void stdoutWriteErrorsExitOneForEveryCommandAndFormat() throws Exception {
        List<List<String>> runs = new ArrayList<>();
        // Every command that writes to stdout, every format at least once.
        runs.add(List.of("collapse", capture));
        runs.add(List.of("report", capture, "--format", "text"));
        runs.add(List.of("report", capture, "--format", "markdown"));
        runs.add(List.of("diff", capture, capture, "--format", "csv"));
        runs.add(List.of("diff", capture, capture, "--format", "json"));
        runs.add(List.of("diff", capture, capture, "--format", "html"));
        runs.add(List.of("categories", capture));
        runs.add(List.of("flamegraph", "--diff", capture, capture));
        runs.add(List.of("--help"));
        for (List<String> args : runs) {
            Myflame.Result r = runTo(new File("/dev/full"), args);
            assertEquals(1, r.exit(), args + ": " + r.err());
            assertEquals(1, r.err().lines().count(), args + ": " + r.err());
            assertTrue(r.err().contains("stdout"), args + ": " + r.err());
        }
    }

    @Test
    void closedPipeStopsQuietly() throws Exception {
        // Outputs larger than a pipe's buffer, so the writer meets the closed end.
        for (List<String> args : List.of(List.of("collapse", capture), List.of("flamegraph", capture))) {
            List<String> cmd = new ArrayList<>(List.of("java", "-jar", Myflame.jar().toString()));
            cmd.addAll(args);
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.PIPE).start();
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
            byte[] head = p.getInputStream().readNBytes(10);
            assertEquals(10, head.length);
            p.getInputStream().close();
            assertTrue(p.waitFor(2, TimeUnit.MINUTES));
            assertEquals(141, p.exitValue(), args + ": " + err.get());
            assertEquals("", err.get(), args.toString());
        }
    }

    /** SIGTERM and SIGINT at moments spread over the write: the temp file never survives. */
    @Test
    void signalsDuringWriteLeaveNoTempFile() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("signals"));
        int caught = 0;
        for (int trial = 0; trial < 8; trial++) {
            Path out = dir.resolve("out" + trial + ".html");
            Process p = new ProcessBuilder("java", "-jar", Myflame.jar().toString(), "flamegraph", capture,
                    "-o", out.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("log" + trial).toFile()).start();
            if (awaitTempFile(dir, p)) {
                caught++;
            }
            new ProcessBuilder("kill", trial % 2 == 0 ? "-TERM" : "-INT", Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(1, TimeUnit.MINUTES));
            assertNoTempFiles(dir);
        }
        System.out.println("signalsDuringWriteLeaveNoTempFile: " + caught + " of 8 signals arrived during the write");
    }

    private static boolean awaitTempFile(Path dir, Process p) throws IOException {
        while (p.isAlive()) {
            try (var s = Files.list(dir)) {
                if (s.anyMatch(f -> f.getFileName().toString().endsWith(".tmp"))) {
                    return true;
                }
            }
        }
        return false;
    }

    static Myflame.Result runTo(File stdout, List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("java", "-jar", Myflame.jar().toString()));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectOutput(stdout).start();
        p.getOutputStream().close();
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
        assertTrue(p.waitFor(5, TimeUnit.MINUTES));
        return new Myflame.Result(p.exitValue(), "", err.get());
    }

    static String readAll(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
