package io.myflame.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code flamegraph --help} with its options under headings (what is drawn, differential graphs,
 * look, reading): some sixty options in one alphabetical list hid the few a first graph needs.
 */
final class FlamegraphHelp {
    private static final List<String> DRAWN = List.of("--output", "--reverse", "--flamechart", "--focus");
    private static final List<String> DIFFERENTIAL = List.of("--diff", "--diff-mode", "--per", "--txns", "--negate",
            "--scale", "--widths", "--no-normalize", "--by-comm");

    private FlamegraphHelp() {
    }

    /** Replaces the option list of {@code flamegraph}'s help by grouped lists. */
    static void groupOptions(CommandLine flamegraph) {
        CommandSpec spec = flamegraph.getCommandSpec();
        spec.usageMessage().sectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, help -> {
            Set<OptionSpec> left = new LinkedHashSet<>(spec.options());
            StringBuilder out = new StringBuilder();
            section(out, help, "What is drawn:", named(spec, DRAWN), left);
            section(out, help, "Differential graphs (--diff BASE NEW):", named(spec, DIFFERENTIAL), left);
            section(out, help, "Look (flamegraph.pl and inferno names):", mixin(spec, "look"), left);
            section(out, help, "Reading and filtering:", mixin(spec, "analysis"), left);
            section(out, help, "Help:", named(spec, List.of("--help", "--version")), left);
            // An option added without a heading still shows, under its own, rather than under Help.
            section(out, help, "Other:", new ArrayList<>(left), left);
            return out.toString();
        });
    }

    private static void section(StringBuilder out, CommandLine.Help help, String heading, List<OptionSpec> options,
                                Set<OptionSpec> left) {
        options.removeIf(o -> !left.contains(o));
        if (options.isEmpty()) {
            return;
        }
        left.removeAll(options);
        out.append(System.lineSeparator()).append(heading).append(System.lineSeparator()).append(help.optionListExcludingGroups(options));
    }

    private static List<OptionSpec> named(CommandSpec spec, List<String> names) {
        List<OptionSpec> out = new ArrayList<>();
        for (String n : names) {
            OptionSpec o = spec.findOption(n);
            if (o != null) {
                out.add(o);
            }
        }
        return out;
    }

    /** The command's own option specs that a mixin declared (matched by name: mixins hold copies). */
    private static List<OptionSpec> mixin(CommandSpec spec, String name) {
        List<OptionSpec> out = new ArrayList<>();
        CommandSpec m = spec.mixins().get(name);
        if (m != null) {
            for (OptionSpec o : m.options()) {
                OptionSpec own = spec.findOption(o.longestName());
                if (own != null) {
                    out.add(own);
                }
            }
            out.sort(java.util.Comparator.comparing(o -> o.shortestName().replaceFirst("^-+", "").toLowerCase()));
        }
        return out;
    }
}
