package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files that are not ours to rewrite, through the real jar: a {@code --palette-file} that is not a
 * palette.
 */
class ProtectedFilesIT {
    @TempDir
    static Path tmp;
    static String capture;

    @BeforeAll
    static void sample() {
        capture = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete").toString();
    }

    private static void assertOneLine(Myflame.Result r, int exit, String fragment) {
        assertEquals(exit, r.exit(), r.err());
        assertFalse(r.hasStackTrace(), r.err());
        assertTrue(r.err().lines().anyMatch(l -> l.contains(fragment)), r.err());
    }

    /** Notes, a folded profile, a perf.data header and an ELF binary named as the palette: none is ever written. */
    @Test
    void aFileThatIsNotAPaletteIsNeverWritten() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("palettes"));
        byte[] elf = new byte[4096];
        System.arraycopy(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0}, 0, elf, 0, 8);
        List<Path> notPalettes = List.of(
                Files.writeString(dir.resolve("notes.txt"), "remember: the 11.4 run had binlog on\n"),
                Files.writeString(dir.resolve("x.folded"), "mysqld;do_command;mysql_delete 42\nmysqld;do_command 7\n"),
                Files.write(dir.resolve("perf.data"), "PERFILE2\0\0\0\0\u0068\0\0\0".getBytes(StandardCharsets.ISO_8859_1)),
                Files.write(dir.resolve("mysqld"), elf),
                // A palette with one damaged line would lose that line when written back.
                Files.writeString(dir.resolve("damaged.map"), "do_command->rgb(1,2,3)\nmysql_delete->rgb(1,2\n"));
        for (Path f : notPalettes) {
            byte[] before = Files.readAllBytes(f);
            Path svg = dir.resolve(f.getFileName() + ".svg");
            Myflame.Result r = Myflame.run("flamegraph", capture, "--cp", "--palette-file", f.toString(), "-o", svg.toString());
            assertOneLine(r, 1, f + ":");
            assertTrue(r.err().contains("not a palette"), r.err());
            assertArrayEquals(before, Files.readAllBytes(f), f + " was rewritten");
            assertFalse(Files.exists(svg), "a graph was written although its palette was refused");
            Myflame.Result d = Myflame.run("flamegraph", "--diff", capture, capture, "--cp", "--palette-file", f.toString(),
                    "-o", svg.toString());
            assertOneLine(d, 1, "not a palette");
            assertArrayEquals(before, Files.readAllBytes(f), f + " was rewritten by --diff");
        }
    }

    @Test
    void aPaletteIsKeptAndExtendedAndIsNeverTheOutput() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("palette-ok"));
        Path palette = Files.writeString(dir.resolve("p.map"), "do_command->rgb(1,2,3)\n\n");
        Myflame.Result r = Myflame.run("flamegraph", capture, "--cp", "--palette-file", palette.toString(),
                "-o", dir.resolve("a.svg").toString());
        assertEquals(0, r.exit(), r.err());
        String map = Files.readString(palette);
        assertTrue(map.contains("do_command->rgb(1,2,3)\n") && map.lines().count() > 100, map);
        assertTrue(Files.readString(dir.resolve("a.svg")).contains("rgb(1,2,3)"));
        // A palette that does not exist yet and the graph named alike: the palette would replace the graph.
        Path same = dir.resolve("same.svg");
        assertOneLine(Myflame.run("flamegraph", capture, "--cp", "--palette-file", same.toString(), "-o", same.toString()),
                2, "--palette-file");
        assertFalse(Files.exists(same));
    }
}
