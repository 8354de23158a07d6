package io.myflame.recorder.check;

import io.myflame.core.task.Concurrency;
import io.myflame.recorder.progress.Progress;
import io.myflame.recorder.capture.CaptureMetadata;

import java.util.LinkedHashMap;
import java.util.Map;
import io.myflame.core.analysis.TruncatedStacks;
import io.myflame.core.analysis.Truncation;
import io.myflame.core.analysis.UnnamedCode;
import io.myflame.core.model.CallGraph;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.ingest.folded.FoldedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Locale;

/**
 * What the samples themselves say about a capture: whether the server was busy on CPU for the
 * whole window (samples per second against the sampling frequency and the client threads), whether
 * its stacks reach their threads' entry points (the share of sample weight in truncated stacks, by
 * cause), and what its missing names hide: the share of self time in unnamed code ({@link UnnamedCode}: a
 * stripped {@code mariadbd}'s functions show as {@code mariadbd+0x7e3a80}, or {@code [mariadbd]} through perf
 * script, an address perf could not place as {@code [unknown]}); named functions' inclusive shares are exact.
 */
public final class SampleChecks {
    /**
     * Below this share of the expected CPUs the server spent the window waiting. A synchronous
     * client keeps its server thread busy ~50-70% of the time (the rest is the round trip and the
     * client's own work), so a server on CPU less than 30% per client thread waited for something
     * else: fsyncs, locks, an overloaded machine.
     */
    public static final double MIN_BUSY_SHARE = 0.3;
    /** Above this share of self time in unnamed code the capture warns ({@link UnnamedCode#WARN_ABOVE}). */
    public static final double MAX_UNNAMED_SELF = UnnamedCode.WARN_ABOVE;

    private SampleChecks() {
    }

    /**
     * The CPU check: perf sampled the server {@code samples} times at {@code frequency} Hz over
     * {@code seconds}; a CPU-bound server runs min(threads, cores) CPUs.
     */
    public static void cpu(long samples, long frequency, double seconds, int threads, String durability,
                           CaptureMetadata meta, Progress progress) {
        if (frequency <= 0 || seconds <= 0 || samples < 0) {
            return;
        }
        double busy = samples / (frequency * seconds);
        int expected = Math.min(threads, Concurrency.cores());
        meta.checks(c -> c.withCpusBusy(WindowChecks.round(busy), expected));
        if (busy < MIN_BUSY_SHARE * expected) {
            WindowChecks.warn(meta, progress, String.format(Locale.ROOT, "server not CPU-bound: perf found it on CPU "
                    + "%.2f s per second of the window for %d client thread(s) (%d samples at %d Hz in %.1f s): a "
                    + "CPU-bound server is on CPU at least %.0f%% of that per thread, so it waited (disk flushes, "
                    + "locks, a busy machine)%s", busy, threads, samples,
                    frequency, seconds, 100 * MIN_BUSY_SHARE, durability == null ? "" : "; " + durability));
        }
    }

    /**
     * The stack checks over {@code stacks.folded}, recorded with {@code callGraph}: the share of weight
     * in truncated stacks with its causes ({@link TruncatedStacks}); the share of self time in unnamed
     * code, by file ({@link UnnamedCode}), which is all that missing symbols take from the analysis; and,
     * as before, the share in stacks passing through an unnamed frame of the server ({@code [unknown]},
     * {@code [BINARY]} or {@code BINARY+0x..}), but for the {@code [unknown]} a truncated stack ends on.
     */
    public static void stacks(Path folded, String serverBinary, CallGraph callGraph, CaptureMetadata meta,
                              Progress progress) {
        String binary = serverBinary == null ? "mysqld" : Path.of(serverBinary).getFileName().toString();
        Profile profile;
        try (InputStream in = Files.newInputStream(folded)) {
            profile = FoldedReader.read(in, folded.toString(),
                    new ProfileInfo(null, null, folded.toString()).withCallGraph(callGraph), new ArrayList<>());
        } catch (IOException | RuntimeException e) {
            return;
        }
        Truncation truncated = TruncatedStacks.of(profile).measure();
        Map<String, Double> causes = new LinkedHashMap<>();
        truncated.causes().forEach(c -> causes.put(c.cause().key(), WindowChecks.round(truncated.share(c.cause()))));
        double share = unresolvedShare(profile, binary);
        UnnamedCode unnamed = UnnamedCode.of(profile);
        meta.checks(c -> c.withStacks(WindowChecks.round(truncated.share()), causes, WindowChecks.round(share),
                WindowChecks.round(unnamed.share())));
        if (truncated.worthWarning()) {
            WindowChecks.warn(meta, progress, truncated.warning());
        }
        if (unnamed.worthWarning()) {
            WindowChecks.warn(meta, progress, unnamed.warning(fix(binary)));
        }
    }

    /** The fix for unnamed code of a server recorded by myflame: its debug symbols, or a full-symbol release. */
    static String fix(String binary) {
        return String.format(Locale.ROOT, "install the debug symbols of %s (Debian: the -dbgsym package) or record "
                + "a release with full symbols: --mariadb VERSION", binary);
    }

    /**
     * Share of weight in stacks with an unnamed frame of the server, {@code [unknown]}, {@code [BINARY]} or
     * {@code BINARY+0x..}, past the cut end. Not a loss: named functions' inclusive shares stay exact.
     */
    static double unresolvedShare(Profile profile, String binary) {
        int unknown = profile.frames().find("[unknown]");
        int own = profile.frames().find("[" + binary + "]");
        TruncatedStacks truncated = TruncatedStacks.of(profile);
        long total = 0;
        long unresolved = 0;
        int[] stack = new int[64];
        for (int i = 0; i < profile.size(); i++) {
            long w = profile.weight(i);
            total += w;
            stack = profile.stack(i, stack);
            for (int j = truncated.cutUnknown(i), len = profile.depth(i); j < len; j++) {
                if (stack[j] == unknown || stack[j] == own || binary.equals(unnamedFileOf(profile, stack[j]))) {
                    unresolved += w;
                    break;
                }
            }
        }
        return total == 0 ? 0 : unresolved / (double) total;
    }

    private static String unnamedFileOf(Profile profile, int frame) {
        String name = profile.frames().name(frame);
        return UnnamedCode.isFunction(name) ? UnnamedCode.fileOf(name) : null;
    }
}
