package io.myflame.cli;

import io.myflame.core.UsageError;
import io.myflame.core.analysis.Aliases;
import io.myflame.core.analysis.ProfileFilter;
import io.myflame.core.text.Escape;
import io.myflame.load.InputLoader;
import io.myflame.load.Preparation;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.Option;

/**
 * Loading and filtering flags shared by every command that analyses a profile, made into the
 * {@link InputLoader} that reads and prepares its inputs.
 */
public final class AnalysisOptions {
    @Option(names = "--comm", paramLabel = "REGEX", description = "Keep threads whose comm matches.")
    String comm;

    @Option(names = "--tid", paramLabel = "N", description = "Keep one thread.")
    Long tid;

    @Option(names = "--hide", paramLabel = "REGEX", description = "Drop frames whose name matches (repeatable).")
    List<String> hide = new ArrayList<>();

    @Option(names = "--rename", paramLabel = "REGEX=REPL",
            description = "Rename frames before analysis, e.g. '\\.(isra|constprop)\\.\\d+$=' (repeatable).")
    List<String> rename = new ArrayList<>();

    @Option(names = "--alias", paramLabel = "OLD=NEW",
            description = "Join a function renamed between versions: frames named OLD are compared as NEW (repeatable; "
                    + "a row file's 'a | b' joins likewise).")
    List<String> alias = new ArrayList<>();

    @Option(names = "--weight", paramLabel = "period|samples", defaultValue = "period",
            description = "Sum sample periods (as perf report does) or count samples. Default: ${DEFAULT-VALUE}.")
    String weight;

    @Option(names = {"-q", "--quiet"},
            description = "No warnings that change no number: a capture's own notes (such as 'perf recorded cpu-clock') "
                    + "and the truncated-stacks warning (tables keep their footnote). Data skipped is still reported.")
    boolean quiet;

    @picocli.CommandLine.Mixin
    IngestFlags ingest = new IngestFlags();

    /** Row-file alternatives joined like --alias (set by a command before it loads). */
    private List<io.myflame.core.analysis.RowSpec> aliasRows = List.of();

    /** Whether cut stacks go under a {@link io.myflame.core.analysis.TruncatedStacks#MARK} frame (flamegraphs; tables keep their stacks). */
    boolean markTruncated;

    public ProfileFilter filter() {
        try {
            List<ProfileFilter.Rename> renames = new ArrayList<>();
            for (String r : rename) {
                renames.add(ProfileFilter.Rename.parse(Escape.raw(r)));
            }
            List<Pattern> hides = new ArrayList<>();
            for (String h : hide) {
                hides.add(Pattern.compile(Escape.raw(h)));
            }
            return new ProfileFilter(comm == null ? null : Pattern.compile(Escape.raw(comm)), tid, renames, hides);
        } catch (PatternSyntaxException e) {
            throw new UsageError("bad regular expression '" + e.getPattern() + "': " + e.getDescription());
        }
    }

    private String filtersGiven() {
        List<String> given = new ArrayList<>();
        if (comm != null) {
            given.add("--comm");
        }
        if (tid != null) {
            given.add("--tid");
        }
        if (!hide.isEmpty()) {
            given.add("--hide");
        }
        if (!rename.isEmpty()) {
            given.add("--rename");
        }
        return String.join("/", given) + (given.size() == 1 ? " filter" : " filters");
    }

    /** The alias rules: --alias, then the alternatives of the rows given to {@link #joinRows}. */
    public Aliases aliases() {
        return Aliases.parse(alias.stream().map(Escape::raw).toList()).withRows(aliasRows);
    }

    /** Joins the alternatives of {@code rows} too, in every profile {@link #loading} loads. */
    public void joinRows(List<io.myflame.core.analysis.RowSpec> rows) {
        this.aliasRows = List.copyOf(rows);
    }

    /** Reads inputs with the ingest flags and prepares them with these: what every analysing command loads with. */
    public InputLoader loading() {
        if (!weight.equals("period") && !weight.equals("samples")) {
            throw new UsageError("--weight must be 'period' or 'samples', not '" + weight + "'");
        }
        return new InputLoader(ingest.reading(), new Preparation(weight.equals("samples"), filter(), filtersGiven(),
                aliases(), quiet, markTruncated));
    }
}
