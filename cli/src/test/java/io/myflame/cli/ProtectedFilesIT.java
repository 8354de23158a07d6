package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files that are not ours to rewrite, through the real jar: a {@code --palette-file} that is not a
 * palette, and an output its user made read-only (refused as {@code cp} refuses it).
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

    /**
     * The files read beside an input are as much the input as the input: a perf.data's symbol
     * archive and perf archive tarball, a capture's metadata and sample files. An {@code -o} naming
     * one is refused with one line naming both, and the file is kept.
     */
    @Test
    void filesReadBesideTheInputAreNeverTheOutput() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("beside"));
        Path data = Files.copy(Path.of("../perf-ingest/src/test/resources/perf-shapes/no-callgraph.perf.data"),
                dir.resolve("perf.data"));
        Path symbols = Files.writeString(dir.resolve("perf.data.symbols"), "the symbol archive\n");
        Path older = Files.writeString(dir.resolve("perf.data.symbols.gz"), "an older capture's symbol archive\n");
        Path tarball = Files.writeString(dir.resolve("perf.data.tar.bz2"), "perf archive's tarball\n");
        for (String cmd : List.of("collapse", "report", "flamegraph", "export")) {
            for (Path kept : List.of(symbols, older, tarball)) {
                byte[] before = Files.readAllBytes(kept);
                Myflame.Result r = Myflame.run(cmd, data.toString(), "-o", kept.toString());
                assertOneLine(r, 2, "-o " + kept + " is ");
                assertTrue(r.err().contains("read with the input " + data), r.err());
                assertArrayEquals(before, Files.readAllBytes(kept), cmd + " replaced " + kept);
            }
        }
        Path copy = Files.createDirectory(tmp.resolve("capture-copy"));
        Path json = Files.copy(Path.of(capture, "capture.json"), copy.resolve("capture.json"));
        Path stacks = Files.copy(Path.of(capture, "stacks.folded.gz"), copy.resolve("stacks.folded.gz"));
        for (Path kept : List.of(json, stacks)) {
            byte[] before = Files.readAllBytes(kept);
            assertOneLine(Myflame.run("report", copy.toString(), "-o", kept.toString()), 2, "read with the input " + copy);
            assertOneLine(Myflame.run("diff", capture, copy.toString(), "-o", kept.toString()), 2, "read with the input " + copy);
            assertArrayEquals(before, Files.readAllBytes(kept), kept + " was replaced");
        }
        // Beside the capture, a new file is the user's to write.
        Myflame.Result ok = Myflame.run("report", copy.toString(), "-o", copy.resolve("report.txt").toString());
        assertEquals(0, ok.exit(), ok.err());
    }

    /** An unprivileged user's read-only file is refused by every command's -o, as cp and the shell's > refuse it. */
    @Test
    void aWriteProtectedOutputIsRefusedForItsUser() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "runuser needs root");
        assumeTrue(new ProcessBuilder("id", "nobody").start().waitFor() == 0, "no user nobody");
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path dir = Files.createDirectory(tmp.resolve("nobody"));
        assertEquals(0, new ProcessBuilder("chown", "nobody", dir.toString()).start().waitFor());
        Path folded = dir.resolve("in.folded");
        Files.writeString(folded, "mysqld;do_command;mysql_delete 42\nmysqld;do_command 7\n");
        List<List<String>> runs = new ArrayList<>();
        runs.add(List.of("collapse", capture, "-o"));
        runs.add(List.of("report", folded.toString(), "-o"));
        runs.add(List.of("flamegraph", folded.toString(), "-o"));
        runs.add(List.of("diff", folded.toString(), folded.toString(), "-o"));
        runs.add(List.of("categories", folded.toString(), "-o"));
        runs.add(List.of("export", folded.toString(), "--format", "pprof", "-o"));
        for (List<String> run : runs) {
            Path out = dir.resolve(run.get(0) + ".out");
            Files.writeString(out, "kept\n");
            Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("r--r--r--"));
            assertEquals(0, new ProcessBuilder("chown", "nobody", out.toString()).start().waitFor());
            List<String> args = new ArrayList<>(run);
            args.add(out.toString());
            Myflame.Result r = Myflame.runAs("nobody", args.toArray(String[]::new));
            assertOneLine(r, 1, out + ": permission denied");
            assertEquals("kept\n", Files.readString(out), run + " replaced a read-only file");
        }
        // A directory its user may not write: the error names the output, not the hidden temporary file.
        Path locked = Files.createDirectory(tmp.resolve("locked"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path inLocked = locked.resolve("new.txt");
        Myflame.Result denied = Myflame.runAs("nobody", "report", folded.toString(), "-o", inLocked.toString());
        assertOneLine(denied, 1, inLocked + ": permission denied");
        assertFalse(denied.err().contains(".tmp"), denied.err());
        // The --cp palette is an output too.
        Path palette = dir.resolve("ro.map");
        Files.writeString(palette, "do_command->rgb(1,2,3)\n");
        Files.setPosixFilePermissions(palette, PosixFilePermissions.fromString("r--r--r--"));
        assertEquals(0, new ProcessBuilder("chown", "nobody", palette.toString()).start().waitFor());
        Myflame.Result r = Myflame.runAs("nobody", "flamegraph", folded.toString(), "--cp", "--palette-file",
                palette.toString(), "-o", dir.resolve("p.svg").toString());
        assertOneLine(r, 1, palette + ": permission denied");
        assertEquals("do_command->rgb(1,2,3)\n", Files.readString(palette));
    }

    /**
     * A settings file its user may not read (rows, categories, sweep configurations): "permission
     * denied", as for every input, not "cannot read (/root/rows)", the bare name Java gives.
     */
    @Test
    void anUnreadableSettingsFileIsSaidPermissionDenied() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "runuser needs root");
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path dir = Files.createDirectories(tmp.resolve("unreadable"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path folded = Files.writeString(dir.resolve("in.folded"), "mysqld;do_command;mysql_delete 42\n");
        Path secret = Files.writeString(dir.resolve("secret.txt"), "do_command\n");
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
        String f = folded.toString();
        for (List<String> args : List.of(List.of("report", f, "--rows"), List.of("diff", f, f, "--rows"),
                List.of("categories", f, "--categories"), List.of("sweep", "--out", dir.resolve("sweep").toString(),
                        "--threads", "1", "--configs"))) {
            List<String> run = new ArrayList<>(args);
            run.add(secret.toString());
            Myflame.Result r = Myflame.runAs("nobody", run.toArray(String[]::new));
            assertOneLine(r, 1, secret + ": permission denied");
        }
    }

    /** Root may write a read-only file, as cp does (access(W_OK)); the file keeps its mode. */
    @Test
    void rootOverwritesAReadOnlyFileAsCpDoes() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root");
        Path out = tmp.resolve("root.pb.gz");
        Files.writeString(out, "old\n");
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("r--r--r--"));
        Myflame.Result r = Myflame.run("export", capture, "-o", out.toString());
        assertEquals(0, r.exit(), r.err());
        assertFalse(Files.readString(out, StandardCharsets.ISO_8859_1).equals("old\n"));
        assertEquals("r--r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(out)));
    }
}
