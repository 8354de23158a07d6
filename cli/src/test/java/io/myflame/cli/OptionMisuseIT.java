package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Option values and combinations of the analysis commands (issues 36 and 37), through the real jar:
 * every number option refuses what is not a number in words, decimals are bounded to what can be
 * drawn, names are never blank, options before the command are pointed after it, and a write error
 * names the file written.
 */
class OptionMisuseIT {
    @TempDir
    static Path tmp;

    static final String NEW = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete").toString();
    static final String OLD = Myflame.samples().resolve("captures/mariadb-10.2.11-oltp_delete").toString();

    private static Myflame.Result assertUsage(Myflame.Result r, String... fragments) {
        assertEquals(2, r.exit(), r.err());
        assertFalse(r.hasStackTrace(), r.err());
        assertFalse(r.err().contains("Exception") || r.err().contains("java."), r.err());
        String first = r.err().lines().findFirst().orElse("");
        for (String f : fragments) {
            assertTrue(first.contains(f), "expected '" + f + "' in: " + r.err());
        }
        return r;
    }

    /** {@code --top five} printed java.lang.NumberFormatException; every number option now says what it wanted. */
    @Test
    void numberOptionsRefuseWhatIsNotANumberInWords() throws Exception {
        for (String bad : List.of("", "abc", "5.0", "1e3", "0x10", "five")) {
            assertUsage(Myflame.run("report", NEW, "--top", bad), "--top", "'" + bad + "'", "not a whole number");
            assertUsage(Myflame.run("diff", OLD, NEW, "--top", bad), "--top", "'" + bad + "'", "not a whole number");
        }
        assertUsage(Myflame.run("report", NEW, "--top", "99999999999999999999"), "--top", "too large");
        List<List<String>> cases = List.of(
                List.of("report", NEW, "--focus", "do_command", "--depth", "x"),
                List.of("report", NEW, "--tid", "1.5"),
                List.of("report", NEW, "--focus", "do_command", "--min", "abc"),
                List.of("diff", OLD, NEW, "--threshold", "1d"),
                List.of("diff", OLD, NEW, "--per", "txn", "--txns", "5", "--txns", "ten"),
                List.of("flamegraph", NEW, "--width", "wide"),
                List.of("flamegraph", NEW, "--fontsize", "0x1p3"),
                List.of("flamegraph", NEW, "--total", "1e9"),
                List.of("collapse", NEW, "--threads", "two"),
                List.of("record", "--out", tmp.resolve("never").toString(), "--tables", "many"),
                List.of("record", "--out", tmp.resolve("never").toString(), "--warmup", "5s"),
                List.of("sweep", "--out", tmp.resolve("never").toString(), "--threads", "1,x"));
        for (List<String> args : cases) {
            String option = args.get(args.size() - 2);
            String value = args.get(args.size() - 1).replaceFirst("^1,", "");
            assertUsage(Myflame.run(args.toArray(String[]::new)), option, value);
        }
        assertFalse(Files.exists(tmp.resolve("never")));
    }

    /** {@code --scale 1e308} drew Infinity colours and legend; decimals are bounded to what can be drawn. */
    @Test
    void decimalsAreBoundedToSaneRanges() throws Exception {
        Path svg = tmp.resolve("scale.svg");
        for (String scale : List.of("1e308", "0", "1e13")) {
            assertUsage(Myflame.run("flamegraph", "--diff", OLD, NEW, "--scale", scale, "-o", svg.toString()),
                    "--scale", "'" + scale + "'");
        }
        assertUsage(Myflame.run("flamegraph", NEW, "--factor", "1e300", "-o", svg.toString()), "--factor", "1e300");
        assertUsage(Myflame.run("report", NEW, "--focus", "do_command", "--min", "1e3"), "--min", "percentage");
        assertUsage(Myflame.run("diff", OLD, NEW, "--focus", "do_command", "--min", "101"), "--min", "percentage");
        assertFalse(Files.exists(svg));
        Myflame.Result ok = Myflame.run("flamegraph", "--diff", OLD, NEW, "--scale", "5", "-o", svg.toString());
        assertEquals(0, ok.exit(), ok.err());
        assertFalse(Files.readString(svg).contains("Infinity"));
    }

    /** {@code --alias ' = '} joined functions under a name of spaces; --label ' ' named a column so. */
    @Test
    void namesAreNeverBlank() throws Exception {
        for (String alias : List.of(" = ", "x= ", " =x", "=x", "x=")) {
            assertUsage(Myflame.run("diff", OLD, NEW, "--alias", alias), "--alias", "'" + alias + "'");
            assertUsage(Myflame.run("report", NEW, "--alias", alias), "--alias", "'" + alias + "'");
        }
        assertUsage(Myflame.run("diff", OLD, NEW, "--label", " ", "--label", "b"), "--label", "empty");
        assertUsage(Myflame.run("diff", "--label", " =" + OLD, "--label", "b=" + NEW), "--label");
    }

    @Test
    void optionsBeforeTheCommandArePointedAfterIt() throws Exception {
        Myflame.Result r = assertUsage(Myflame.run("--top", "5", "report", NEW),
                "myflame: options go after the command: myflame report --top 5 " + NEW);
        assertEquals(2, r.err().lines().count(), r.err());
        // Without a command after them, an unknown option is still just that.
        assertUsage(Myflame.run("--tpo"), "Unknown option");
    }

    /**
     * diff's help and docs say --min works with --top; the tool refused it. Now the functions below PCT in
     * every input are left out first, then the N largest changes are taken.
     */
    @Test
    void diffMinWorksWithTopAsDocumented() throws Exception {
        JsonNode all = json("diff", OLD, NEW, "--top", "0", "--format", "json");
        JsonNode big = json("diff", OLD, NEW, "--top", "0", "--min", "5", "--format", "json");
        JsonNode five = json("diff", OLD, NEW, "--top", "3", "--min", "5", "--format", "json");
        assertTrue(big.get("changed").size() < all.get("changed").size(), big.toString());
        assertTrue(big.get("changed").size() > 3, big.toString());
        for (JsonNode row : big.get("changed")) {
            double max = 0;
            for (JsonNode v : row.get("values")) {
                max = Math.max(max, v.asDouble());
            }
            assertTrue(max >= 5, row.toString());
        }
        assertEquals(3, five.get("changed").size());
        for (int i = 0; i < 3; i++) {
            assertEquals(big.get("changed").get(i).get("function"), five.get("changed").get(i).get("function"));
        }
        // --rows has no use for it: still refused.
        Path rows = Files.writeString(tmp.resolve("r.rows"), "do_command\n");
        assertUsage(Myflame.run("diff", OLD, NEW, "--rows", rows.toString(), "--min", "1"), "--min");
    }

    /** {@code -o /dev/full} said "No space left on device" without the file; every output's write error names it. */
    @Test
    void writeErrorsNameTheFile() throws Exception {
        Myflame.Result r = Myflame.run("report", NEW, "-o", "/dev/full");
        assertEquals(1, r.exit(), r.err());
        assertEquals("myflame report: I/O error: writing /dev/full: no space left on device", r.err().strip());
        Path full = tmp.resolve("full.svg");
        Files.createSymbolicLink(full, Path.of("/dev/full"));
        Myflame.Result g = Myflame.run("flamegraph", NEW, "-o", full.toString());
        assertEquals(1, g.exit(), g.err());
        assertTrue(g.err().contains("writing " + full + ": no space left on device"), g.err());
        Path chart = tmp.resolve("full.png");
        Files.createSymbolicLink(chart, Path.of("/dev/full"));
        Myflame.Result c = Myflame.run("diff", OLD, NEW, "-q", "--chart", chart.toString(), "-o", tmp.resolve("t.txt").toString());
        assertEquals(1, c.exit(), c.err());
        assertTrue(c.err().contains("writing " + chart + ": no space left on device"), c.err());
        try (SmallFileSystem fs = SmallFileSystem.mount(tmp.resolve("small"), "64k")) {
            Files.write(fs.dir().resolve("filler"), new byte[60 * 1024]);
            Path png = fs.dir().resolve("series.png");
            Myflame.Result d = Myflame.run("diff", OLD, NEW, "-q", "--chart", png.toString());
            assertEquals(1, d.exit(), d.err());
            assertTrue(d.err().contains(png.toString()), d.err());
            assertFalse(Files.exists(png));
        }
    }

    private static JsonNode json(String... args) throws Exception {
        List<String> a = new ArrayList<>(List.of(args));
        a.add("-q");
        Myflame.Result r = Myflame.run(a.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        return new ObjectMapper().readTree(r.out());
    }
}
