package io.myflame.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The training run of the launcher's class-data archive or AOT cache: the representative commands,
 * one after the other in this one JVM, so that a single list of loaded classes (JDK 17's
 * {@code -XX:DumpLoadedClassList}) or a single recording (JDK 25's {@code -XX:AOTMode=record}, which
 * records one process) holds what every command needs. Their output goes to files in the training
 * directory or nowhere; a command that fails only trains less.
 *
 * <pre>java ... -cp myflame.jar io.myflame.cli.Training DIR [PERF_DATA SYMBOLS PERF_SCRIPT [collapse]]</pre>
 *
 * PERF_DATA is an uncompressed perf.data, SYMBOLS its symbol archive (copied beside it after a first
 * report without it), PERF_SCRIPT uncompressed perf script text; "-" for any that is missing. A
 * {@code capture.json} in DIR makes the perf.data a capture directory too; a {@code dwarf/perf.data} in DIR,
 * its indexed symbol archive beside it, is reported and drawn too: a default {@code record} capture's reading
 * (the DWARF unwinder, the indexed archive, a decode in several stretches), which the frame-pointer capture
 * does not train (docs/benchmarks.md). With
 * {@code collapse} only collapse runs: the launcher's second AOT cache, for collapse alone (JDK 25
 * loads and links every class of a cache as it starts, and a 265 MB collapse took 0.44 s with the
 * cache of every command, 0.39 s with its own).
 */
final class Training {
    private Training() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        String data = args.length > 1 && !args[1].equals("-") ? args[1] : null;
        String symbols = args.length > 2 && !args[2].equals("-") ? args[2] : null;
        String script = args.length > 3 && !args[3].equals("-") ? args[3] : null;
        boolean collapseOnly = args.length > 4 && args[4].equals("collapse");
        PrintStream out = System.out;
        PrintStream err = System.err;
        PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        System.setOut(nowhere);
        System.setErr(nowhere);
        try {
            if (collapseOnly) {
                collapse(dir, data, script);
            } else {
                train(dir, data, symbols, script);
            }
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    private static void train(Path dir, String data, String symbols, String script) throws IOException {
        // the jar's main class, which the commands below do not go through
        Entry.class.getName();
        Path folded = dir.resolve("stacks.folded");
        run("--help");
        if (data != null) {
            // Once with the names this machine has (ELF files, debuginfod), once from the capture's archive.
            run("report", data, "--top", "0");
            if (symbols != null) {
                Files.copy(Path.of(symbols), Path.of(data + ".symbols.gz"), StandardCopyOption.REPLACE_EXISTING);
            }
            run("report", data, "--top", "0");
            run("flamegraph", data, "-o", dir.resolve("a.svg").toString());
            run("collapse", data, "-o", folded.toString());
            capture(dir, Path.of(data));
        }
        Path dwarf = dir.resolve("dwarf").resolve("perf.data");
        if (Files.isRegularFile(dwarf)) {
            run("report", dwarf.toString(), "--top", "0");
            run("flamegraph", dwarf.toString(), "-o", dir.resolve("dwarf.svg").toString());
        }
        if (script != null) {
            run("collapse", script, "-o", dir.resolve("script.folded").toString());
        }
        if (!Files.isRegularFile(folded) || Files.size(folded) == 0) {
            Files.writeString(folded, "mariadbd;start_thread;do_command;dispatch_command;mysql_delete;ha_delete_row 7\n"
                    + "mariadbd;start_thread;do_command;dispatch_command;trans_commit;ha_commit_trans 5\n");
        }
        run("report", folded.toString());
        run("diff", folded.toString(), folded.toString());
        run("flamegraph", "--diff", folded.toString(), folded.toString(), "-o", dir.resolve("d.svg").toString());
        Path wide = dir.resolve("wide.folded");
        writeWide(wide);
        run("flamegraph", wide.toString(), "--minwidth", "0", "-o", dir.resolve("w.svg").toString());
    }

    /**
     * The perf.data as a capture directory, as {@code record} writes one and the README reads it: its
     * capture.json (which the launcher copies into {@code dir}), the perf.data and its symbol archive.
     * Reading capture.json binds it with Jackson, whose classes a run otherwise loads from the jar (700
     * of them: a capture directory took twice as long as its perf.data).
     */
    private static void capture(Path dir, Path data) throws IOException {
        Path json = dir.resolve("capture.json");
        Path symbols = Path.of(data + ".symbols.gz");
        if (!Files.isRegularFile(json)) {
            return;
        }
        Path capture = Files.createDirectories(dir.resolve("capture"));
        Files.move(json, capture.resolve("capture.json"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(data, capture.resolve("perf.data"), StandardCopyOption.REPLACE_EXISTING);
        if (Files.isRegularFile(symbols)) {
            Files.copy(symbols, capture.resolve("perf.data.symbols.gz"), StandardCopyOption.REPLACE_EXISTING);
        }
        run("report", capture.toString(), "--top", "0");
        run("flamegraph", capture.toString(), "-o", dir.resolve("c.svg").toString());
    }

    /**
     * A folded file wide enough that a flamegraph of it takes the paths only large inputs take: each
     * reader's stacks merged by two threads, the paths sorted by two, the frames drawn by two. Their
     * lambdas are linked and their classes spun when the cache is made, not in every run of a large
     * file: a 300k-stack flamegraph compiled 372 of its 1,293 methods, those of the JDK's class-file
     * and method-handle code, for want of them.
     */
    static void writeWide(Path file) throws IOException {
        java.util.Random random = new java.util.Random(21);
        StringBuilder text = new StringBuilder();
        for (int line = 0; line < 70_000; line++) {
            text.append("mariadbd-").append(line % 4);
            for (int depth = 2 + random.nextInt(14); depth > 0; depth--) {
                text.append(';').append("fn_").append(random.nextInt(2_000));
            }
            text.append(' ').append(1 + random.nextInt(9)).append('\n');
        }
        Files.writeString(file, text, StandardCharsets.ISO_8859_1);
    }

    /** What a collapse runs, for collapse's own cache: picocli's model of collapse alone, and collapse. */
    private static void collapse(Path dir, String data, String script) {
        Entry.class.getName();
        if (data != null) {
            run("collapse", data, "-o", dir.resolve("data.folded").toString());
        }
        if (script != null) {
            run("collapse", script, "-o", dir.resolve("script.folded").toString());
        }
    }

    private static void run(String... args) {
        try {
            Main.run(args);
        } catch (RuntimeException | Error e) {
            // trains less; the archive is still made from what ran
        }
    }
}
