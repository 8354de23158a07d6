package io.myflame.cli;

import io.myflame.core.UsageError;
import io.myflame.core.DataError;
import io.myflame.core.analysis.Aliases;
import io.myflame.core.analysis.ProfileFilter;
import io.myflame.core.analysis.TruncatedStacks;
import io.myflame.core.analysis.Truncation;
import io.myflame.core.model.Profile;
import io.myflame.core.text.Escape;
import io.myflame.ingest.error.InputException;
import io.myflame.ingest.ProfileLoader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.Option;

/** Loading and filtering flags shared by every command that analyses a profile. */
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

    /** Which aliased names ran in each profile returned, before they were joined (table footnotes). */
    private final java.util.Map<Profile, java.util.Map<String, List<String>>> joined = new java.util.IdentityHashMap<>();

    /** Whether cut stacks go under a {@link TruncatedStacks#MARK} frame (flamegraphs; tables keep their stacks). */
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

    /** Joins the alternatives of {@code rows} too, in every profile loaded from now on. */
    public void joinRows(List<io.myflame.core.analysis.RowSpec> rows) {
        this.aliasRows = List.copyOf(rows);
    }

    /** The aliased names that ran in {@code p} (a profile {@link #load} returned), by joined name. */
    public java.util.Map<String, List<String>> joinedIn(Profile p) {
        return joined.getOrDefault(p, java.util.Map.of());
    }

    public ProfileLoader loader() {
        return ingest.loader();
    }

    /**
     * A capture's own warnings (its self-checks), one line each, so a reader of its numbers sees them;
     * but its truncated stacks, which every read measures on the threads it keeps.
     */
    private void captureWarnings(String input, Warnings warnings) throws IOException, InputException {
        java.nio.file.Path dir = input.equals("-") || quiet ? null : java.nio.file.Path.of(input);
        if (dir != null && java.nio.file.Files.isDirectory(dir)) {
            for (String w : io.myflame.ingest.capture.CaptureDirectory.open(dir).warnings()) {
                if (!Truncation.isWarning(w)) {
                    warnings.addOf(input, "capture says: " + w);
                }
            }
        }
    }

    /** Loads, weights and filters one input, printing the loader's warnings once. */
    public Profile load(String input, ProfileLoader loader, Warnings warnings) throws IOException, InputException {
        Profile p;
        try (ReadProgress progress = ReadProgress.start("myflame: " + input, loader.bytesRead())) {
            p = loader.load(input);
        }
        return prepare(input, null, p, loader, warnings);
    }

    /**
     * Loads one input as one profile, or as the base and new profiles of a differential folded
     * file, each weighted and filtered like {@link #load}.
     */
    public List<Profile> loadAny(String input, ProfileLoader loader, Warnings warnings) throws IOException, InputException {
        ProfileLoader.Loaded loaded;
        try (ReadProgress progress = ReadProgress.start("myflame: " + input, loader.bytesRead())) {
            loaded = loader.loadAny(input);
        }
        if (loaded instanceof ProfileLoader.Differential d) {
            return List.of(prepare(input, "base", d.base(), loader, warnings), prepare(input, "new", d.next(), loader, warnings));
        }
        return List.of(prepare(input, null, ((ProfileLoader.Single) loaded).profile(), loader, warnings));
    }

    /** Weights and filters one profile of {@code input} ({@code side}: base or new of a differential file, else null). */
    private Profile prepare(String input, String side, Profile p, ProfileLoader loader, Warnings warnings)
            throws IOException, InputException {
        ProfileFilter filter = filter();
        warnings.addAll(loader.warnings());
        loader.warnings().clear();
        captureWarnings(input, warnings);
        if (weight.equals("samples")) {
            p = p.countingSamples();
        } else if (!weight.equals("period")) {
            throw new UsageError("--weight must be 'period' or 'samples', not '" + weight + "'");
        }
        Profile kept = filter.threads().apply(p);
        if (kept.totalWeight() > 0) {
            kept = measured(side == null ? input : input + " (" + side + ")", kept, warnings);
        }
        Profile filtered = filter.frames().apply(kept);
        if (filtered.totalWeight() == 0) {
            throw new DataError(filter.isIdentity() ? "no samples in " + input
                    : "no samples left in " + input + " after " + filtersGiven());
        }
        Aliases aliases = aliases();
        if (aliases.isEmpty()) {
            return filtered;
        }
        Profile out = aliases.apply(filtered);
        joined.put(out, aliases.present(filtered));
        return out;
    }

    /**
     * The profile with its truncated share measured into its info (on the threads kept, before frames
     * are renamed or hidden: a hidden start_thread must not cut every stack), a warning above 5 %, and
     * its cut stacks marked when {@link #markTruncated}.
     */
    private Profile measured(String name, Profile p, Warnings warnings) {
        Truncation t = TruncatedStacks.of(p).measure();
        if (!t.measured()) {
            return p;
        }
        if (t.worthWarning() && !quiet) {
            warnings.add(name + ": " + t.warning());
        }
        Profile withShare = p.withInfo(p.info().withTruncatedShare(t.share()));
        return markTruncated ? TruncatedStacks.of(withShare).mark() : withShare;
    }
}
