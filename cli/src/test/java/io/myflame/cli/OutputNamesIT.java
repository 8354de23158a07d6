package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One rule for {@code -o} names, through the jar: the extension chooses the format, and an
 * extension naming something the command does not write is a usage error (exit 2, no file),
 * never a file of one format under another's name ({@code flamegraph -o x.md} wrote an SVG,
 * {@code report -o x.svg} a text table, {@code collapse -o x.svg} folded stacks).
 */
class OutputNamesIT {
    @TempDir
    Path tmp;

    private final String capture = Myflame.samples().resolve("captures/mariadb-10.11-oltp_point_select").toString();

    private void assertRefused(List<String> args, Path out, String fragment) throws Exception {
        Myflame.Result r = Myflame.run(args.toArray(String[]::new));
        assertEquals(2, r.exit(), args + ": " + r.err());
        assertFalse(r.hasStackTrace(), r.err());
        assertTrue(r.err().contains(fragment), args + ": " + r.err());
        assertFalse(Files.exists(out), "nothing is written to " + out);
    }

    @Test
    void flamegraphRefusesNamesOfOtherFormats() throws Exception {
        for (String name : List.of("graph.md", "graph.json", "graph.csv", "graph.txt", "graph.folded", "graph.pb.gz")) {
            Path out = tmp.resolve(name);
            assertRefused(List.of("flamegraph", capture, "-o", out.toString()), out, "flamegraph writes SVG, PNG or HTML");
        }
    }

    @Test
    void tablesRefuseNamesOfImagesAndData() throws Exception {
        for (String cmd : List.of("report", "categories")) {
            for (String name : List.of("table.svg", "table.folded", "table.pprof")) {
                Path out = tmp.resolve(cmd + "-" + name);
                assertRefused(List.of(cmd, capture, "-o", out.toString()), out, "which this command does not write");
            }
        }
    }

    @Test
    void foldedStacksAndPprofAreWrittenOnlyUnderTheirNames() throws Exception {
        for (String name : List.of("stacks.svg", "stacks.md", "stacks.pb.gz")) {
            Path out = tmp.resolve(name);
            assertRefused(List.of("collapse", capture, "-o", out.toString()), out, "collapse writes folded stacks or text");
        }
        for (String name : List.of("profile.folded", "profile.svg", "profile.json")) {
            Path out = tmp.resolve(name);
            assertRefused(List.of("export", capture, "-o", out.toString()), out, "export writes pprof");
        }
    }

    @Test
    void namesOfTheRightFormatAndPlainNamesAreWritten() throws Exception {
        Path svg = tmp.resolve("graph.svg");
        Myflame.Result r = Myflame.run("flamegraph", capture, "-o", svg.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.readString(svg).contains("<svg"), "an SVG");
        Path plain = tmp.resolve("graph");
        r = Myflame.run("flamegraph", capture, "-o", plain.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.readString(plain).contains("<svg"), "a name without extension gets SVG");
        Path md = tmp.resolve("table.md");
        r = Myflame.run("report", capture, "--top", "3", "-o", md.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.readString(md).contains("|"), "a Markdown table");
    }
}
