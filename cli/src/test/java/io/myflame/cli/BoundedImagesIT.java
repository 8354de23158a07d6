package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Images and pages whose work is bounded by what they show, through the real jar: a table PNG of
 * too many rows is refused before it is laid out, a 1.5 MB function name or server version makes
 * no giant image or chart, and PNG write errors (a full disk, a closed pipe) end as every other
 * output's do. Heaps are capped so that unbounded work fails instead of passing slowly.
 */
class BoundedImagesIT {
    @TempDir
    static Path tmp;
    static String capture;

    @BeforeAll
    static void sample() {
        capture = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete").toString();
    }

    private static Myflame.Result run(List<String> jvm, String... args) throws Exception {
        Process p = new ProcessBuilder(Myflame.command(jvm, args))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        var out = CompletableFuture.supplyAsync(() -> OutputFilesIT.readAll(p.getInputStream()));
        var err = CompletableFuture.supplyAsync(() -> OutputFilesIT.readAll(p.getErrorStream()));
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), String.join(" ", args));
        return new Myflame.Result(p.exitValue(), out.get(), err.get());
    }

    private static void assertOneLine(Myflame.Result r, int exit, String... fragments) {
        assertEquals(exit, r.exit(), r.err());
        assertFalse(r.hasStackTrace(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        for (String f : fragments) {
            assertTrue(r.err().contains(f), "wanted '" + f + "' in: " + r.err());
        }
    }

    @Test
    void aTablePngOfTooManyRowsIsRefused() throws Exception {
        Path many = tmp.resolve("many.folded");
        try (BufferedWriter w = Files.newBufferedWriter(many)) {
            for (int i = 0; i < 200_000; i++) {
                w.write("mysqld;do_command;function_number_" + i + " " + (1 + i % 7) + "\n");
            }
        }
        Path png = tmp.resolve("many.png");
        List<String> small = List.of("-Xmx256m");
        assertOneLine(run(small, "report", many.toString(), "--top", "0", "-o", png.toString()), 1, "too large", "rows");
        assertOneLine(run(small, "diff", many.toString(), many.toString(), "--top", "0", "-o", png.toString()), 1,
                "too large", "rows");
        assertFalse(Files.exists(png));
        // The same rows as text are fine: the bound is the picture's.
        assertEquals(0, run(small, "report", many.toString(), "--top", "0", "-o", tmp.resolve("many.txt").toString()).exit());
    }

    @Test
    void aHugeFunctionNameMakesNoHugeImage() throws Exception {
        String hostile = "<&\"'" + "x".repeat(1_500_000);
        Path folded = tmp.resolve("long.folded");
        Files.writeString(folded, "mysqld;do_command;" + hostile + " 5\nmysqld;do_command;short 3\n");
        for (String cmd : List.of("report", "diff")) {
            Path png = tmp.resolve(cmd + "-long.png");
            List<String> args = new ArrayList<>(List.of(cmd, folded.toString()));
            if (cmd.equals("diff")) {
                args.add(folded.toString());
            }
            args.addAll(List.of("-o", png.toString()));
            Myflame.Result r = run(List.of("-Xmx200m"), args.toArray(String[]::new));
            assertEquals(0, r.exit(), cmd + ": " + r.err());
            BufferedImage image = ImageIO.read(png.toFile());
            assertTrue(image.getWidth() < 4000, cmd + ": a " + image.getWidth() + " px wide table");
        }
    }

    @Test
    void aHugeServerVersionMakesNoHugeChart() throws Exception {
        Path copy = Files.createDirectory(tmp.resolve("version"));
        try (var files = Files.list(Path.of(capture))) {
            for (Path f : files.toList()) {
                Files.copy(f, copy.resolve(f.getFileName()));
            }
        }
        Path json = copy.resolve("capture.json");
        String version = "11.4." + "9".repeat(1_000_000);
        Files.writeString(json, Files.readString(json).replace("\"version\" : \"11.4.5-MariaDB", "\"version\" : \"" + version));
        assertTrue(Files.readString(json).contains(version), "the test needs the server version in capture.json");
        // Three inputs put the series chart on diff's page (and --chart draws it alone), labelled by version too.
        Path series = tmp.resolve("series.png");
        for (String cmd : List.of("categories", "diff", "diff3")) {
            Path html = tmp.resolve(cmd + ".html");
            // A CPU-time limit (not a clock): the chart broke the 1 MB label into lines for 50 CPU seconds,
            // the whole run now takes a few.
            List<String> limited = new ArrayList<>(List.of("sh", "-c", "ulimit -t 40; exec \"$@\"", "sh"));
            List<String> args = new ArrayList<>(List.of(cmd.replace("3", ""), copy.toString(), capture));
            if (cmd.equals("diff3")) {
                args.addAll(List.of(capture, "--chart", series.toString()));
            }
            args.addAll(List.of("--format", "html", "-o", html.toString()));
            limited.addAll(Myflame.command(List.of(), args.toArray(String[]::new)));
            Process p = new ProcessBuilder(limited).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .start();
            var err = CompletableFuture.supplyAsync(() -> OutputFilesIT.readAll(p.getErrorStream()));
            p.getInputStream().close();
            assertTrue(p.waitFor(5, TimeUnit.MINUTES));
            assertEquals(0, p.exitValue(), cmd + ": " + err.get());
            assertTrue(Files.readString(html).contains("</html>"), cmd);
            // Warnings quote the version cut in the middle.
            assertTrue(err.get().length() < 20_000, cmd + ": " + err.get().length() + " characters of warnings");
        }
        assertTrue(Files.size(series) > 0 && Files.size(series) < 1_000_000, "the series chart is an ordinary image");
    }

    @Test
    void pngWriteErrorsEndLikeEveryOtherOutput() throws Exception {
        try (SmallFileSystem fs = SmallFileSystem.mount(tmp.resolve("small"), "16k")) {
            Path png = fs.dir().resolve("table.png");
            Myflame.Result r = Myflame.run("diff", capture, capture, "--top", "300", "-o", png.toString());
            assertOneLine(r, 1, png.toString(), "no space left");
            assertFalse(Files.exists(png));
        }
        for (List<String> args : List.of(List.of("diff", capture, capture, "--top", "300", "--format", "png"),
                List.of("categories", capture, capture, "--format", "png"))) {
            Process p = new ProcessBuilder(Myflame.command(List.of(), args.toArray(String[]::new))).start();
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> OutputFilesIT.readAll(p.getErrorStream()));
            p.getInputStream().close();
            assertTrue(p.waitFor(2, TimeUnit.MINUTES));
            assertEquals(141, p.exitValue(), args + ": " + err.get());
            assertEquals("", err.get(), args.toString());
        }
    }
}
