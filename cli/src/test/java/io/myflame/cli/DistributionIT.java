package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution {@code mvn package} writes, {@code cli/target/myflame-VERSION.tar.gz}, unpacked with
 * the system's tar in an empty directory and run from there, outside the checkout and without
 * Maven: {@code bin/myflame collapse} and {@code bin/myflame report} on a real capture print what the
 * jar prints, and the archive the first run trains serves the commands users run: JDK 17's class-data
 * archive, or the AOT cache of a JDK 25 or later, which the launcher prefers when one is installed.
 */
class DistributionIT {
    @TempDir
    Path dir;

    @Test
    void unpackedDistributionRunsCollapseAndReport() throws Exception {
        Path home = unpack();
        for (String f : List.of("bin/myflame", "lib/myflame.jar", "README.md", "LICENSE", "samples/rows/delete.rows")) {
            assertTrue(Files.exists(home.resolve(f)), f + " is missing from the distribution");
        }
        assertTrue(Files.isExecutable(home.resolve("bin/myflame")));
        Path script = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete/perf.script.gz").toAbsolutePath();
        Path capture = script.getParent();
        String collapse = launch(home, "collapse", script.toString());
        assertEquals(Myflame.run("collapse", script.toString()).out(), collapse);
        // The first run trained the class-data archive on the bundled capture, whatever it ran itself.
        assertTrue(Files.exists(home.resolve("lib/myflame.jsa")) || Files.exists(home.resolve("lib/myflame.aot")),
                "no class-data archive after the first run");
        String report = launch(home, "report", capture.toString(), "--top", "5");
        assertEquals(Myflame.run("report", capture.toString(), "--top", "5").out(), report);
        assertTrue(report.contains("handle_one_connection"), report);
        // Later runs map the archive and print the same.
        assertEquals(collapse, launch(home, "collapse", script.toString()));
        assertEquals(report, launch(home, "report", capture.toString(), "--top", "5"));
        // The JVM takes an archive only with the jar path it was made for: a moved installation
        // makes a new one (named by its new absolute path) and still prints the same.
        assertEquals(home.resolve("lib/myflame.jar").toRealPath().toString(), Files.readAllLines(madeFor(home)).get(0));
        Path moved = Files.createDirectories(dir.resolve("elsewhere")).resolve(home.getFileName());
        Files.move(home, moved);
        assertEquals(report, launch(moved, "report", capture.toString(), "--top", "5"));
        assertEquals(moved.resolve("lib/myflame.jar").toRealPath().toString(), Files.readAllLines(madeFor(moved)).get(0));
    }

    /**
     * Start-up does not depend on the first command after install: after a first {@code --help},
     * every class of myflame's own that reading a perf.data into a table loads (the native reader,
     * symbols, the table), that drawing a flamegraph loads and that collapsing perf script text loads
     * comes from JDK 17's class-data archive ({@code MYFLAME_JAVA=java}, the java on PATH here).
     * The first run says on stderr, which is a file here as in a script or CI job, why it takes
     * seconds longer, in one line; the next says nothing.
     */
    @Test
    void archiveIsTrainedOnRepresentativeCommandsWhateverRanFirst() throws Exception {
        Path home = unpack();
        List<String> help = List.of(home.resolve("bin/myflame").toString(), "--help");
        assertEquals("myflame: first run with this jar and java: making its class-data archive for faster starts (once, "
                + "about 10 s; MYFLAME_NO_TRAINING=1 skips it)\n", stderrOf(help, Map.of("MYFLAME_JAVA", "java")));
        assertEquals("", stderrOf(help, Map.of("MYFLAME_JAVA", "java")), "a second run makes no archive");
        Path jsa = home.resolve("lib/myflame.jsa");
        assertTrue(Files.exists(jsa), "no class-data archive after a first --help");
        assertOnlyArchivedClasses(home, List.of("java", "-Xshare:on", "-XX:SharedArchiveFile=" + jsa));
    }

    /**
     * With a JDK 25 or later installed, the launcher runs it with an AOT cache trained the same way,
     * and the same commands find all of myflame's classes in it.
     */
    @Test
    void aotCacheOfANewerJdkIsTrainedTheSameWay() throws Exception {
        Path jdk = newestJdk();
        Assumptions.assumeTrue(jdk != null, "no JDK 25 or later in /usr/lib/jvm");
        Path home = unpack();
        launch(home, Map.of(), "--help");
        Path aot = home.resolve("lib/myflame.aot");
        assertTrue(Files.exists(aot), "no AOT cache after a first --help with " + jdk + " installed");
        assertEquals(jdk.resolve("bin/java").toString(), Files.readAllLines(home.resolve("lib/myflame.aot.made-for")).get(1));
        // AOTMode=on: a cache the JVM cannot use is an error, not a silent slow start
        assertOnlyArchivedClasses(home, List.of(jdk.resolve("bin/java").toString(), "-XX:AOTMode=on", "-XX:AOTCache=" + aot));
        // and its runs print what the jar prints
        Path script = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete/perf.script.gz").toAbsolutePath();
        assertEquals(Myflame.run("collapse", script.toString()).out(), launch(home, Map.of(), "collapse", script.toString()));

        // The JVM refuses, silently, a cache made with other module options: a launcher whose flags
        // changed (here one more) trains a new one, and its runs again find every class in it.
        Path madeFor = home.resolve("lib/myflame.aot.made-for");
        assertTrue(Files.readAllLines(madeFor).get(3).contains("--add-opens=java.base/java.io=ALL-UNNAMED"),
                "the flags the cache was made with are kept beside it");
        Path launcher = home.resolve("bin/myflame");
        String flags = "-Dpicocli.disable.closures=true";
        String text = Files.readString(launcher);
        assertTrue(text.contains(flags), "the launcher passes " + flags);
        Files.writeString(launcher, text.replace(flags, flags + " -Dmyflame.flags.changed=1"));
        launch(home, Map.of(), "--help");
        assertTrue(Files.readAllLines(madeFor).get(3).contains("-Dmyflame.flags.changed=1"), "retrained with the new flags");
        assertOnlyArchivedClasses(home, List.of(jdk.resolve("bin/java").toString(), "-XX:AOTMode=on", "-XX:AOTCache=" + aot));
        // but the same installation reached by another path is the same: no training again
        java.nio.file.attribute.FileTime made = Files.getLastModifiedTime(madeFor);
        String other = home.resolve("bin").resolve("..").resolve("bin").resolve("myflame").toString();
        assertEquals(launch(home, Map.of(), "--version"), exec(dir, List.of(other, "--version"), Map.of()));
        assertEquals(made, Files.getLastModifiedTime(madeFor), "run as " + other + ": the archive was made again");
    }

    /**
     * No JVM warning reaches the user: JDK 24 and later warn, four lines, when export's protobuf first calls
     * sun.misc.Unsafe, unless the launcher allows it; the distribution's bin/myflame and the checkout's
     * scripts/myflame both run export with a JDK 25 quietly, and JDK 17 (which refuses that flag) still runs.
     */
    @Test
    void exportWithANewerJdkPrintsNoJvmWarning() throws Exception {
        Path jdk = newestJdk();
        Assumptions.assumeTrue(jdk != null, "no JDK 25 or later in /usr/lib/jvm");
        Path home = unpack();
        Path capture = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete").toAbsolutePath();
        Path checkout = Myflame.samples().toAbsolutePath().getParent();
        for (Path launcher : List.of(home.resolve("bin/myflame"), checkout.resolve("scripts/myflame"))) {
            Path pb = dir.resolve("out.pb.gz");
            String err = stderrOf(List.of(launcher.toString(), "export", capture.toString(), "-o", pb.toString()), Map.of());
            assertTrue(Files.size(pb) > 0, launcher + ": no profile written");
            assertTrue(!err.contains("WARNING"), launcher + " with " + jdk + ": " + err);
        }
        Path jdk17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64/bin/java");
        if (Files.isExecutable(jdk17)) {
            String err = stderrOf(List.of(home.resolve("bin/myflame").toString(), "export", capture.toString(), "-o",
                    dir.resolve("17.pb.gz").toString()), Map.of("MYFLAME_JAVA", jdk17.toString()));
            assertTrue(!err.contains("WARNING") && !err.contains("Unrecognized"), err);
        }
    }

    /** Runs {@code cmd} in the test's directory, which must succeed, and returns its stderr. */
    private String stderrOf(List<String> cmd, Map<String, String> env) throws Exception {
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError(cmd + " did not finish");
        }
        String text = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + ": " + text);
        return text;
    }

    /**
     * A JVM that cannot make the archive is asked once per jar, not at every run (training takes
     * seconds): the failure is written beside the jar, later runs start without an archive, and a new
     * jar tries again. The JVM here is java on PATH behind a script that fails the training run.
     */
    @Test
    void aTrainingThatFailsIsTriedOncePerJar() throws Exception {
        Path home = unpack();
        Path attempts = dir.resolve("attempts");
        Path jvm = dir.resolve("java-that-cannot-train");
        Files.writeString(jvm, "#!/bin/bash\nfor a in \"$@\"; do case \"$a\" in -XX:DumpLoadedClassList=*)\n"
                + "  echo tried >> '" + attempts + "'; exit 1 ;; esac; done\nexec java \"$@\"\n");
        assertTrue(jvm.toFile().setExecutable(true));
        Map<String, String> env = Map.of("MYFLAME_JAVA", jvm.toString());
        List<String> version = List.of(home.resolve("bin/myflame").toString(), "--version");
        List<String> said = stderrOf(version, env).lines().toList();
        assertEquals(2, said.size(), "what it tried, then that it failed: " + said);
        assertEquals("myflame: could not make the class-data archive with " + jvm + "; runs start without it (a new jar "
                + "or java tries again)", said.get(1));
        assertEquals("", stderrOf(version, env), "a failed training is not tried, nor told, again");
        assertEquals("myflame " + System.getProperty("myflame.version") + "\n", launch(home, env, "--version"));
        assertEquals(List.of("tried"), Files.readAllLines(attempts));
        assertEquals("failed", Files.readAllLines(home.resolve("lib/myflame.jsa.made-for")).get(2));
        assertTrue(Files.notExists(home.resolve("lib/myflame.jsa")));
        // a new jar (here: the same one, newer) tries again
        Path jar = home.resolve("lib/myflame.jar");
        Files.setLastModifiedTime(jar, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5000));
        assertEquals("myflame " + System.getProperty("myflame.version") + "\n", launch(home, env, "--version"));
        assertEquals(List.of("tried", "tried"), Files.readAllLines(attempts));
    }

    /** The classes report, flamegraph and collapse load from the jar when run by {@code java} (myflame's, picocli's) all come from its archive. */
    private void assertOnlyArchivedClasses(Path home, List<String> java) throws Exception {
        Path data = dir.resolve("perf.data");
        Path xz = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete-fp/perf.data.xz").toAbsolutePath();
        exec(dir, List.of("bash", "-c", "xz -dc '" + xz + "' > '" + data + "'"), Map.of());
        Path script = dir.resolve("perf.script");
        Path gz = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete/perf.script.gz").toAbsolutePath();
        exec(dir, List.of("bash", "-c", "gzip -dc '" + gz + "' > '" + script + "'"), Map.of());
        for (List<String> args : List.of(List.of("report", data.toString(), "--top", "0"),
                List.of("flamegraph", data.toString(), "-o", dir.resolve("f.svg").toString()),
                List.of("collapse", script.toString(), "-o", dir.resolve("c.folded").toString()))) {
            List<String> cmd = new java.util.ArrayList<>(java);
            Path collapseCache = home.resolve("lib/myflame.collapse.aot");
            if (args.get(0).equals("collapse") && Files.exists(collapseCache)) {
                // as bin/myflame runs collapse: with the AOT cache of its own classes
                cmd.replaceAll(a -> a.startsWith("-XX:AOTCache=") ? "-XX:AOTCache=" + collapseCache : a);
            }
            // as bin/myflame runs it: an AOT cache is used only with the options it was trained with
            cmd.addAll(List.of("-Xlog:class+load", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                    "--add-opens=java.base/java.io=ALL-UNNAMED", "-cp", home.resolve("lib/myflame.jar").toRealPath().toString(),
                    "io.myflame.cli.Entry"));
            cmd.addAll(args);
            List<String> all = exec(dir, cmd, Map.of()).lines().toList();
            List<String> loaded = all.stream().filter(l -> l.contains(" io.myflame.")).toList();
            assertTrue(loaded.size() > 60, args.get(0) + " loaded only " + loaded.size() + " myflame classes");
            // picocli's classes too: compiled for Java 5, which neither archive takes, they are rewritten for
            // Java 8 by the build (build-tools' ClassFileUpgrade)
            // (every command, collapse too: there is one argument parser)
            assertTrue(all.stream().anyMatch(l -> l.contains(" picocli.CommandLine ")), args.get(0) + " runs through picocli");
            // not one class read from the jar, whose opening costs 5-9 ms
            List<String> fromJar = all.stream().filter(l -> l.contains("myflame.jar")).toList();
            assertEquals(List.of(), fromJar, args.get(0) + ": classes loaded from the jar, not the archive");
        }
    }

    /** What the archive of the installation at {@code home} was made for: the jar's path, then the java. */
    private static Path madeFor(Path home) {
        Path aot = home.resolve("lib/myflame.aot.made-for");
        return Files.exists(aot) ? aot : home.resolve("lib/myflame.jsa.made-for");
    }

    /** The JDK of the highest version 25 or later in /usr/lib/jvm, as the launcher picks it; null when none. */
    private static Path newestJdk() throws IOException {
        Path best = null;
        int bestMajor = 24;
        Path jvm = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvm)) {
            return null;
        }
        try (var dirs = Files.list(jvm)) {
            for (Path jdk : dirs.sorted().toList()) {
                Path release = jdk.resolve("release");
                if (!Files.isRegularFile(release) || !Files.isExecutable(jdk.resolve("bin/java"))) {
                    continue;
                }
                for (String line : Files.readAllLines(release)) {
                    if (line.startsWith("JAVA_VERSION=")) {
                        String v = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                        int major = Integer.parseInt(v.split("\\.")[0]);
                        if (major > bestMajor) {
                            bestMajor = major;
                            best = jdk;
                        }
                    }
                }
            }
        }
        return best;
    }

    private Path unpack() throws Exception {
        return Distribution.unpack(dir);
    }

    /** Runs bin/myflame from the unpacked tree, in a working directory outside the checkout. */
    private String launch(Path home, String... args) throws Exception {
        return launch(home, Map.of(), args);
    }

    /** As {@link #launch(Path, String...)}, with these variables set in its environment. */
    private String launch(Path home, Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(home.resolve("bin/myflame").toString()));
        cmd.addAll(List.of(args));
        return exec(dir, cmd, env);
    }

    private static String exec(Path cwd, List<String> cmd, Map<String, String> env) throws IOException, InterruptedException {
        Path out = Files.createTempFile(cwd, "out", ".txt");
        Path err = Files.createTempFile(cwd, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError(cmd + " did not finish");
        }
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + ": " + Files.readString(err, StandardCharsets.UTF_8));
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
