package io.myflame.cli;

import io.myflame.core.DataError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What {@code demo} writes from two captures, through the same commands a user would type: the
 * honest view first (CPU per transaction, by category, then the DELETE rows), the top movers, the
 * differential flamegraph, and the one-page HTML report with the tables, the categories and the
 * flamegraphs ({@code index.html}). Each table is also printed.
 */
final class DemoOutputs {
    /** Every file a demo writes in its directory: what a new demo removes first, so none is stale. */
    private static final List<String> FILES = List.of("index.html", "categories-per-txn.txt", "delete-per-txn.txt",
            "movers-per-txn.txt", "diff-per-txn.svg", "report-top.txt", "report-rows.txt", "flamegraph.svg");

    private final Path out;
    private final String base;
    private final String next;

    DemoOutputs(Path out, List<Path> captures) {
        this.out = out;
        this.base = captures.get(0).toString();
        this.next = captures.get(1).toString();
    }

    /**
     * Removes what an earlier demo left in {@code out}: its files, its captures of {@code versions},
     * the single capture of the first demos ({@code capture}) and every failed attempt ({@code *.incomplete},
     * hundreds of MB each). Nothing else in the directory is touched.
     */
    static void clearPrevious(Path out, List<String> versions) throws IOException {
        for (String f : FILES) {
            Files.deleteIfExists(out.resolve(f));
        }
        List<String> dirs = new ArrayList<>(List.of("capture", "capture.incomplete"));
        for (String v : versions) {
            dirs.add(v + ".incomplete");
        }
        try (Stream<Path> all = Files.list(out)) {
            all.filter(p -> p.getFileName().toString().endsWith(".incomplete")).forEach(p -> dirs.add(p.getFileName().toString()));
        }
        for (String d : dirs) {
            deleteTree(out.resolve(d));
        }
    }

    /** After a capture succeeded, the failed attempt recorded beside it earlier is only confusing. */
    static void removeStaleAttempt(Path capture) throws IOException {
        deleteTree(capture.resolveSibling(capture.getFileName() + ".incomplete"));
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.isDirectory(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** Writes the comparison's files and prints its tables; returns what was written, for the summary. */
    Map<String, Path> compare() throws IOException {
        Map<String, Path> written = new LinkedHashMap<>();
        String rows = Home.dir().resolve("samples/rows/delete.rows").toString();
        table(written, "CPU per transaction by category (foreground and background)", "categories-per-txn.txt",
                "categories", base, next, "--per", "txn");
        table(written, "the DELETE statement's steps, CPU per transaction", "delete-per-txn.txt",
                "diff", base, next, "--rows", rows, "--per", "txn");
        table(written, "the 15 functions whose CPU per transaction moved most", "movers-per-txn.txt",
                "diff", base, next, "--top", "15", "--per", "txn");
        file(written, "differential flamegraph, CPU per transaction (red: dearer)", "diff-per-txn.svg",
                "flamegraph", "--diff", base, next, "--per", "txn");
        file(written, "the report: tables, categories and flamegraphs on one page", "index.html",
                "diff", base, next, "--rows", rows, "--per", "txn", "--categories");
        return written;
    }

    private void table(Map<String, Path> written, String what, String name, String... args) throws IOException {
        Path f = file(written, what, name, args);
        System.out.println();
        System.out.print(Files.readString(f, StandardCharsets.UTF_8));
    }

    private Path file(Map<String, Path> written, String what, String name, String... args) {
        Path f = out.resolve(name);
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("-o", f.toString()));
        int exit = Main.run(all.toArray(String[]::new));
        if (exit != 0) {
            throw new DataError("cannot write " + f + ": 'myflame " + String.join(" ", all) + "' exited " + exit);
        }
        written.put(what, f);
        return f;
    }
}
