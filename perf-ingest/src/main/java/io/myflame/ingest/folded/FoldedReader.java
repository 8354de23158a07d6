package io.myflame.ingest.folded;

import io.myflame.core.task.Concurrency;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.core.model.SampledThread;
import io.myflame.ingest.error.InputException;
import io.myflame.ingest.fold.FoldedStacks;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads folded (collapsed) stacks, one per line: {@code root;caller;...;leaf weight}, in parallel
 * ({@link FoldedTextReader}). What the first frame is depends on {@link Root}: by default a thread
 * label kept as written. A folded file has no sample counts, so a line counts as {@code weight}
 * samples.
 */
public final class FoldedReader {
    /** {@code comm-PID/TID}, as {@code myflame collapse --tid} writes it: the only label that is split. */
    private static final Pattern WITH_TID = Pattern.compile("(.*)-(\\d+|\\?)/(\\d+)");

    /** What the first frame of a folded line is. */
    public enum Root {
        /**
         * A thread, kept as written: {@code SampledThread-0}, {@code pool-1-thread-3} and
         * {@code mysqld-1234} stay distinct roots; only {@code comm-PID/TID} is read as comm, pid, tid.
         */
        THREAD,
        /** A thread whose trailing {@code -N} is a number to merge: {@code SampledThread-0} and {@code SampledThread-1} are {@code SampledThread}. */
        NUMBERED_THREAD,
        /** A function (async-profiler's collapsed output, generic folded files): every frame is kept. */
        FUNCTION
    }

    /** The two sides of a differential folded file ({@code stack BASE NEW} per line). */
    public record Differential(Profile base, Profile next) {
    }

    private FoldedReader() {
    }

    /** Reads folded text as bytes (ISO-8859-1), so names from perf come back byte for byte. */
    public static Profile read(InputStream in, String source, ProfileInfo info, List<String> warnings)
            throws IOException, InputException {
        return read(in, StandardCharsets.ISO_8859_1, source, info, warnings, Root.THREAD, 1);
    }

    /** Reads folded text in a given charset (UTF-8 for names that come from Java strings). */
    public static Profile read(InputStream in, Charset charset, String source, ProfileInfo info,
                               List<String> warnings) throws IOException, InputException {
        return read(in, charset, source, info, warnings, Root.THREAD, 1);
    }

    /** Reads folded text with a chosen meaning of the first frame, on {@code threads} workers. */
    public static Profile read(InputStream in, Charset charset, String source, ProfileInfo info, List<String> warnings,
                               Root root, int threads) throws IOException, InputException {
        return read(in, null, charset, source, info, warnings, root, Concurrency.of(threads));
    }

    /**
     * As {@link #read(InputStream, Charset, String, ProfileInfo, List, Root, int)}, on as many workers as
     * {@code concurrency} allows; {@code file}, when not null, is the regular file whose bytes {@code in}
     * reads, which the workers then read by segments.
     */
    public static Profile read(InputStream in, java.nio.file.Path file, Charset charset, String source, ProfileInfo info,
                               List<String> warnings, Root root, Concurrency concurrency)
            throws IOException, InputException {
        FoldedStacks stacks = new FoldedTextReader(concurrency).fromFile(file).read(in, charset, source, root != Root.FUNCTION,
                false);
        return profile(stacks, info, warnings, root);
    }

    /** The profile of stacks read from folded text ({@link FoldedTextReader}, one count a line) whose first frame is {@code root}. */
    public static Profile profile(FoldedStacks stacks, ProfileInfo info, List<String> warnings, Root root) {
        warnings.addAll(stacks.warnings());
        return stacks.takeProfile(info, threadOf(root), FoldedStacks.Counts.AS_READ);
    }

    /** Reads a differential folded file (two counts per line) as its two profiles; {@code file} as for {@link #read}. */
    public static Differential readDifferential(InputStream in, java.nio.file.Path file, String source, ProfileInfo info,
                                                List<String> warnings, Root root, Concurrency concurrency)
            throws IOException, InputException {
        FoldedStacks stacks = new FoldedTextReader(concurrency).fromFile(file).read(in, source, root != Root.FUNCTION, true);
        warnings.addAll(stacks.warnings());
        Function<String, SampledThread> threadOf = threadOf(root);
        // arguments are evaluated in order: the base is copied, then the new side takes the stacks
        return new Differential(stacks.toProfile(info.withLabel(side(info, "base")), threadOf, FoldedStacks.Counts.BASE),
                stacks.takeProfile(info.withLabel(side(info, "new")), threadOf, FoldedStacks.Counts.NEW));
    }

    private static String side(ProfileInfo info, String side) {
        return info.label() == null ? side : info.label() + " (" + side + ")";
    }

    private static Function<String, SampledThread> threadOf(Root root) {
        return switch (root) {
            case THREAD -> FoldedReader::wholeLabel;
            case NUMBERED_THREAD -> SampledThread::fromRootLabel;
            case FUNCTION -> label -> new SampledThread(FoldedTextReader.ALL, -1, -1);
        };
    }

    private static SampledThread wholeLabel(String label) {
        Matcher m = WITH_TID.matcher(label);
        if (m.matches()) {
            return SampledThread.fromRootLabel(label);
        }
        return new SampledThread(label, -1, -1);
    }
}
