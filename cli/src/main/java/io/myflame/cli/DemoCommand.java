package io.myflame.cli;

import io.myflame.core.text.Escape;
import io.myflame.recorder.perf.PerfSettings;
import io.myflame.recorder.Recorder;
import io.myflame.recorder.server.ServerChoice;
import io.myflame.recorder.server.ServerOption;
import io.myflame.recorder.workload.Workload;
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
 * {@code myflame demo}: the README's first command. Starts a throwaway MariaDB (binary log on), runs
 * sysbench oltp_delete on one thread under perf, and writes {@code out/demo/}: the capture, the
 * report tables, an interactive flamegraph, and an index.html linking them.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Record a throwaway MariaDB running sysbench oltp_delete under perf and show where the CPU goes.")
public final class DemoCommand implements Callable<Integer> {
    @Option(names = "--out", paramLabel = "DIR", defaultValue = "out/demo", description = "Default: ${DEFAULT-VALUE}.")
    Path out;

    @Option(names = "--time", paramLabel = "S", defaultValue = "20", description = "Measured seconds. Default: ${DEFAULT-VALUE}.")
    int time;

    @Option(names = "--mariadb", paramLabel = "VERSION", description = "A MariaDB release from Maven Central instead of the system's server.")
    String mariadb;

    @Override
    public Integer call() throws Exception {
        Path capture = out.resolve("capture");
        Files.createDirectories(out);
        Workload w = new Workload("oltp_delete", 1, 100_000, 1, time, 3, null, null, List.of());
        ServerChoice server = new ServerChoice(null, null, null, mariadb, null, List.of(ServerOption.parse("log_bin=ON")));
        PerfSettings perf = new PerfSettings("perf", "cycles", 999, null, "fp");
        RecordCommand.run(new Recorder.Options(capture, server, w, perf, true, false), "myflame demo: ");
        Map<String, Path> links = new LinkedHashMap<>();
        links.put("capture.json (server, workload results, perf facts, counter deltas)", capture.resolve("capture.json"));
        Path top = out.resolve("report-top.txt");
        report(top, capture.toString(), "--top", "25");
        links.put("report --top 25: inclusive percentages", top);
        Path rowsFile = Home.dir().resolve("samples/rows/delete.rows");
        if (Files.isRegularFile(rowsFile)) {
            Path rows = out.resolve("report-rows.txt");
            report(rows, capture.toString(), "--rows", rowsFile.toString());
            links.put("report --rows delete.rows", rows);
        }
        flamegraph(capture, links);
        links.put("stacks.folded (for any flamegraph tool)", capture.resolve("stacks.folded"));
        links.put("sysbench output", capture.resolve("sysbench.txt"));
        Path index = out.resolve("index.html");
        AtomicOutput.write(index, o -> o.write(indexHtml(links).getBytes(StandardCharsets.UTF_8)));
        System.out.println();
        RecordCommand.printSummary(System.out, capture, io.myflame.recorder.workload.SysbenchResults.parse(
                Files.readString(capture.resolve("sysbench.txt"))));
        links.forEach((what, p) -> System.out.println(what + ": " + p));
        System.out.println("index: " + index.toAbsolutePath());
        return 0;
    }

    /** Writes a report table to {@code file} and prints it. */
    private static void report(Path file, String... args) throws Exception {
        List<String> a = new ArrayList<>(List.of("report"));
        a.addAll(List.of(args));
        a.addAll(List.of("-o", file.toString()));
        int rc = Main.run(a.toArray(String[]::new));
        if (rc != 0) {
            throw new Main.DataError("report on the demo capture failed (exit " + rc + ")");
        }
        System.out.println();
        System.out.print(Files.readString(file));
    }

    /** The capture's interactive flamegraph, coloured by MySQL layer. */
    private static void flamegraph(Path capture, Map<String, Path> links) {
        Path svg = capture.getParent().resolve("flamegraph.svg");
        int rc = Main.run("flamegraph", capture.toString(), "--colors", "mysql",
                "--title", "MariaDB, sysbench oltp_delete", "-o", svg.toString());
        if (rc != 0) {
            throw new Main.DataError("flamegraph of the demo capture failed (exit " + rc + ")");
        }
        links.put("flamegraph (click to zoom, Ctrl-F to search)", svg);
    }

    static String indexHtml(Map<String, Path> links) {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                + "<title>myflame demo</title></head>\n<body>\n<h1>myflame demo: MariaDB, sysbench oltp_delete, perf</h1>\n<ul>\n");
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
