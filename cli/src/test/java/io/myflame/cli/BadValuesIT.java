package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Values the adversarial run found accepted, crashing or misreported (issue 9), through the real
 * jar: option values, overflowing weights, damaged capture metadata, hostile names, control
 * characters, read errors without a file name.
 */
class BadValuesIT {
    @TempDir
    static Path tmp;
    static Path capture;
    static Path script;

    @BeforeAll
    static void realCapture() throws Exception {
        capture = Myflame.samples().resolve("captures/mariadb-10.11-oltp_point_select");
        script = tmp.resolve("point_select.perf.txt");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(capture.resolve("perf.script.gz")))) {
            Files.write(script, in.readAllBytes());
        }
    }

    private static Myflame.Result assertError(int exit, Myflame.Result r, String... fragments) {
        assertEquals(exit, r.exit(), r.err());
        assertFalse(r.hasStackTrace(), r.err());
        String first = r.err().lines().findFirst().orElse("");
        for (String f : fragments) {
            assertTrue(first.contains(f), "expected '" + f + "' in: " + r.err());
        }
        return r;
    }

    /** An option that does nothing in the mode chosen is a usage error, not silently ignored. */
    @Test
    void optionsThatDoNothingInTheModeChosenAreUsageErrors() throws Exception {
        String c = capture.toString();
        Path folded = tmp.resolve("two.folded");
        Files.writeString(folded, "mysqld;do_command;mysql_delete 42\nmysqld;do_command 7\n");
        String f = folded.toString();
        Path svg = tmp.resolve("never.svg");
        for (String flag : List.of("--widths=base", "--widths=new", "--no-normalize", "--by-comm", "--negate")) {
            assertError(2, Myflame.run("flamegraph", c, flag, "-o", svg.toString()), flag.replaceAll("=.*", ""), "--diff");
            assertError(2, Myflame.run("flamegraph", f, f, flag, "-o", svg.toString()), flag.replaceAll("=.*", ""), "--diff");
        }
        assertFalse(Files.exists(svg));
        assertError(2, Myflame.run("diff", f, f, "--counters"), "--counters", "capture");
        assertError(2, Myflame.run("diff", f, f, "--counters", "--format", "html"), "--counters", "capture");
        assertError(2, Myflame.run("report", c, "--depth", "3"), "--depth", "--focus");
        assertError(2, Myflame.run("report", c, "--top", "5", "--min", "1"), "--min", "--focus");
        Path rows = Files.writeString(tmp.resolve("one.rows"), "do_command\n");
        assertError(2, Myflame.run("diff", c, c, "--rows", rows.toString(), "--min", "1"), "--min", "--focus or --top");
        // In their mode they still work.
        assertEquals(0, Myflame.run("diff", c, c, "--counters").exit());
        assertEquals(0, Myflame.run("report", c, "--callers", "do_command", "--depth", "2").exit());
    }

    @Test
    void invalidOptionValuesAreUsageErrorsInEveryCommand() throws Exception {
        String c = capture.toString();
        assertError(2, Myflame.run("report", c, "--top", "-1"), "--top", "negative");
        assertError(2, Myflame.run("report", c, "--focus", "do_command", "--depth", "-1"), "--depth", "negative");
        assertError(2, Myflame.run("report", c, "--focus", "do_command", "--min", "NaN"), "--min", "finite");
        assertError(2, Myflame.run("diff", c, c, "--threshold", "NaN"), "--threshold", "finite");
        assertError(2, Myflame.run("report", c, "--tid", "-1"), "--tid", "negative");
        assertError(2, Myflame.run("flamegraph", c, "--minwidth", "Infinity"), "--minwidth", "finite");
        assertError(2, Myflame.run("flamegraph", c, "--minwidth", "-1%"), "--minwidth", "finite");
        assertError(2, Myflame.run("diff", c, c, "--top", "-3"), "--top", "negative");
        // Recording counts are at least 1, refused before anything starts.
        Path out = tmp.resolve("never");
        assertError(2, Myflame.run("record", "--out", out.toString(), "--threads", "0"), "--threads", "at least 1");
        assertError(2, Myflame.run("record", "--out", out.toString(), "--time", "0"), "--time", "at least 1");
        assertError(2, Myflame.run("sweep", "--out", out.toString(), "--threads", "1,0"), "--threads", "at least 1");
        assertFalse(Files.exists(out), "nothing is created for a refused command line");
        for (String cmd : List.of("collapse", "report", "flamegraph")) {
            assertError(2, Myflame.run(cmd, c, "--threads", "0"), "--threads", "between 1 and 256");
            assertError(2, Myflame.run(cmd, c, "--threads", "100000"), "--threads", "between 1 and 256");
        }
    }

    @Test
    void weightsPastTheLongRangeAreBadData() throws Exception {
        Path big = Files.writeString(tmp.resolve("big.folded"), "mysqld;do_command 9223372036854775808\n");
        assertError(1, Myflame.run("report", big.toString()), big.toString(), "9223372036854775808", "2^63-1");
        Path sum = Files.writeString(tmp.resolve("sum.folded"),
                "mysqld;do_command 9223372036854775807\nmysqld;dispatch_command 9223372036854775807\n");
        assertError(1, Myflame.run("report", sum.toString()), sum.toString(), "2^63-1");
        assertError(1, Myflame.run("flamegraph", sum.toString()), sum.toString(), "2^63-1");
        // A real capture whose first sample period is damaged past 2^64.
        String text = Files.readString(script, StandardCharsets.ISO_8859_1);
        String header = text.lines().findFirst().orElseThrow();
        String damaged = header.replaceFirst(":\\s+\\d+ ", ":    99999999999999999999 ");
        assertFalse(damaged.equals(header), header);
        Path p = tmp.resolve("period.perf.txt");
        Files.writeString(p, text.replaceFirst(java.util.regex.Pattern.quote(header), damaged), StandardCharsets.ISO_8859_1);
        assertError(1, Myflame.run("collapse", p.toString()), p.toString(), "2^63-1");
        assertError(1, Myflame.run("report", p.toString()), p.toString(), "2^63-1");
    }

    @Test
    void damagedCaptureMetadataIsReportedNotSkipped() throws Exception {
        Path deep = copyCapture("deep");
        Files.writeString(deep.resolve("capture.json"), "[".repeat(100_000) + "]".repeat(100_000));
        assertError(1, Myflame.run("report", deep.toString()), deep.resolve("capture.json").toString(), "JSON");
        Path array = copyCapture("array");
        Files.writeString(array.resolve("capture.json"), "[1, 2]");
        assertError(1, Myflame.run("report", array.toString()), array.resolve("capture.json").toString(), "object");
        // Repeats: a directory of captures, one of them with a corrupt capture.json.
        Path repeats = Files.createDirectory(tmp.resolve("repeats"));
        Path good = copyCapture("repeats/run1");
        Path bad = copyCapture("repeats/run2");
        Files.writeString(bad.resolve("capture.json"), "{\"server\": ");
        assertTrue(Files.isDirectory(good));
        assertError(1, Myflame.run("diff", repeats.toString(), capture.toString()), bad.resolve("capture.json").toString());
    }

    @Test
    void incompleteCapturesAreWarnedByEveryReader() throws Exception {
        Path dir = copyCapture("incomplete");
        Files.writeString(dir.resolve("capture.json"), "{\"schema\": 1, \"incomplete\": \"interrupted (SIGINT)\"}");
        for (List<String> args : List.of(List.of("report", dir.toString(), "--top", "3"),
                List.of("diff", dir.toString(), capture.toString(), "--top", "3"),
                List.of("flamegraph", dir.toString(), "-o", tmp.resolve("inc.svg").toString()))) {
            Myflame.Result r = Myflame.run(args.toArray(String[]::new));
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.err().contains("warning: " + dir + ": incomplete capture (interrupted (SIGINT))"),
                    args + ": " + r.err());
        }
    }

    /** A capture that never got its samples says so, whether it has a damaged perf.data or none at all. */
    @Test
    void incompleteCapturesWithoutSamplesSayWhy() throws Exception {
        Path only = Files.createDirectories(tmp.resolve("only-json"));
        Files.writeString(only.resolve("capture.json"), "{\"schema_version\": 1, \"incomplete\": \"perf record failed\"}");
        assertError(1, Myflame.run("report", only.toString()), only + ": incomplete capture (perf record failed): no samples to read");
        Path bare = Files.createDirectories(tmp.resolve("bare-json"));
        Files.writeString(bare.resolve("capture.json"), "{\"schema_version\": 1}");
        assertError(1, Myflame.run("report", bare.toString()), bare + ": incomplete capture (capture.json but no ");
        Path cut = Files.createDirectories(tmp.resolve("cut-data"));
        Files.writeString(cut.resolve("capture.json"), "{\"schema_version\": 1, \"incomplete\": \"interrupted (SIGINT)\"}");
        Files.write(cut.resolve("perf.data"), "PERFILE2".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        assertError(1, Myflame.run("report", cut.toString()), cut + ": incomplete capture (interrupted (SIGINT)): no samples to read");
    }

    @Test
    void badRenameReferencesAreUsageErrors() throws Exception {
        assertError(2, Myflame.run("report", capture.toString(), "--rename", "a=$9"), "no group 9");
        assertError(2, Myflame.run("report", capture.toString(), "--rename", "(a)=${nosuch}"), "nosuch");
        assertError(2, Myflame.run("flamegraph", capture.toString(), "--rename", "a=$"), "group");
    }

    @Test
    void controlCharactersFromInputAreShownEscaped() throws Exception {
        Path esc = tmp.resolve("esc.txt");
        Files.write(esc, "\u001b[31mred\u0007 text\nnot a profile\n".getBytes(StandardCharsets.UTF_8));
        Myflame.Result r = assertError(1, Myflame.run("collapse", esc.toString()), esc + ":1", "\\x1b[31mred\\x07");
        assertFalse(r.err().contains("\u001b") || r.err().contains("\u0007"), r.err());
    }

    @Test
    void readErrorsNameTheFile() throws Exception {
        byte[] gz = Files.readAllBytes(capture.resolve("perf.script.gz"));
        Path cut = tmp.resolve("cut.perf.gz");
        Files.write(cut, java.util.Arrays.copyOf(gz, gz.length / 2));
        assertError(1, Myflame.run("collapse", cut.toString()), cut.toString(), "gzip");
        assertError(1, Myflame.run("report", cut.toString()), cut.toString(), "gzip");
        assertError(1, Myflame.run("report", capture.toString(), "--rows", tmp.toString()), tmp.toString());
        Path latin1 = tmp.resolve("latin1.rows");
        Files.write(latin1, new byte[] {'c', 'a', 'f', (byte) 0xe9, '\n'});
        assertError(1, Myflame.run("report", capture.toString(), "--rows", latin1.toString()), latin1.toString(), "UTF-8");
    }

    @Test
    void rowFileMayStartWithAByteOrderMark() throws Exception {
        Path rows = tmp.resolve("bom.rows");
        Files.write(rows, "\uFEFFdo_command\n  dispatch_command\n".getBytes(StandardCharsets.UTF_8));
        Myflame.Result r = Myflame.run("report", capture.toString(), "--rows", rows.toString(), "--format", "csv");
        assertEquals(0, r.exit(), r.err());
        String first = r.out().lines().filter(l -> l.contains("do_command")).findFirst().orElse("");
        assertFalse(first.contains("\uFEFF"), first);
        assertFalse(first.endsWith(","), "do_command not found: " + r.out());
    }

    @Test
    void noSamplesNamesOnlyTheFiltersGiven() throws Exception {
        Path zero = Files.writeString(tmp.resolve("zero.folded"), "mysqld;do_command 0\n");
        Myflame.Result r = assertError(1, Myflame.run("report", zero.toString()), "no samples in " + zero);
        assertFalse(r.err().contains("filter"), r.err());
        assertError(1, Myflame.run("report", capture.toString(), "--comm", "nosuchcomm"), "after --comm filter");
    }

    @Test
    void sweepSectionNamesCannotLeaveOut() throws Exception {
        for (String name : List.of("..", ".", ".hidden")) {
            Path ini = Files.writeString(tmp.resolve("sweep.ini"), "[" + name + "]\nserver-opt = --skip-log-bin\n");
            Path out = tmp.resolve("sweep-out");
            assertError(1, Myflame.run("sweep", "--configs", ini.toString(), "--out", out.toString()),
                    "configuration name", "[" + name + "]");
            assertFalse(Files.exists(out), "sweep started before checking its configurations");
        }
    }

    private static Path copyCapture(String name) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        for (String f : List.of("capture.json", "stacks.folded.gz")) {
            Files.copy(capture.resolve(f), dir.resolve(f));
        }
        return dir;
    }
}
