package io.myflame.cli;

import static io.myflame.cli.FlamegraphIT.capture;
import static io.myflame.cli.FlamegraphIT.wellFormed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code myflame flamegraph} with the options users know from flamegraph.pl and inferno, PNG output,
 * summed inputs, differential modes and stacks 100,000 frames deep, run as a process on the real captures.
 */
class FlamegraphOptionsIT {
    @Test
    void pngIsTheDrawingWithItsColours(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("fg.png");
        Myflame.Result r = Myflame.run("flamegraph", capture("mariadb-10.11-oltp_delete").toString(), "-o",
                png.toString(), "--colors", "mysql", "--width", "900");
        assertEquals(0, r.exit(), r.err());
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(png.toFile());
        assertEquals(900, img.getWidth());
        assertTrue(img.getHeight() > 200);
        java.util.Set<Integer> colours = new java.util.HashSet<>();
        for (int x = 0; x < img.getWidth(); x++) {
            for (int y = 0; y < img.getHeight(); y += 3) {
                colours.add(img.getRGB(x, y) & 0xffffff);
            }
        }
        for (io.myflame.core.flame.MysqlLayer layer : new io.myflame.core.flame.MysqlLayer[] {
                io.myflame.core.flame.MysqlLayer.INNODB, io.myflame.core.flame.MysqlLayer.SQL}) {
            assertTrue(colours.contains(layer.base().getRGB() & 0xffffff), layer + " in the legend");
        }
        Path diff = dir.resolve("diff.png");
        assertEquals(0, Myflame.run("flamegraph", "--diff", capture("mariadb-10.2.11-oltp_delete").toString(),
                capture("mariadb-11.4.5-oltp_delete").toString(), "-o", diff.toString()).exit());
        assertEquals(1200, javax.imageio.ImageIO.read(diff.toFile()).getWidth());
    }

    @Test
    void optionsUsersTypeFromFlamegraphPl(@TempDir Path dir) throws Exception {
        String in = capture("mariadb-10.11-oltp_delete").toString();
        Path out = dir.resolve("o.svg");
        Myflame.Result r = Myflame.run("flamegraph", in, "-o", out.toString(), "--countname", "cycles",
                "--nametype", "Func:", "--notes", "run 7", "--fonttype", "DejaVu Sans", "--fontsize", "14",
                "--fontwidth", "0.6", "--height", "20", "--factor", "0.5", "--bgcolors", "blue", "--search-color",
                "#00ff00", "--stroke-color", "#101010", "--truncate-text-right", "--minwidth", "0.5%",
                "--colors", "java", "--total", "1");
        assertEquals(0, r.exit(), r.err());
        wellFormed(out);
        String svg = Files.readString(out);
        for (String want : new String[] {"data-unit='cycles'", "data-nametype='Func:'", "<!-- NOTES: run 7 -->",
                "'DejaVu Sans'", "data-factor='0.5'", "linearGradient", "fill: rgb(0,255,0)", "stroke: rgb(16,16,16)",
                "data-truncate='right'", "narrower than 0.5% of the total not drawn"}) {
            assertTrue(svg.contains(want), want);
        }
        Path noJs = dir.resolve("nojs.svg");
        assertEquals(0, Myflame.run("flamegraph", in, "-o", noJs.toString(), "--no-javascript").exit());
        assertFalse(Files.readString(noJs).contains("<script"));
        for (String[] bad : new String[][] {{"--minwidth", "x%"}, {"--bgcolors", "pink"}, {"--colors", "teal"},
                {"--search-color", "green"}, {"--height", "1"}}) {
            Myflame.Result e = Myflame.run("flamegraph", in, "-o", out.toString(), bad[0], bad[1]);
            assertEquals(2, e.exit(), String.join(" ", bad) + ": " + e.err());
            assertFalse(e.hasStackTrace(), e.err());
        }
    }

    @Test
    void severalInputsAreSummedAndReverseKeepsTheThreadDeepest(@TempDir Path dir) throws Exception {
        String a = capture("mariadb-10.11-oltp_delete").toString();
        String b = capture("mariadb-10.11-oltp_point_select").toString();
        Path one = dir.resolve("one.svg");
        Path two = dir.resolve("two.svg");
        assertEquals(0, Myflame.run("flamegraph", a, "-o", one.toString()).exit());
        Myflame.Result r = Myflame.run("flamegraph", a, b, "-o", two.toString());
        assertEquals(0, r.exit(), r.err());
        Path pointSelect = dir.resolve("ps.svg");
        assertEquals(0, Myflame.run("flamegraph", b, "-o", pointSelect.toString()).exit());
        assertEquals(rootWeight(one) + rootWeight(pointSelect), rootWeight(two), "the sum of both inputs");
        Path rev = dir.resolve("rev.svg");
        assertEquals(0, Myflame.run("flamegraph", a, "--reverse", "--minwidth", "0", "-o", rev.toString()).exit());
        Path all = dir.resolve("all.svg");
        assertEquals(0, Myflame.run("flamegraph", a, "--minwidth", "0", "-o", all.toString()).exit());
        java.util.Set<String> threads = new java.util.HashSet<>();
        for (org.w3c.dom.Element t : frames(all)) {
            if (((org.w3c.dom.Element) t.getParentNode()).getAttribute("data-n").equals("all")) {
                threads.add(t.getAttribute("data-n"));
            }
        }
        int leaves = 0;
        for (org.w3c.dom.Element g : frames(rev)) {
            if (frames(g).isEmpty()) {
                leaves++;
                assertTrue(threads.contains(g.getAttribute("data-n")), "deepest frame is a thread: " + g.getAttribute("data-n"));
            }
        }
        assertTrue(leaves > 0);
    }

    private static java.util.List<org.w3c.dom.Element> frames(Path svg) throws Exception {
        return frames(javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile())
                .getDocumentElement());
    }

    /** Frames (g.f) below an element. */
    private static java.util.List<org.w3c.dom.Element> frames(org.w3c.dom.Element root) {
        java.util.List<org.w3c.dom.Element> out = new java.util.ArrayList<>();
        var groups = root.getElementsByTagName("g");
        for (int i = 0; i < groups.getLength(); i++) {
            org.w3c.dom.Element g = (org.w3c.dom.Element) groups.item(i);
            if (g.getAttribute("class").equals("f")) {
                out.add(g);
            }
        }
        return out;
    }

    private static long rootWeight(Path svg) throws Exception {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("data-total='(\\d+)'").matcher(Files.readString(svg));
        assertTrue(m.find());
        return Long.parseLong(m.group(1));
    }

    @Test
    void differentialModesFocusAndCostPerTransaction(@TempDir Path dir) throws Exception {
        Path base = Myflame.samples().resolve("captures").resolve("mariadb-10.2.11-oltp_delete");
        Path next = Myflame.samples().resolve("captures").resolve("mariadb-11.4.5-oltp_delete");
        Path byFunction = dir.resolve("f.svg");
        Myflame.Result r = Myflame.run("flamegraph", "--diff", base.toString(), next.toString(), "-o", byFunction.toString());
        assertEquals(0, r.exit(), r.err());
        String f = Files.readString(byFunction);
        assertTrue(f.contains("change of its function"), "different versions: by function by default");
        assertTrue(f.matches("(?s).*>[-+]\\d+\\.\\d\\d% (grew|shrank)</text>.*"), "legend with magnitudes");
        Path byPath = dir.resolve("p.svg");
        assertEquals(0, Myflame.run("flamegraph", "--diff", base.toString(), next.toString(), "--diff-mode", "by-path",
                "-o", byPath.toString()).exit());
        assertTrue(Files.readString(byPath).contains("change of its call path"));
        Path cost = dir.resolve("c.svg");
        r = Myflame.run("flamegraph", "--diff", base.toString(), next.toString(), "--per", "txn", "--focus",
                "mysql_execute_command", "-o", cost.toString());
        assertEquals(0, r.exit(), r.err());
        String c = Files.readString(cost);
        assertTrue(c.contains("\u00b5s/txn, new "), "tooltips in CPU cost per transaction");
        assertTrue(c.contains("<g class='f' data-n='mysql_execute_command'"), "focused on the function");
        Myflame.Result noTxns = Myflame.run("flamegraph", "--diff", capture("mariadb-10.2.11-oltp_delete").toString(),
                capture("mariadb-11.4.5-oltp_delete").toString(), "--per", "txn", "-o", cost.toString());
        assertEquals(1, noTxns.exit(), noTxns.err());
        assertTrue(noTxns.err().contains("transactions unknown"), noTxns.err());
        Myflame.Result given = Myflame.run("flamegraph", "--diff", capture("mariadb-10.2.11-oltp_delete").toString(),
                capture("mariadb-11.4.5-oltp_delete").toString(), "--per", "txn", "--txns", "1000,2000", "-o", cost.toString());
        assertEquals(0, given.exit(), given.err());
    }

    @Test
    void consistentPaletteKeepsColoursAcrossGraphs(@TempDir Path dir) throws Exception {
        Path map = dir.resolve("palette.map");
        Path a = dir.resolve("a.svg");
        Path b = dir.resolve("b.svg");
        assertEquals(0, Myflame.run("flamegraph", capture("mariadb-10.11-oltp_delete").toString(), "--cp",
                "--palette-file", map.toString(), "-o", a.toString()).exit());
        assertTrue(Files.readString(map).contains("do_command->rgb("));
        assertEquals(0, Myflame.run("flamegraph", capture("mariadb-10.11-oltp_point_select").toString(), "--cp",
                "--palette-file", map.toString(), "-o", b.toString(), "--colors", "blue").exit());
        String colourA = fillOf(Files.readString(a), "do_command");
        assertEquals(colourA, fillOf(Files.readString(b), "do_command"), "do_command keeps its colour");
    }

    private static String fillOf(String svg, String name) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("data-n='" + name + "'[^>]*><rect [^>]*style='(fill:[^;']+)")
                .matcher(svg);
        assertTrue(m.find(), name);
        return m.group(1);
    }

    /** A runaway recursion 100,000 frames deep, as folded stacks (issue 9 saw overflows past ~3,500). */
    @Test
    void stacksAHundredThousandFramesDeep(@TempDir Path dir) throws Exception {
        StringBuilder sb = new StringBuilder("mysqld;main");
        for (int i = 0; i < 100_000; i++) {
            sb.append(i % 2 == 0 ? ";Item_func::val_int" : ";Item_cond::val_bool");
        }
        Path folded = dir.resolve("deep.folded");
        // A short line first: input sniffing reads the file's start (see the report on long first lines).
        Files.writeString(folded, "mysqld;main;do_command 3\n" + sb + " 7\n");
        Path other = dir.resolve("other.folded");
        Files.writeString(other, "mysqld;main;do_command 8\n" + sb + " 2\n");
        for (String[] args : new String[][] {{"-o", "d.svg"}, {"-o", "d.html"}, {"--reverse", "-o", "r.svg"},
                {"--flamechart", "-o", "c.svg"}}) {
            String[] full = new String[args.length + 2];
            full[0] = "flamegraph";
            full[1] = folded.toString();
            System.arraycopy(args, 0, full, 2, args.length);
            full[full.length - 1] = dir.resolve(args[args.length - 1]).toString();
            Myflame.Result r = Myflame.run(full);
            assertEquals(0, r.exit(), String.join(" ", args) + ": " + r.err());
            assertFalse(r.hasStackTrace(), r.err());
        }
        Myflame.Result d = Myflame.run("flamegraph", "--diff", folded.toString(), other.toString(), "-o",
                dir.resolve("diff.svg").toString());
        assertEquals(0, d.exit(), d.err());
        Myflame.Result html = Myflame.run("diff", folded.toString(), other.toString(), "--format", "html", "-o",
                dir.resolve("diff.html").toString());
        assertEquals(0, html.exit(), html.err());
        Myflame.Result png = Myflame.run("flamegraph", folded.toString(), "-o", dir.resolve("d.png").toString());
        assertEquals(1, png.exit(), "too tall for a PNG: a data error, not a crash");
        assertTrue(png.err().startsWith("myflame flamegraph: ") && png.err().contains("too large"), png.err());
        assertFalse(Files.exists(dir.resolve("d.png")));
    }
}
