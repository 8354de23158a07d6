package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.text.UnifiedDiff;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The README and docs the distribution ships work in the installed tree, as a user who unpacked the
 * tarball and put its {@code bin/} on PATH would run them: each example line goes to a real bash
 * in the unpacked directory, where {@code myflame} is the distribution's launcher. A {@code $}
 * example prints what the document shows; a line to paste that reads the bundled {@code samples/}
 * succeeds and writes only under {@code out/}, which each page makes itself ({@code mkdir -p out}: {@code -o}
 * makes no directories, and a reader may open any page first); no example starts a {@code scripts/} program, which
 * only a checkout has. (Lines with placeholder inputs, {@code perf.data} or {@code BASE NEW}, and
 * {@code record}, which needs a server, are checked by {@link DocsIT} for parsing only.)
 */
class InstalledDocsIT {
    private static final Pattern ASSIGNMENT = Pattern.compile("^([A-Z][A-Z0-9_]*)=(\\S+)$");
    private static Path dir;
    private static Path home;

    @BeforeAll
    static void install() throws Exception {
        dir = Files.createTempDirectory("myflame-installed-");
        home = Distribution.unpack(dir);
        // The first run makes the class-data archive and says so on stderr; the examples are later runs,
        // in whatever order they come (an error example shows stderr).
        run(home, List.of(home.resolve("bin/myflame").toString(), "--version"));
    }

    @AfterAll
    static void remove() throws Exception {
        run(dir, List.of("rm", "-rf", dir.toString()));
    }

    @TestFactory
    Stream<DynamicNode> everyShippedExampleRunsFromTheInstalledTree() throws Exception {
        List<Path> docs = new ArrayList<>(List.of(home.resolve("README.md")));
        try (Stream<Path> s = Files.list(home.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        List<DynamicNode> nodes = new ArrayList<>();
        for (Path doc : docs) {
            Map<String, String> variables = new LinkedHashMap<>();
            List<DynamicTest> tests = new ArrayList<>();
            // Each page is read on its own: a reader who opens it has no out/ yet, so the page makes it.
            tests.add(DynamicTest.dynamicTest(doc.getFileName() + " starts without out/",
                    () -> assertEquals(0, bash("rm -rf out").exit)));
            for (DocExamples.Example e : DocExamples.read(doc)) {
                Matcher set = ASSIGNMENT.matcher(e.command());
                if (e.shown() == null && set.matches()) {
                    variables.put(set.group(1), set.group(2));
                    continue;
                }
                String prefix = variables.entrySet().stream().map(v -> v.getKey() + "=" + v.getValue() + "; ")
                        .collect(Collectors.joining());
                String expanded = e.command();
                for (Map.Entry<String, String> v : variables.entrySet()) {
                    expanded = expanded.replace("$" + v.getKey(), v.getValue());
                }
                boolean readsSamples = expanded.contains("samples/");
                tests.add(DynamicTest.dynamicTest(e.where() + " " + e.command(), () -> check(e, prefix, readsSamples)));
            }
            nodes.add(DynamicContainer.dynamicContainer(doc.getFileName().toString(), tests));
        }
        return nodes.stream();
    }

    /** {@code readsSamples}: the command, its variables set, names the bundled samples (else it is a recipe for the reader's own files). */
    private static void check(DocExamples.Example e, String variables, boolean readsSamples) throws Exception {
        assertFalse(e.command().startsWith("scripts/"), e.where() + ": `" + e.command()
                + "` needs a checkout: the installed tree has no scripts/");
        if (e.shown() != null) {
            Result r = bash(e.command());
            String out = r.exit == 0 ? r.out : r.out + r.err;
            assertEquals(e.shown().text(), out, e.where() + ": `" + e.command() + "` prints something else in the installed tree\n"
                    + UnifiedDiff.of(e.shown().text(), out));
            return;
        }
        String line = variables + e.command();
        if (e.command().startsWith("mkdir ")) {
            assertEquals(0, bash(line).exit, e.where() + ": `" + e.command() + "` fails in the installed tree");
            return;
        }
        if (!readsSamples || !Pattern.compile("\\bmyflame\\b").matcher(e.command()).find()) {
            return;
        }
        Set<String> before = files();
        Result r = bash("set -o pipefail; " + line);
        assertEquals(0, r.exit, e.where() + ": `" + e.command() + "` fails in the installed tree: " + r.err);
        assertFalse(r.err.contains("\tat "), r.err);
        Set<String> written = files();
        written.removeAll(before);
        written.removeIf(f -> f.startsWith("out/") || f.startsWith("lib/"));
        assertEquals(Set.of(), written, e.where() + ": `" + e.command() + "` wrote outside out/");
    }

    /** Every file of the installed tree, relative to it. */
    private static Set<String> files() throws IOException {
        try (Stream<Path> s = Files.walk(home)) {
            return s.filter(Files::isRegularFile).map(p -> home.relativize(p).toString())
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    private record Result(int exit, String out, String err) {
    }

    /** {@code command} in bash, in the installed tree, with its bin/ first on PATH (then the JVM running the tests). */
    private static Result bash(String command) throws Exception {
        return run(home, List.of("bash", "-c", command));
    }

    private static Result run(Path cwd, List<String> command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
        pb.environment().put("PATH", home.resolve("bin") + ":" + Path.of(System.getProperty("java.home"), "bin") + ":"
                + System.getenv("PATH"));
        Process p = pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> OutputFilesIT.readAll(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> OutputFilesIT.readAll(p.getErrorStream()));
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish");
        }
        return new Result(p.exitValue(), out.get(), err.get());
    }
}
