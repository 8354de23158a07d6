package io.myflame.core.flame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.analysis.CallTrees;
import io.myflame.core.analysis.ProfileFilter;
import io.myflame.core.model.Profile;
import io.myflame.core.text.UnifiedDiff;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The SVG renderer on folded stacks collapsed from the compat suite's perf script files and from a
 * real MariaDB capture: golden files, well-formed XML, geometry invariants, escaping, determinism.
 */
class SvgFlameGraphTest {
    static final Path GOLDEN = Path.of("src/test/resources/flame/golden");
    static final double EPS = 0.011;

    static String render(Profile p, FlameOptions o, boolean byComm) throws Exception {
        StringWriter w = new StringWriter();
        new SvgFlameGraph(o).write(CallTrees.full(p, byComm), w);
        return w.toString();
    }

    /** Golden name encodes the options, as pprof and inferno name theirs. */
    static List<Object[]> goldenCases() {
        FlameOptions d = FlameOptions.defaults();
        List<Object[]> cases = new ArrayList<>();
        cases.add(new Object[] {"dd-stacks.folded", "dd-stacks-hot.svg", d});
        cases.add(new Object[] {"java-faults.folded", "java-faults-mysql-hash-inverted-titled.svg",
                d.withStyle(Palette.MYSQL.style(true)).withInverted(true).withTitle("Java <faults> & more")
                        .withSubtitle("perf-java-faults-01 via myflame collapse")});
        cases.add(new Object[] {"point-select.folded", "point-select-mysql-minwidth1.svg",
                d.withStyle(Palette.MYSQL.style(false)).withMinWidth(1).withUnit("cpu-clock period")});
        cases.add(new Object[] {"point-select.folded", "point-select-io-width800.svg",
                d.withStyle(Palette.IO.style(false)).withWidth(800)});
        return cases;
    }

    @Test
    void matchesGoldenFiles() throws Exception {
        boolean update = Boolean.getBoolean("myflame.update");
        List<String> failures = new ArrayList<>();
        for (Object[] c : goldenCases()) {
            String svg = render(Fixtures.folded((String) c[0]), (FlameOptions) c[2], true);
            Path golden = GOLDEN.resolve((String) c[1]);
            if (update) {
                Files.createDirectories(GOLDEN);
                Files.writeString(golden, svg);
            } else if (!Files.exists(golden) || !Files.readString(golden).equals(svg)) {
                Files.writeString(Fixtures.target(c[1] + ".actual"), svg);
                failures.add(c[1] + " differs (see target/flame/" + c[1] + ".actual; -Dmyflame.update=true rewrites):\n"
                        + UnifiedDiff.of(Files.exists(golden) ? Files.readString(golden) : "", svg));
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dd-stacks.folded", "java-faults.folded", "point-select.folded"})
    void childrenFitParentsSiblingsDoNotOverlapWidthIsWeight(String input) throws Exception {
        Profile p = Fixtures.folded(input);
        for (FlameOptions o : List.of(FlameOptions.defaults().withMinWidth(0), FlameOptions.defaults(),
                FlameOptions.defaults().withInverted(true).withWidth(700))) {
            SvgDocument svg = new SvgDocument(render(p, o, true));
            SvgDocument.Frame root = svg.root();
            assertEquals(p.totalWeight(), root.weight());
            assertEquals(o.width() - 2.0 * SvgFlameGraph.PAD, root.width(), EPS);
            double perWeight = root.width() / root.weight();
            root.forEach(f -> {
                assertEquals(f.weight() * perWeight, f.width(), EPS, f.name() + " width is not its weight");
                double end = f.x();
                long childWeight = 0;
                for (SvgDocument.Frame c : f.children()) {
                    assertTrue(c.width() <= f.width() + EPS, c.name() + " wider than its parent " + f.name());
                    assertTrue(c.x() >= end - EPS, c.name() + " overlaps its previous sibling");
                    assertTrue(c.x() + c.width() <= f.x() + f.width() + EPS, c.name() + " sticks out of " + f.name());
                    assertEquals(o.inverted() ? f.y() + 16 : f.y() - 16, c.y(), EPS, "callee drawn on its parent's row");
                    end = c.x() + c.width();
                    childWeight += c.weight();
                }
                assertTrue(childWeight <= f.weight());
            });
        }
    }

    @Test
    void minWidthPrunesAndSaysHowMany() throws Exception {
        Profile p = Fixtures.folded("point-select.folded");
        CallTree tree = CallTrees.full(p, true);
        SvgDocument all = new SvgDocument(render(p, FlameOptions.defaults().withMinWidth(0), true));
        SvgDocument pruned = new SvgDocument(render(p, FlameOptions.defaults().withMinWidth(5), true));
        int[] counts = new int[2];
        all.root().forEach(f -> counts[0]++);
        pruned.root().forEach(f -> {
            counts[1]++;
            assertTrue(f.width() >= 5 - EPS, f.name() + " narrower than 5 px");
        });
        assertEquals(tree.size(), counts[0], "every node drawn with --minwidth 0");
        assertTrue(counts[1] < counts[0]);
        String note = pruned.byId("pruned").getTextContent();
        assertEquals((counts[0] - counts[1]) + " frames narrower than 5 px not drawn", note);
        assertEquals(null, all.byId("pruned"));
    }

    @Test
    void siblingsInNameOrderAndDeterministic() throws Exception {
        Profile p = Fixtures.folded("point-select.folded");
        FlameOptions o = FlameOptions.defaults().withStyle(Palette.MYSQL.style(false));
        String first = render(p, o, true);
        assertEquals(first, render(Fixtures.folded("point-select.folded"), o, true), "same input, same bytes");
        new SvgDocument(first).root().forEach(f -> {
            List<String> names = f.children().stream().map(SvgDocument.Frame::name).toList();
            assertEquals(names.stream().sorted().toList(), names);
        });
        assertFalse(first.contains("jfreesvg:ref"), first.substring(0, 300));
    }

    @Test
    void hashColoursOneFunctionAlikeAcrossFiles() throws Exception {
        FlameOptions o = FlameOptions.defaults().withStyle(Palette.HOT.style(true));
        var fills = new java.util.HashMap<String, String>();
        for (String input : List.of("point-select.folded", "java-faults.folded", "dd-stacks.folded")) {
            new SvgDocument(render(Fixtures.folded(input), o, false)).root().forEach(f -> {
                String before = fills.putIfAbsent(f.name(), f.fill());
                assertTrue(before == null || before.equals(f.fill()), f.name() + " coloured twice differently");
            });
        }
    }

    @Test
    void namesWithMarkupStayText() throws Exception {
        // A real profile whose frames are renamed to names full of markup.
        Profile p = ScriptFrames.profile();
        String svg = render(p, FlameOptions.defaults().withTitle("<b>title</b> & \"quotes\"'"), false);
        SvgDocument doc = new SvgDocument(svg);
        List<String> names = new ArrayList<>();
        doc.root().forEach(f -> names.add(f.name()));
        assertTrue(names.contains(ScriptFrames.SCRIPT), names.toString());
        assertTrue(names.contains(ScriptFrames.CDATA), names.toString());
        assertTrue(names.stream().anyMatch(n -> n.contains("PolicyMutex<TTASEventMutex<GenericPolicy> >")));
        assertEquals("<b>title</b> & \"quotes\"'", doc.byId("title").getTextContent());
        assertEquals(1, count(svg, "<script>"), "only our own script element");
        assertEquals(1, count(doc.doc.getElementsByTagNameNS("*", "script").getLength()));
    }

    private static int count(String s, String needle) {
        return s.split(Pattern.quote(needle), -1).length - 1;
    }

    private static int count(int n) {
        return n;
    }

    @Test
    void mysqlPaletteSortsServerLayers() {
        assertEquals(MysqlLayer.INNODB, MysqlLayer.ofName("row_search_mvcc"));
        assertEquals(MysqlLayer.INNODB, MysqlLayer.ofName("ha_innobase::index_read"));
        assertEquals(MysqlLayer.INNODB, MysqlLayer.ofName("PolicyMutex<TTASEventMutex<GenericPolicy> >::enter"));
        assertEquals(MysqlLayer.BINLOG, MysqlLayer.ofName("MYSQL_BIN_LOG::commit"));
        assertEquals(MysqlLayer.BINLOG, MysqlLayer.ofName("binlog_log_row"));
        assertEquals(MysqlLayer.NETWORK, MysqlLayer.ofName("vio_read"));
        assertEquals(MysqlLayer.NETWORK, MysqlLayer.ofName("my_net_read_packet"));
        assertEquals(MysqlLayer.SQL, MysqlLayer.ofName("mysql_execute_command"));
        assertEquals(MysqlLayer.SQL, MysqlLayer.ofName("Sql_cmd_delete::execute"));
        assertEquals(MysqlLayer.LIBC, MysqlLayer.ofName("__libc_recv"));
        assertEquals(MysqlLayer.KERNEL, MysqlLayer.ofName("do_syscall_64"));
        assertEquals(MysqlLayer.OTHER, MysqlLayer.ofName("mariadbd"));
    }
}
