package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs through pipes, as users chain the commands: folded stacks and gzip on a real pipe, no
 * input meaning stdin for collapse, and the same graph from {@code collapse X | flamegraph -} as
 * from {@code flamegraph X}.
 */
class InputsIT {
    static final Path VERTX = Myflame.compat().resolve("stackcollapse-perf/perf-vertx-stacks-01.txt");

    @TempDir
    Path tmp;

    /** Runs the jar with {@code stdin} written to it through a pipe. */
    static Myflame.Result piped(byte[] stdin, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("java", "-jar", Myflame.jar().toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(p.getInputStream()));
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
        try (OutputStream in = p.getOutputStream()) {
            in.write(stdin);
        }
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "myflame " + String.join(" ", args) + " did not finish");
        return new Myflame.Result(p.exitValue(), new String(out.join(), StandardCharsets.UTF_8),
                new String(err.join(), StandardCharsets.UTF_8));
    }

    private static byte[] readAll(java.io.InputStream in) {
        try {
            return in.readAllBytes();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void collapseWithoutInputReadsStdin() throws Exception {
        Myflame.Result file = Myflame.run("collapse", VERTX.toString());
        Myflame.Result pipe = piped(Files.readAllBytes(VERTX), "collapse");
        assertEquals(0, pipe.exit(), pipe.err());
        assertEquals(file.out(), pipe.out());
        Myflame.Result dash = piped(gzip(Files.readAllBytes(VERTX)), "collapse", "-");
        assertEquals(file.out(), dash.out(), dash.err());
    }

    @Test
    void collapsePipedIntoFlamegraphDrawsTheSameGraph() throws Exception {
        Myflame.Result folded = Myflame.run("collapse", VERTX.toString());
        assertEquals(0, folded.exit(), folded.err());
        String[] fixed = {"--title", "t", "--subtitle", "s"};
        Myflame.Result direct = Myflame.run(concat(new String[] {"flamegraph", VERTX.toString()}, fixed));
        Myflame.Result viaPipe = piped(folded.out().getBytes(StandardCharsets.ISO_8859_1),
                concat(new String[] {"flamegraph", "-"}, fixed));
        assertEquals(0, viaPipe.exit(), viaPipe.err());
        assertEquals(direct.out(), viaPipe.out());
    }

    @Test
    void reportReadsGzipFoldedOnStdin() throws Exception {
        Path folded = tmp.resolve("vertx.folded");
        Files.writeString(folded, Myflame.run("collapse", VERTX.toString()).out(), StandardCharsets.ISO_8859_1);
        Myflame.Result fromFile = Myflame.run("report", folded.toString());
        Myflame.Result fromPipe = piped(gzip(Files.readAllBytes(folded)), "report", "-");
        assertEquals(0, fromPipe.exit(), fromPipe.err());
        assertEquals(fromFile.out().replace(folded.toString(), "-").replace("vertx.folded", "stdin"), fromPipe.out());
    }

    @Test
    void differentialFoldedIsRefusedByReportInOneLine() throws Exception {
        Path diff = tmp.resolve("diff.folded");
        Files.writeString(diff, "java;start_thread;run 5 9\njava;start_thread 2 1\n");
        Myflame.Result r = Myflame.run("report", diff.toString());
        assertEquals(1, r.exit());
        assertTrue(r.err().startsWith("myflame report: " + diff + ": a differential folded file"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    /**
     * A differential folded file (what difffolded.pl / inferno-diff-folded write from two folded
     * files) draws the same differential graph as {@code --diff} of the two files it came from.
     */
    @Test
    void differentialFoldedDrawsTheDifferentialGraph() throws Exception {
        Path base = tmp.resolve("base.folded");
        Path next = tmp.resolve("new.folded");
        Files.writeString(base, Myflame.run("collapse", Myflame.samples().resolve("captures/mariadb-10.11-oltp_delete").toString()).out(),
                StandardCharsets.ISO_8859_1);
        Files.writeString(next, Myflame.run("collapse", Myflame.samples().resolve("captures/mariadb-10.11-oltp_point_select").toString()).out(),
                StandardCharsets.ISO_8859_1);
        java.util.TreeMap<String, long[]> lines = new java.util.TreeMap<>();
        for (int side = 0; side < 2; side++) {
            for (String line : Files.readAllLines(side == 0 ? base : next, StandardCharsets.ISO_8859_1)) {
                int sp = line.lastIndexOf(' ');
                lines.computeIfAbsent(line.substring(0, sp), k -> new long[2])[side] += Long.parseLong(line.substring(sp + 1));
            }
        }
        StringBuilder diff = new StringBuilder();
        lines.forEach((stack, c) -> diff.append(stack).append(' ').append(c[0]).append(' ').append(c[1]).append('\n'));
        Path diffFile = tmp.resolve("diff.folded");
        Files.writeString(diffFile, diff, StandardCharsets.ISO_8859_1);

        Myflame.Result fromDiff = Myflame.run("flamegraph", diffFile.toString(), "--title", "t", "--subtitle", "s",
                "-o", tmp.resolve("a.svg").toString());
        Myflame.Result fromTwo = Myflame.run("flamegraph", "--diff", base.toString(), next.toString(), "--title", "t",
                "--subtitle", "s", "-o", tmp.resolve("b.svg").toString());
        assertEquals(0, fromDiff.exit(), fromDiff.err());
        assertEquals(0, fromTwo.exit(), fromTwo.err());
        // The same graph, but for the names of the sides: one file's two columns are "diff.folded (base)"
        // and "diff.folded (new)", two files are named by themselves (tooltips "only in LABEL", legend).
        String oneFile = Files.readString(tmp.resolve("a.svg"));
        assertTrue(oneFile.contains("only in diff.folded (new)"), "the one-file graph names its new side");
        assertEquals(Files.readString(tmp.resolve("b.svg")),
                oneFile.replace("diff.folded (new)", "new.folded").replace("diff.folded (base)", "base.folded"));
    }

    @Test
    void badFoldedRootIsAUsageError() throws Exception {
        Myflame.Result r = Myflame.run("report", "--folded-root", "nope", VERTX.toString());
        assertEquals(2, r.exit(), r.err());
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static byte[] gzip(byte[] b) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(b);
        }
        return out.toByteArray();
    }
}
