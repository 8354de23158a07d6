package io.myflame.cli;

import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * The end of every command's {@code --help}: two or three examples and the docs page that tells
 * the rest. A newcomer reads help first; a flag list alone does not say how the flags combine.
 * The docs/ pages ship in the checkout and in the installed tree alike.
 */
final class HelpExamples {
    private record Page(String doc, List<String> examples) {
    }

    private static final Map<String, Page> PAGES = Map.of(
            "collapse", new Page("docs/commands.md (Folding and tables)", List.of(
                    "myflame collapse perf.data -o stacks.folded",
                    "perf script | myflame collapse - --pid > stacks.folded")),
            "report", new Page("docs/commands.md (report), docs/tables.md", List.of(
                    "myflame report cap/delete --top 20",
                    "myflame report perf.data --focus mysql_execute_command --depth 3",
                    "myflame report cap/delete --rows samples/rows/delete.rows -o delete.md")),
            "flamegraph", new Page("docs/flamegraph.md", List.of(
                    "myflame flamegraph cap/delete -o delete.svg",
                    "myflame flamegraph cap/delete --focus do_command -o do_command.html",
                    "myflame flamegraph --diff cap/before cap/after -o change.svg")),
            "diff", new Page("docs/commands.md (Comparing versions), docs/tables.md", List.of(
                    "myflame diff cap/10.11 cap/11.4 --top 20",
                    "myflame diff cap/10.11 cap/11.4 --rows samples/rows/delete.rows --counters",
                    "myflame diff cap/10.11 cap/11.4 --format html -o diff.html")),
            "categories", new Page("docs/commands.md (Categories)", List.of(
                    "myflame categories cap/10.11 cap/11.4",
                    "myflame categories cap/10.11 cap/11.4 --categories my.yaml -o cats.png")),
            "export", new Page("docs/export.md", List.of(
                    "myflame export cap/delete -o delete.pb.gz",
                    "myflame export perf.data --format pprof -o mysqld.pb.gz")),
            "record", new Page("docs/recording.md", List.of(
                    "myflame record --out cap/delete --workload oltp_delete --time 20",
                    "myflame record --out cap/10.11 --mariadb 10.11.5 --workload oltp_delete")),
            "sweep", new Page("docs/recording.md (sweep)", List.of(
                    "myflame sweep --out sweep --workload oltp_point_select --threads 1,2,4")),
            "demo", new Page("docs/recording.md (demo)", List.of(
                    "myflame demo")));

    private HelpExamples() {
    }

    /** Adds the examples and the docs page to each subcommand's help, and the docs/ pointer to the top level. */
    static void addTo(CommandLine top) {
        top.getCommandSpec().usageMessage().footer("%nDocs: docs/ beside this program (README.md first); "
                + "'myflame COMMAND --help' ends with examples and its page.");
        top.getSubcommands().forEach((name, sub) -> {
            Page page = PAGES.get(name);
            if (page != null) {
                StringBuilder footer = new StringBuilder("%nExamples:%n");
                page.examples().forEach(e -> footer.append("  ").append(e).append("%n"));
                footer.append("%nMore: ").append(page.doc());
                sub.getCommandSpec().usageMessage().footer(footer.toString());
            }
            if (name.equals("flamegraph")) {
                FlamegraphHelp.groupOptions(sub);
            }
        });
    }
}
