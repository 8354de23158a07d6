package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xml.sax.InputSource;

/** {@code myflame flamegraph} run as a process on the real captures and on a real JFR recording. */
class FlamegraphIT {
    static Path capture(String name) {
        return Myflame.samples().resolve("captures").resolve(name).resolve("perf.script.gz");
    }

    static void wellFormed(Path svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.newDocumentBuilder().parse(new InputSource(new StringReader(Files.readString(svg))));
    }

    @Test
    void svgIsWellFormedDeterministicAndHonoursFilters(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("a.svg");
        Path b = dir.resolve("b.svg");
        String in = capture("mariadb-10.11-oltp_delete").toString();
        for (Path out : new Path[] {a, b}) {
            Myflame.Result r = Myflame.run("flamegraph", in, "-o", out.toString(), "--colors", "mysql", "--hash",
                    "--title", "oltp_delete <10.11>", "--rename", "^mysql_delete$=DELETE&", "--hide", "^\\[unknown\\]$");
            assertEquals(0, r.exit(), r.err());
        }
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b), "byte-identical SVG");
        wellFormed(a);
        String svg = Files.readString(a);
        assertTrue(svg.contains("data-n='DELETE&amp;'"), "renamed frame, escaped");
        assertFalse(svg.contains("data-n='mysql_delete'"));
        assertFalse(svg.contains("data-n='[unknown]'"));
        assertTrue(svg.contains("oltp_delete &lt;10.11&gt;"));
        assertTrue(svg.contains(">InnoDB</text>"), "mysql palette legend");
    }

    /**
     * A flame chart draws stacks in the order first seen, so it must not depend on which parser thread took which
     * block: two runs with two threads give the bytes one thread gives, from perf script text (a capture
     * directory) and from a perf.data (two decoders). Before, every run of either drew a different chart.
     */
    @Test
    void aFlameChartIsTheSameOnEveryRunAndWithAnyThreadCount(@TempDir Path dir) throws Exception {
        Path data = Myflame.unpackedPerfData("mariadb-11.4.5-oltp_delete", dir.resolve("perf.data"));
        Files.copy(capture("mariadb-11.4.5-oltp_delete").resolveSibling("perf.data.symbols.gz"),
                dir.resolve("perf.data.symbols.gz"));
        for (String in : new String[] {capture("mariadb-11.4.5-oltp_delete").getParent().toString(), data.toString()}) {
            Path one = dir.resolve("one.svg");
            assertEquals(0, Myflame.run("flamegraph", in, "--flamechart", "--threads", "1", "-o", one.toString()).exit());
            for (int run = 0; run < 2; run++) {
                Path two = dir.resolve("two.svg");
                Myflame.Result r = Myflame.run("flamegraph", in, "--flamechart", "--threads", "2", "-o", two.toString());
                assertEquals(0, r.exit(), r.err());
                assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(two), in + ", run " + run);
            }
        }
    }

    @Test
    void focusReverseIcicleAndMinwidth(@TempDir Path dir) throws Exception {
        String in = capture("mariadb-10.11-oltp_delete").toString();
        Path focus = dir.resolve("focus.svg");
        assertEquals(0, Myflame.run("flamegraph", in, "--focus", "mysql_delete", "-o", focus.toString()).exit());
        assertTrue(Files.readString(focus).contains("<g class='f' data-n='mysql_delete'"));
        Path rev = dir.resolve("rev.svg");
        assertEquals(0, Myflame.run("flamegraph", in, "--reverse", "--icicle", "--minwidth", "3", "-o", rev.toString()).exit());
        wellFormed(rev);
        assertTrue(Files.readString(rev).contains("narrower than 3 px not drawn"));
    }

    @Test
    void differentialOfTwoServerVersions(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("diff.svg");
        Myflame.Result r = Myflame.run("flamegraph", "--diff", capture("mariadb-10.2.11-oltp_delete").toString(),
                capture("mariadb-11.4.5-oltp_delete").toString(), "-o", out.toString(), "--widths", "base");
        assertEquals(0, r.exit(), r.err());
        wellFormed(out);
        String svg = Files.readString(out);
        assertTrue(svg.contains("data-t='base "), "tooltips carry base, new and change");
        assertTrue(svg.matches("(?s).*fill:rgb\\(255,\\d+,\\d+\\).*") && svg.matches("(?s).*fill:rgb\\(\\d+,\\d+,255\\).*"));
    }

    @Test
    void htmlFromPerfAndFromARealJfrRecording(@TempDir Path dir) throws Exception {
        Path html = dir.resolve("fg.html");
        assertEquals(0, Myflame.run("flamegraph", capture("mariadb-10.11-oltp_point_select").toString(),
                "-o", html.toString()).exit());
        String page = Files.readString(html);
        assertTrue(page.contains("async-profiler"), "the converter's page");
        assertTrue(frameNames(page).contains("dispatch_command"), "our frames in the converter's page");
        // Self-contained: nothing loaded from elsewhere (the converter's credit link is only a link).
        assertFalse(page.contains("<script src") || page.contains("<link ") || page.contains("@import")
                || page.matches("(?s).*(src=|url\\()['\"]?(https?:)?//.*"), "self-contained");

        Path jfr = record(dir);
        Path jhtml = dir.resolve("jfr.html");
        Myflame.Result r = Myflame.run("flamegraph", jfr.toString(), "-o", jhtml.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(frameNames(Files.readString(jhtml)).stream().anyMatch(n -> n.endsWith("Busy.spin")),
                "Busy.spin in the JFR page");
        Path jsvg = dir.resolve("jfr.svg");
        assertEquals(0, Myflame.run("flamegraph", jfr.toString(), "-o", jsvg.toString()).exit());
        assertTrue(Files.readString(jsvg).contains("data-n='Busy.spin'"));
    }

    /**
     * The frame names of a converter page: its {@code cpool} stores each name as the length of the
     * prefix it shares with the previous one (a character, offset by 32) and the rest.
     */
    private static java.util.List<String> frameNames(String page) {
        java.util.List<String> names = new java.util.ArrayList<>();
        int at = page.indexOf("const cpool = [");
        assertTrue(at >= 0, "no cpool in the page");
        String prev = "";
        for (String line : page.substring(at).lines().skip(1).toList()) {
            if (!line.startsWith("'")) {
                break;
            }
            // A JavaScript string literal: \\ and \' are escapes.
            String packed = line.substring(1, line.lastIndexOf('\'')).replaceAll("\\\\(.)", "$1");
            String name = names.isEmpty() ? packed : prev.substring(0, packed.charAt(0) - 32) + packed.substring(1);
            names.add(name);
            prev = name;
        }
        return names;
    }

    @Test
    void usageAndDataErrorsAreOneLineAndLeaveNoFile(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("x.svg");
        String in = capture("mariadb-10.11-oltp_delete").toString();
        Myflame.Result twoWithoutDiff = Myflame.run("flamegraph", "--diff", in, "-o", out.toString());
        assertEquals(2, twoWithoutDiff.exit());
        Myflame.Result palette = Myflame.run("flamegraph", in, "--colors", "pink", "-o", out.toString());
        assertEquals(2, palette.exit());
        assertTrue(palette.err().startsWith("myflame flamegraph: unknown palette 'pink'"), palette.err());
        Myflame.Result focus = Myflame.run("flamegraph", in, "--focus", "no_such_function", "-o", out.toString());
        assertEquals(1, focus.exit());
        Path notProfile = dir.resolve("x.bin");
        Files.write(notProfile, new byte[] {1, 0, 2, 0});
        Myflame.Result bad = Myflame.run("flamegraph", notProfile.toString(), "-o", out.toString());
        assertEquals(1, bad.exit());
        for (Myflame.Result r : new Myflame.Result[] {twoWithoutDiff, palette, focus, bad}) {
            assertFalse(r.hasStackTrace(), r.err());
        }
        assertFalse(Files.exists(out));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary files left behind");
        }
    }

    /** A real JFR recording of a tiny busy Java program, made by the JDK's flight recorder. */
    static Path record(Path dir) throws Exception {
        Path src = dir.resolve("Busy.java");
        Files.writeString(src, """
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
                """);
        Path jfr = dir.resolve("busy.jfr");
        Process p = new ProcessBuilder("java", "-XX:StartFlightRecording=filename=" + jfr + ",settings=profile",
                src.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("busy.log").toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        Files.delete(src);
        Files.delete(dir.resolve("busy.log"));
        return jfr;
    }
}
