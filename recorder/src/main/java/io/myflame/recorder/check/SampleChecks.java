package io.myflame.recorder.check;

import io.myflame.recorder.Progress;
import io.myflame.recorder.capture.CaptureMetadata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What the samples themselves say about a capture: whether the server was busy on CPU for the
 * whole window (samples per second against the sampling frequency and the client threads), and
 * whether its frames have names (the share of sample weight with an unresolved frame: a stripped
 * {@code mariadbd} shows as {@code [mariadbd]}, an address perf could not place as {@code [unknown]}).
 */
public final class SampleChecks {
    /**
     * Below this share of the expected CPUs the server spent the window waiting. A synchronous
     * client keeps its server thread busy ~50-70% of the time (the rest is the round trip and the
     * client's own work), so a server on CPU less than 30% per client thread waited for something
     * else: fsyncs, locks, an overloaded machine.
     */
    public static final double MIN_BUSY_SHARE = 0.3;
    /** Above this share of unresolved samples the function percentages undercount. */
    public static final double MAX_UNRESOLVED = 0.03;

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
        int expected = Math.min(threads, Runtime.getRuntime().availableProcessors());
        ObjectNode c = meta.checks();
        c.put("server_cpus_busy", WindowChecks.round(busy));
        c.put("expected_cpus_busy", expected);
        if (busy < MIN_BUSY_SHARE * expected) {
            WindowChecks.warn(meta, progress, String.format(Locale.ROOT, "server not CPU-bound: perf found it on CPU "
                    + "%.2f s per second of the window for %d client thread(s) (%d samples at %d Hz in %.1f s): a "
                    + "CPU-bound server is on CPU at least %.0f%% of that per thread, so it waited (disk flushes, "
                    + "locks, a busy machine)%s", busy, threads, samples,
                    frequency, seconds, 100 * MIN_BUSY_SHARE, durability == null ? "" : "; " + durability));
        }
    }

    /**
     * The symbol check over {@code stacks.folded}: the weight of stacks holding {@code [unknown]} or
     * {@code [BINARY]} (the server's file name) as a share of all weight.
     */
    public static void symbols(Path folded, String serverBinary, CaptureMetadata meta, Progress progress) {
        String binary = serverBinary == null ? "mysqld" : Path.of(serverBinary).getFileName().toString();
        double share;
        try {
            share = unresolvedShare(folded, binary);
        } catch (IOException | RuntimeException e) {
            return;
        }
        meta.checks().put("unresolved_share", WindowChecks.round(share));
        if (share > MAX_UNRESOLVED) {
            WindowChecks.warn(meta, progress, String.format(Locale.ROOT, "partly symbolised binary: %.1f%% of the "
                    + "samples have unresolved frames ([%s] or [unknown]), so function percentages undercount and "
                    + "categories are unreliable; install the server's debug symbols (Debian: the -dbgsym package) "
                    + "or record a release with full symbols: --mariadb VERSION", 100 * share, binary));
        }
    }

    /** Share of folded weight in lines with an unresolved frame; lines look like {@code a;[mariadbd];b 1234}. */
    static double unresolvedShare(Path folded, String binary) throws IOException {
        String own = ";[" + binary + "]";
        long total = 0;
        long unresolved = 0;
        try (BufferedReader r = Files.newBufferedReader(folded, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null) {
                int sp = line.lastIndexOf(' ');
                if (sp < 0) {
                    continue;
                }
                long w = Long.parseLong(line.substring(sp + 1).strip());
                total += w;
                String stack = ";" + line.substring(0, sp) + ";";
                if (stack.contains(";[unknown];") || stack.contains(own + ";")) {
                    unresolved += w;
                }
            }
        }
        return total == 0 ? 0 : unresolved / (double) total;
    }
}
