package io.myflame.load;

import io.myflame.core.DataError;
import io.myflame.core.Decimals;
import io.myflame.core.analysis.Aliases;
import io.myflame.core.analysis.ProfileFilter;
import io.myflame.core.analysis.TruncatedStacks;
import io.myflame.core.analysis.Truncation;
import io.myflame.core.analysis.UnnamedCode;
import io.myflame.core.model.Profile;
import io.myflame.ingest.ProfileLoader;
import io.myflame.ingest.capture.CaptureRecord;
import io.myflame.ingest.error.InputException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads inputs through perf-ingest's {@link ProfileLoader}, made as a {@link Reading} says, each once (capture.json included), and
 * prepares each profile as a {@link Preparation} says; a progress line shows on a terminal while a
 * long input is read.
 */
public final class InputLoader {
    private final ProfileLoader reader;
    private final Preparation preparation;

    public InputLoader(Reading reading, Preparation preparation) {
        this.reader = reading.loader();
        this.preparation = preparation;
    }

    /** One input as one profile; a differential folded file, which holds two, is refused. */
    public AnalysisInput load(String input) throws IOException, InputException {
        ProfileLoader.Loaded read = read(input);
        if (read.differential()) {
            throw ProfileLoader.notOneProfile(input);
        }
        return prepare(input, read);
    }

    /** One input as one profile, or as the base and new profiles of a differential folded file. */
    public AnalysisInput loadAny(String input) throws IOException, InputException {
        return prepare(input, read(input));
    }

    private ProfileLoader.Loaded read(String input) throws IOException, InputException {
        try (ReadProgress progress = ReadProgress.start("myflame: " + input, reader.bytesRead())) {
            return reader.read(input);
        }
    }

    private AnalysisInput prepare(String input, ProfileLoader.Loaded read) {
        List<Warnings.Warning> warnings = new ArrayList<>();
        read.warnings().forEach(w -> warnings.add(Warnings.Warning.of(w)));
        if (read.capture() != null && !preparation.quiet()) {
            notes(input, read.capture(), warnings);
        }
        List<Profile> prepared = new ArrayList<>();
        Map<String, List<String>> joined = Map.of();
        for (Profile p : read.profiles()) {
            String side = !read.differential() ? null : prepared.isEmpty() ? "base" : "new";
            Profile filtered = filtered(input, side, p, warnings);
            Aliases aliases = preparation.aliases();
            if (aliases.isEmpty()) {
                prepared.add(filtered);
            } else {
                prepared.add(aliases.apply(filtered));
                joined = prepared.size() == 1 ? aliases.present(filtered) : joined;
            }
        }
        CaptureSummary capture = read.capture() == null ? null : new CaptureSummary(read.capture());
        return new AnalysisInput(input, prepared, joined, capture, warnings);
    }

    /**
     * A capture's own warnings (its self-checks), one line each, so a reader of its numbers sees them;
     * but its truncated stacks and its unnamed code, which every read measures on the threads it keeps
     * (older captures said "partly symbolised binary" and that percentages undercount, which they do not),
     * and the facts of its recording, which {@code record} said when it recorded: the event perf used
     * instead of the one asked for is named in every output's header or footnote (and with {@code --per
     * txn} the cells are CPU time whatever the event), and lost events are said again only when they are
     * a share of the samples that moves a number ({@link #LOST_WORTH_SAYING}).
     */
    private static void notes(String input, CaptureRecord capture, List<Warnings.Warning> warnings) {
        for (String w : capture.ownWarnings()) {
            if (!Truncation.isWarning(w) && !w.startsWith(UnnamedCode.WARNING_MARK) && !w.startsWith(OLD_UNNAMED)
                    && !isRecordingFact(w)) {
                warnings.add(new Warnings.Warning("capture says: " + w, input));
            }
        }
        CaptureRecord.Perf perf = capture.perf();
        if (perf != null && perf.lost() != null && perf.lost() > 0 && perf.samples() != null) {
            double share = perf.lost() / (double) (perf.samples() + perf.lost());
            if (share >= LOST_WORTH_SAYING) {
                warnings.add(new Warnings.Warning(String.format(java.util.Locale.ROOT,
                        "capture says: perf lost %d events (%s%% of what it sampled): lower --freq or raise perf's buffer",
                        perf.lost(), Decimals.onePlace(100 * share)), input));
            }
        }
    }

    /** Lost events below this share of the samples change no percentage that a table shows. */
    static final double LOST_WORTH_SAYING = 0.01;

    /** The event perf used instead of the one asked for ({@code record}'s words), or events it lost. */
    private static boolean isRecordingFact(String w) {
        return w.startsWith("perf recorded ") && w.contains(", not the requested ") || w.startsWith("perf lost ");
    }

    /** How captures before issue 33 worded their unnamed-code warning. */
    private static final String OLD_UNNAMED = "partly symbolised binary: ";

    /** Weighted, threads kept, truncation measured, frames renamed and hidden; no samples left is a data error. */
    private Profile filtered(String input, String side, Profile p, List<Warnings.Warning> warnings) {
        ProfileFilter filter = preparation.filter();
        Profile weighted = preparation.countSamples() ? p.countingSamples() : p;
        Profile kept = filter.threads().apply(weighted);
        if (kept.totalWeight() > 0) {
            kept = measured(side == null ? input : input + " (" + side + ")", kept, warnings);
        }
        Profile filtered = filter.frames().apply(kept);
        if (filtered.totalWeight() == 0) {
            throw new DataError(filter.isIdentity() ? "no samples in " + input
                    : "no samples left in " + input + " after " + preparation.filtersGiven());
        }
        return filtered;
    }

    /**
     * The profile with its truncated share measured into its info (on the threads kept, before frames
     * are renamed or hidden: a hidden start_thread must not cut every stack), a warning above 5 %, and
     * its cut stacks marked when the preparation says so.
     */
    private Profile measured(String name, Profile p, List<Warnings.Warning> warnings) {
        // one classifier for both: each stack is classified once
        TruncatedStacks stacks = TruncatedStacks.of(p);
        Truncation t = stacks.measure();
        if (!t.measured()) {
            return p;
        }
        UnnamedCode unnamed = UnnamedCode.of(p);
        if (unnamed.worthWarning() && !preparation.quiet()) {
            warnings.add(Warnings.Warning.of(name + ": " + unnamed.warning()));
        }
        if (t.worthWarning() && !preparation.quiet()) {
            warnings.add(Warnings.Warning.of(name + ": " + t.warning()));
        }
        io.myflame.core.model.ProfileInfo withShare = p.info().withTruncatedShare(t.share());
        return preparation.markTruncated() ? stacks.mark().withInfo(withShare) : p.withInfo(withShare);
    }
}
