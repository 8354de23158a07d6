package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input and bad usage, run through the real jar: one line naming the file (and line), exit 1
 * for bad data and 2 for bad usage, no stack trace, and no output file left half written.
 */
class CliErrorsIT {
    @TempDir
    static Path tmp;
    static Path script;
    static List<String> lines;

    @BeforeAll
    static void realCapture() throws IOException {
        Path gz = Myflame.samples().resolve("captures/mariadb-10.11-oltp_point_select/perf.script.gz");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            script = tmp.resolve("point_select.perf.txt");
            Files.write(script, in.readAllBytes());
        }
        lines = Files.readAllLines(script, StandardCharsets.ISO_8859_1);
    }

    private static void assertOneLineError(Myflame.Result r, int exit, String... fragments) {
        assertEquals(exit, r.exit(), r.err());
        assertFalse(r.hasStackTrace(), r.err());
        String first = r.err().lines().findFirst().orElse("");
        for (String f : fragments) {
            assertTrue(first.contains(f), "expected '" + f + "' in: " + r.err());
        }
    }

    @Test
    void missingFileIsBadData() throws Exception {
        Path missing = tmp.resolve("nope.perf.txt");
        assertOneLineError(Myflame.run("report", missing.toString()), 1, "myflame report: ", missing.toString(), "no such file");
    }

    /**
     * A profile compressed by a tool myflame does not undo (the bundled captures keep perf.data as
     * perf.data.xz) is told to be decompressed first, naming the tool; it was "binary data, not a
     * profile". Text that merely starts like a magic ("BZhandler") is still text.
     */
    @Test
    void compressedInputsAreToldToBeDecompressed() throws Exception {
        Path folded = Files.writeString(tmp.resolve("packed.folded"), "mysqld;do_command;mysql_delete 42\n");
        for (List<String> packer : List.of(List.of("xz", "xz-compressed"), List.of("bzip2", "bzip2-compressed"),
                List.of("zstd", "zstd-compressed"))) {
            org.junit.jupiter.api.Assumptions.assumeTrue(RealParts.find(packer.get(0)) != null, packer.get(0));
            Path packed = tmp.resolve("packed." + packer.get(0));
            Process p = new ProcessBuilder(packer.get(0), "-c", folded.toString()).redirectOutput(packed.toFile()).start();
            assertEquals(0, p.waitFor());
            assertOneLineError(Myflame.run("report", packed.toString()), 1, packed + ": " + packer.get(1),
                    "decompress it first");
        }
        Path twice = tmp.resolve("twice.gz");
        try (var out = new java.util.zip.GZIPOutputStream(new java.util.zip.GZIPOutputStream(Files.newOutputStream(twice)))) {
            out.write(Files.readAllBytes(folded));
        }
        assertOneLineError(Myflame.run("report", twice.toString()), 1, twice + ": gzip-compressed twice");
        Path text = Files.writeString(tmp.resolve("bz.folded"), "BZhandler;do_command 3\n");
        Myflame.Result r = Myflame.run("report", text.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("do_command"), r.out());
    }

    /**
     * An input whose only sample has a line longer than the reader's 16 MB blocks says so in its one
     * line: "no samples" alone hid why, and in perf script text the frame after it read as stray.
     */
    @Test
    void noSamplesBecauseOfAnOverlongLineSaysSo() throws Exception {
        String huge = "a".repeat(20 << 20);
        Path folded = Files.writeString(tmp.resolve("long.folded"), "main;" + huge + " 5\n");
        assertOneLineError(Myflame.run("report", folded.toString()), 1,
                "no samples in " + folded + ": skipped 1 line longer than 16 MB, the first at " + folded + ":1");
        Path script = Files.writeString(tmp.resolve("long.script"), "mariadbd  1234 [000] 100.000000: 1000000 cpu-clock: \n"
                + "\t    7f0000000000 " + huge + "+0x1 (/usr/lib/x.so)\n\t    7f0000000001 main+0x1 (/usr/bin/x)\n\n");
        assertOneLineError(Myflame.run("report", script.toString()), 1,
                "no samples in " + script + ": skipped 1 line longer than 16 MB, the first at " + script + ":2");
    }

    /** A symbolic link to nothing, or a loop of links, is said to be one: "no such file" would contradict ls. */
    @Test
    void aLinkToNothingIsSaidToBeOne() throws Exception {
        Path loop = tmp.resolve("loop-a");
        Files.createSymbolicLink(loop, tmp.resolve("loop-b"));
        Files.createSymbolicLink(tmp.resolve("loop-b"), loop);
        Path dangling = Files.createSymbolicLink(tmp.resolve("dangling"), tmp.resolve("gone.folded"));
        for (Path link : List.of(loop, dangling)) {
            assertOneLineError(Myflame.run("report", link.toString()), 1, link + ": a symbolic link that leads to no file");
        }
    }

    /** A line of only '|' (or an alternative left empty) is no row: rejected with FILE:LINE by every command. */
    @Test
    void rowFileLineWithAnEmptyAlternativeIsRejected() throws Exception {
        String capture = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete").toString();
        for (String bad : List.of("|", "do_command |", " | ")) {
            Path rows = tmp.resolve("bar.rows");
            Files.writeString(rows, "do_command\n" + bad + "\n");
            assertOneLineError(Myflame.run("report", capture, "--rows", rows.toString()), 1, rows + ":2: empty alternative");
            assertOneLineError(Myflame.run("diff", capture, capture, "--rows", rows.toString()), 1,
                    rows + ":2: empty alternative");
        }
    }

    /**
     * Stdin closed ({@code <&-}): descriptor 0 is then the JDK's module image, opened by the JVM
     * itself. Reading it as a profile and closing it made the JVM read classes through a reused
     * descriptor and die of SIGSEGV (139); without class data sharing that happens every time.
     */
    @Test
    void closedStdinIsAUsageErrorNotACrash() throws Exception {
        for (List<String> args : List.of(List.of("report", "-"), List.of("collapse", "-"), List.of("flamegraph"),
                List.of("diff", "-", script.toString()), List.of("report", "/dev/stdin"))) {
            List<String> cmd = new ArrayList<>(List.of("sh", "-c", "exec \"$@\" <&-", "sh"));
            cmd.addAll(Myflame.command(List.of("-Xshare:off"), args.toArray(String[]::new)));
            Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            Myflame.Result r = new Myflame.Result(p.waitFor(), "", err);
            assertOneLineError(r, 2, "myflame " + args.get(0) + ": ", "stdin is closed");
        }
    }

    /** The same class in a categories file: a category with no name, a repeated name or an empty pattern. */
    @Test
    void categoryFileWithEmptyOrRepeatedNamesIsRejected() throws Exception {
        Path cats = tmp.resolve("bad.yaml");
        for (String[] bad : new String[][] {
                {"categories:\n  - name: \"\"\n    frames: [\"a*\"]\n", "category 1 has an empty name"},
                {"categories:\n  - name: x\n    frames: [\"a\"]\n  - name: x\n    frames: [\"b\"]\n",
                        "category 2 repeats the name 'x'"},
                {"categories:\n  - name: x\n    frames: [\"a\", null]\n", "category 1 ('x') has an empty frame pattern"}}) {
            Files.writeString(cats, bad[0]);
            assertOneLineError(Myflame.run("categories", script.toString(), "--categories", cats.toString()), 1,
                    "myflame categories: " + cats + ": " + bad[1]);
            assertOneLineError(Myflame.run("diff", script.toString(), script.toString(), "--categories", cats.toString()), 1,
                    cats + ": " + bad[1]);
        }
    }

    /**
     * A gzip header over data that is not deflate, and a categories file that is a directory or not
     * UTF-8: one line naming the file, never Java's words ("Unexpected end of ZLIB input stream" named
     * no file; "java.nio.charset.MalformedInputException: Input length = 1").
     */
    @Test
    void damagedGzipAndUnreadableCategoryFilesAreNamed() throws Exception {
        Path gz = tmp.resolve("damaged.folded.gz");
        Files.write(gz, new byte[] {0x1f, (byte) 0x8b, 8, 0, 'g', 'a', 'r', 'b', 'a', 'g', 'e'});
        for (List<String> args : List.of(List.of("report", gz.toString()), List.of("collapse", gz.toString()),
                List.of("flamegraph", gz.toString(), "-o", tmp.resolve("damaged.svg").toString()))) {
            assertOneLineError(Myflame.run(args.toArray(String[]::new)), 1, gz + ": cannot read (gzip data cut short or damaged)");
        }
        assertFalse(Files.exists(tmp.resolve("damaged.svg")));
        Path latin1 = tmp.resolve("latin1.yaml");
        Files.write(latin1, "categories:\n  - name: caf\u00e9\n    frames: [do_command]\n".getBytes(StandardCharsets.ISO_8859_1));
        Path dir = Files.createDirectories(tmp.resolve("a-directory.yaml"));
        String s = script.toString();
        for (List<String> args : List.of(List.of("categories", s, "--categories"), List.of("diff", s, s, "--categories"))) {
            List<String> bad = new ArrayList<>(args);
            bad.add(latin1.toString());
            Myflame.Result r = Myflame.run(bad.toArray(String[]::new));
            assertOneLineError(r, 1, latin1 + ": not UTF-8 text");
            assertFalse(r.err().contains("java."), r.err());
            bad.set(bad.size() - 1, dir.toString());
            r = Myflame.run(bad.toArray(String[]::new));
            assertOneLineError(r, 1, dir + ": cannot read (Is a directory)");
            assertFalse(r.err().contains("java."), r.err());
        }
    }

    /**
     * A file an option names for settings (rows, categories, a palette) that does not end, such as
     * /dev/zero named by mistake, is refused at a bound in one line; it filled the heap (exit 70).
     */
    @Test
    void settingsFilesThatDoNotEndAreRefused() throws Exception {
        String s = script.toString();
        assertOneLineError(Myflame.run("report", s, "--rows", "/dev/zero"), 1, "/dev/zero: more than 16 MB, too large for a row file");
        assertOneLineError(Myflame.run("diff", s, s, "--rows", "/dev/zero"), 1, "/dev/zero: more than 16 MB");
        assertOneLineError(Myflame.run("categories", s, "--categories", "/dev/zero"), 1, "/dev/zero");
        Path svg = tmp.resolve("palette.svg");
        assertOneLineError(Myflame.run("flamegraph", s, "--cp", "--palette-file", "/dev/zero", "-o", svg.toString()), 1,
                "/dev/zero: more than 64 MB, too large for a palette file");
        assertFalse(Files.exists(svg));
    }

    /**
     * An argument starting with {@code @} is itself: picocli's argument files read a file named
     * {@code @x.folded} as the arguments in {@code x.folded}, and {@code --alias @/dev/zero} for ever.
     */
    @Test
    void anArgumentStartingWithAtIsNotAnArgumentFile() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("at"));
        Files.writeString(dir.resolve("@x.folded"), "mysqld;do_command;mysql_delete 3\n");
        Files.writeString(dir.resolve("x.folded"), "--top\n");
        Myflame.Result r = Myflame.runIn(dir, null, "report", "@x.folded");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("mysql_delete"), r.out());
        String s = script.toString();
        assertOneLineError(Myflame.run("flamegraph", "--diff", s, s, "--alias", "@/dev/zero", "-o",
                tmp.resolve("at.svg").toString()), 2, "--alias expects OLD=NEW, got '@/dev/zero'");
    }

    /**
     * record, sweep and demo refuse settings they cannot use before they start or create anything:
     * a --mariadb that is no version was an incomplete capture left in --out (record) or a progress
     * line first (demo); --configs /dev/zero filled the heap (exit 70); demo --out naming a file
     * said "I/O error: FILE".
     */
    @Test
    void recordingCommandsRefuseUnusableSettingsBeforeStarting() throws Exception {
        Path rec = tmp.resolve("rec-out");
        Myflame.Result r = Myflame.run("record", "--out", rec.toString(), "--mariadb", "../../etc", "--time", "1");
        assertOneLineError(r, 2, "myflame record: --mariadb wants a release version such as 10.11.5, not '../../etc'");
        assertFalse(Files.exists(rec), "a capture directory was begun");
        assertOneLineError(Myflame.run("record", "--out", rec.toString(), "--freq", "999999999", "--time", "1"), 2,
                "myflame record: --freq must be 1 to ", "perf_event_max_sample_rate), not 999999999");
        assertFalse(Files.exists(rec), "a capture directory was begun");
        assertOneLineError(Myflame.run("record", "--out", rec.toString(), "--overhead-rounds", "0", "--time", "1"), 2,
                "myflame record: --overhead-rounds must be 1 to 50, not 0");
        assertOneLineError(Myflame.run("record", "--out", rec.toString(), "--overhead-rounds", "51", "--time", "1"), 2,
                "myflame record: --overhead-rounds must be 1 to 50, not 51");
        assertOneLineError(Myflame.run("record", "--out", rec.toString(), "--overhead-rounds", "3", "--no-overhead-check",
                "--time", "1"), 2, "myflame record: --no-overhead-check and --overhead-rounds exclude each other");
        assertFalse(Files.exists(rec), "a capture directory was begun");
        if (RealParts.find("sysbench") != null) {
            // sysbench said so only after a server had started and its tables been prepared.
            assertOneLineError(Myflame.run("record", "--out", rec.toString(), "--workload", "x;rm", "--time", "1"), 2,
                    "myflame record: --workload: sysbench finds no built-in test, Lua file or module named 'x;rm'");
            assertFalse(Files.exists(rec), "a capture directory was begun");
        }
        Path sweep = tmp.resolve("sweep-out");
        assertOneLineError(Myflame.run("sweep", "--out", sweep.toString(), "--mariadb", "x y", "--threads", "1"), 2,
                "--mariadb wants a release version");
        Path demo = tmp.resolve("demo-out");
        r = Myflame.run("demo", "--out", demo.toString(), "--mariadb", "../../etc");
        assertOneLineError(r, 2, "myflame demo: --mariadb wants a release version");
        assertEquals(2, r.err().lines().count(), r.err());
        assertFalse(Files.exists(demo));
        assertOneLineError(Myflame.run("demo", "--out", script.toString()), 1, script + ": exists and is not a directory");
        assertOneLineError(Myflame.run("sweep", "--out", sweep.toString(), "--configs", "/dev/zero", "--threads", "1"), 1,
                "/dev/zero: more than 16 MB, too large for a configurations file");
        Path latin1 = tmp.resolve("configs-latin1.ini");
        Files.write(latin1, "[caf\u00e9]\ninnodb_adaptive_hash_index=ON\n".getBytes(StandardCharsets.ISO_8859_1));
        assertOneLineError(Myflame.run("sweep", "--out", sweep.toString(), "--configs", latin1.toString(), "--threads", "1"),
                1, latin1 + ": not UTF-8 text");
        assertFalse(Files.exists(sweep));
        // An empty --out is the current directory to Java: sweep and demo began a server and wrote there.
        for (String command : List.of("record", "sweep", "demo")) {
            Myflame.Result empty = Myflame.runIn(tmp, null, command, "--out", "", "--time", "1");
            assertOneLineError(empty, 2, "myflame " + command + ": Invalid value for option '--out': an empty directory name");
        }
    }

    @Test
    void standardInputNamedTwiceIsAUsageError() throws Exception {
        for (String cmd : List.of("diff", "categories", "flamegraph")) {
            Myflame.Result r = Myflame.runWithStdin(script, cmd, "-", "-", "-o", tmp.resolve("never.txt").toString());
            assertOneLineError(r, 2, "standard input (-) can be read only once");
            assertFalse(r.err().contains("Stream closed"), r.err());
        }
    }

    @Test
    void binaryFileIsRejected() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        assertOneLineError(Myflame.run("collapse", java.toString()), 1, java.toString(), "binary data");
    }

    @Test
    void emptyFileIsRejected() throws Exception {
        Path empty = Files.createFile(tmp.resolve("empty.txt"));
        assertOneLineError(Myflame.run("report", empty.toString()), 1, empty.toString(), "empty");
    }

    @Test
    void textThatIsNotAProfileNamesItsFirstLine() throws Exception {
        Path readme = tmp.resolve("notes.txt");
        Files.writeString(readme, "these are\nnot perf samples\n");
        assertOneLineError(Myflame.run("collapse", readme.toString()), 1, readme + ":1", "not perf script output");
        // Prose in which a few lines look like sample headers ("$ myflame ...: event cpu-clock, ...") is no profile either.
        for (String doc : List.of("../README.md", "../docs/commands.md", "../docs/robustness.md")) {
            for (String cmd : List.of("report", "collapse", "flamegraph")) {
                assertOneLineError(Myflame.run(cmd, doc, "-o", tmp.resolve("prose.out").toString()), 1, doc + ":",
                        "not perf script output");
            }
        }
        assertFalse(Files.exists(tmp.resolve("prose.out")));
    }

    @Test
    void garbageLinesAreSkippedAndCountedWithTheFirstLocation() throws Exception {
        List<String> damaged = new ArrayList<>(lines);
        // A stack line mangled into one word, twice, inside real samples.
        int first = indexOfFrameLine(damaged, 200);
        damaged.set(first, "garbage");
        damaged.set(indexOfFrameLine(damaged, 900), "xx");
        Path file = tmp.resolve("garbage.txt");
        Files.write(file, damaged, StandardCharsets.ISO_8859_1);
        Myflame.Result r = Myflame.run("collapse", file.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("ignored 2 malformed lines, the first at " + file + ":" + (first + 1)), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertFalse(r.out().isEmpty());
    }

    @Test
    void truncatedLastSampleIsDroppedWithAWarning() throws Exception {
        byte[] all = Files.readAllBytes(script);
        // Cut in the middle of the last frame line, as a killed 'perf script > file' leaves it.
        int cut = all.length - 1;
        while (all[cut - 1] != '\n' || all[cut] == '\n') {
            cut--;
        }
        cut += 8;
        Path file = tmp.resolve("truncated.txt");
        Files.write(file, java.util.Arrays.copyOf(all, cut));
        long lineNo = new String(all, 0, cut, StandardCharsets.ISO_8859_1).lines().count();
        Myflame.Result r = Myflame.run("report", file.toString(), "--format", "csv", "--top", "3");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("the last sample is cut short at " + file + ":" + lineNo), r.err());
    }

    /** A file saved without a final newline (an editor, printf '%s') keeps its last sample, as inferno does. */
    @Test
    void lastSampleWithoutAFinalNewlineIsKept() throws Exception {
        String all = Files.readString(script, StandardCharsets.ISO_8859_1);
        String whole = Myflame.run("collapse", script.toString()).out();
        Path unterminated = tmp.resolve("no-final-newline.txt");
        Files.writeString(unterminated, all.stripTrailing(), StandardCharsets.ISO_8859_1);
        Myflame.Result r = Myflame.run("collapse", unterminated.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(whole, r.out());
        assertFalse(r.err().contains("cut short"), r.err());
        // One sample, no newline after its last frame: one stack, not "no samples".
        String first = all.substring(0, all.indexOf("\n\n"));
        Path one = tmp.resolve("one-sample.txt");
        Files.writeString(one, first, StandardCharsets.ISO_8859_1);
        Myflame.Result single = Myflame.run("collapse", one.toString());
        assertEquals(0, single.exit(), single.err());
        assertEquals(1, single.out().lines().count(), single.out());
        assertEquals(single.out(), Myflame.runWithStdin(one, "collapse", "-").out(), "stdin reads the same");
    }

    @Test
    void typosGetADidYouMean() throws Exception {
        String in = script.toString();
        assertOneLineError(Myflame.run("reprot", in), 2, "myflame: unknown command 'reprot'; did you mean 'report'?");
        assertOneLineError(Myflame.run("flamegrph", in), 2, "did you mean 'flamegraph'?");
        assertOneLineError(Myflame.run("report", in, "--tpo", "3"), 2, "myflame report: ", "did you mean '--top'?");
        assertOneLineError(Myflame.run("report", in, "--formt=json"), 2, "did you mean '--format'?");
        assertOneLineError(Myflame.run("flamegraph", in, "--colours", "hot"), 2, "did you mean '--colors'?");
        assertOneLineError(Myflame.run("diff", in, in, "--rwos", "r"), 2, "did you mean '--rows'?");
        // Nothing near: no guess.
        Myflame.Result far = Myflame.run("xyzzy", in);
        assertOneLineError(far, 2, "unknown command 'xyzzy'");
        assertFalse(far.err().contains("did you mean"), far.err());
        assertFalse(Myflame.run("report", in, "-x").err().contains("did you mean"));
        assertTrue(far.err().contains("try 'myflame --help'"), far.err());
    }

    @Test
    void badUsageExitsTwo() throws Exception {
        assertOneLineError(Myflame.run("report", script.toString(), "--format", "xml"), 2, "--format");
        assertOneLineError(Myflame.run("report", script.toString(), "--top", "5", "--focus", "do_command"), 2, "choose one");
        assertOneLineError(Myflame.run("collapse", "--no-such-flag", script.toString()), 2, "no-such-flag");
        assertOneLineError(Myflame.run("report", script.toString(), "--hide", "("), 2, "regular expression");
    }

    /** Errors the library raises (no command re-wraps them) reach the user the same way. */
    @Test
    void libraryErrorsReachMainAsTheirKind() throws Exception {
        assertOneLineError(Myflame.run("flamegraph", script.toString(), "-o", tmp.resolve("x.svg").toString(), "--colors", "pink"),
                2, "myflame flamegraph: ", "unknown palette 'pink'");
        assertOneLineError(Myflame.run("diff", script.toString(), script.toString(), "--per", "hour"), 2, "myflame diff: ", "--per");
        assertOneLineError(Myflame.run("record", "--out", tmp.resolve("cap").toString(), "--server-opt", "no such=1"),
                2, "myflame record: ", "NAME=VALUE");
        assertOneLineError(Myflame.run("record", "--out", tmp.resolve("cap").toString(), "--call-graph", "magic"),
                2, "myflame record: ", "--call-graph");
        Path rows = Files.writeString(tmp.resolve("bad.rows"), "# only a comment\n");
        assertOneLineError(Myflame.run("report", script.toString(), "--rows", rows.toString()), 1, "myflame report: ", rows.toString());
        Path configs = Files.writeString(tmp.resolve("bad.ini"), "[a]\ncolour = blue\n");
        assertOneLineError(Myflame.run("sweep", "--out", tmp.resolve("sweep").toString(), "--configs", configs.toString()),
                1, "myflame sweep: ", "unknown key 'colour'");
        Path cats = Files.writeString(tmp.resolve("bad.yaml"), "categories: 7\n");
        assertOneLineError(Myflame.run("categories", script.toString(), "--categories", cats.toString()), 1, "myflame categories: ");
    }

    @Test
    void unknownFocusFunctionIsBadData() throws Exception {
        assertOneLineError(Myflame.run("report", script.toString(), "--focus", "no_such_function"), 1, "no_such_function");
    }

    @Test
    void failedRunLeavesNoOutputFileAndKeepsAnOldOne() throws Exception {
        Path empty = Files.createFile(tmp.resolve("empty2.txt"));
        Path out = tmp.resolve("out.folded");
        assertEquals(1, Myflame.run("collapse", empty.toString(), "-o", out.toString()).exit());
        assertFalse(Files.exists(out));
        Files.writeString(out, "previous\n");
        assertEquals(1, Myflame.run("collapse", empty.toString(), "-o", out.toString()).exit());
        assertEquals("previous\n", Files.readString(out));
        try (var s = Files.list(tmp)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "temp file left behind");
        }
    }

    private static int indexOfFrameLine(List<String> ls, int from) {
        for (int i = from; i < ls.size(); i++) {
            if (ls.get(i).startsWith("\t") && !ls.get(i - 1).isEmpty() && !ls.get(i - 1).startsWith("\t")) {
                return i + 1;
            }
        }
        throw new IllegalStateException("no frame line after " + from);
    }
}
