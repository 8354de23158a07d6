package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A newcomer's first minutes, through the real jar and the real launchers: the launchers work
 * through a symlink on PATH, every command's help ends with examples and its docs page, and
 * {@code --quiet} silences the warnings that change no number.
 */
class FirstUseIT {
    @TempDir
    Path tmp;

    /** Runs {@code command} with {@code pathDir} first on PATH, from {@code tmp}, found on PATH by a shell as a user's is. */
    private Myflame.Result onPath(Path pathDir, String... command) throws Exception {
        List<String> viaShell = new java.util.ArrayList<>(List.of("sh", "-c", "exec \"$@\"", "sh"));
        viaShell.addAll(List.of(command));
        ProcessBuilder pb = new ProcessBuilder(viaShell).directory(tmp.toFile());
        // The JVM running the tests: the launchers call 'java' from PATH.
        pb.environment().put("PATH", pathDir + ":" + Path.of(System.getProperty("java.home"), "bin") + ":"
                + System.getenv("PATH"));
        Process p = pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        var out = java.util.concurrent.CompletableFuture.supplyAsync(() -> OutputFilesIT.readAll(p.getInputStream()));
        var err = java.util.concurrent.CompletableFuture.supplyAsync(() -> OutputFilesIT.readAll(p.getErrorStream()));
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish");
        }
        return new Myflame.Result(p.exitValue(), out.get(), err.get());
    }

    @Test
    void theInstalledLauncherWorksThroughASymlinkOnPath() throws Exception {
        Path inst = tmp.resolve("opt/myflame");
        Files.createDirectories(inst.resolve("bin"));
        Files.createDirectories(inst.resolve("lib"));
        Path launcher = Files.copy(Path.of("src/dist/bin/myflame"), inst.resolve("bin/myflame"));
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.copy(Myflame.jar(), inst.resolve("lib/myflame.jar"));
        Path bin = Files.createDirectories(tmp.resolve("usr/local/bin"));
        Files.createSymbolicLink(bin.resolve("myflame"), launcher);
        // A relative link, and a link to a link, as package managers and users make them.
        Files.createSymbolicLink(bin.resolve("mf"), Path.of("../../../opt/myflame/bin/myflame"));
        Files.createSymbolicLink(bin.resolve("mf2"), Path.of("mf"));
        for (String name : List.of("myflame", "mf", "mf2")) {
            Myflame.Result r = onPath(bin, name, "--version");
            assertEquals(0, r.exit(), name + ": " + r.err());
            assertTrue(r.out().startsWith("myflame "), name + ": " + r.out());
        }
    }

    @Test
    void theCheckoutLauncherWorksThroughASymlinkOnPath() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("myflame"), Path.of("../scripts/myflame").toAbsolutePath().normalize());
        Myflame.Result r = onPath(bin, "myflame", "--version");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("myflame "), r.out());
        assertFalse(r.err().contains("Could not find"), r.err());
    }

    @Test
    void everyCommandsHelpEndsWithExamplesAndItsDocsPage() throws Exception {
        for (String cmd : List.of("collapse", "report", "flamegraph", "diff", "categories", "export", "record", "sweep",
                "demo")) {
            Myflame.Result r = Myflame.run(cmd, "--help");
            assertEquals(0, r.exit(), cmd + ": " + r.err());
            assertEquals("", r.err(), cmd + " --help warns");
            List<String> lines = r.out().lines().toList();
            int examples = lines.indexOf("Examples:");
            assertTrue(examples > 0, cmd + " --help has no examples:\n" + r.out());
            long shown = lines.subList(examples, lines.size()).stream().filter(l -> l.startsWith("  myflame " + cmd)).count();
            assertTrue(shown >= 1 && shown <= 3, cmd + ": " + shown + " examples");
            // Each example on one line: a wrapped command cannot be copied.
            assertTrue(lines.subList(examples + 1, lines.size() - 2).stream().allMatch(l -> l.startsWith("  myflame ")
                    || l.startsWith("  perf ")), cmd + ":\n" + r.out());
            assertTrue(lines.get(lines.size() - 1).contains("docs/"), cmd + " --help ends without its docs page:\n" + r.out());
        }
        Myflame.Result top = Myflame.run("--help");
        assertTrue(top.out().contains("docs/"), top.out());
    }

    /** --version says the build's version as Maven has it: a snapshot says it is one. */
    @Test
    void versionIsTheBuilds() throws Exception {
        String built = System.getProperty("myflame.version");
        assertTrue(built != null && built.matches("\\d+\\.\\d+\\.\\d+.*"), "the build passes its version: " + built);
        Myflame.Result r = Myflame.run("--version");
        assertEquals(0, r.exit(), r.err());
        assertEquals("myflame " + built + "\n", r.out());
    }

    @Test
    void quietSilencesWarningsThatChangeNoNumber() throws Exception {
        String capture = Myflame.samples().resolve("captures/mysql-5.7.22-oltp_delete").toString();
        Myflame.Result loud = Myflame.run("report", capture, "--top", "5");
        assertEquals(0, loud.exit(), loud.err());
        assertTrue(loud.err().contains("warning"), "the sample should warn (unnamed functions): " + loud.err());
        for (String flag : List.of("--quiet", "-q")) {
            Myflame.Result quiet = Myflame.run("report", capture, "--top", "5", flag);
            assertEquals(0, quiet.exit(), quiet.err());
            assertEquals("", quiet.err());
            assertEquals(loud.out(), quiet.out(), "the numbers do not change");
        }
        // Data left out is still said: a malformed line changes a number.
        Path damaged = tmp.resolve("damaged.folded");
        Files.writeString(damaged, "mysqld;do_command;mysql_delete 42\nnot a folded line\nmysqld;do_command 7\n");
        Myflame.Result r = Myflame.run("report", damaged.toString(), "--quiet");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("malformed") || r.err().contains("ignored"), r.err());
    }
}
