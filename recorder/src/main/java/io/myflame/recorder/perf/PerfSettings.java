package io.myflame.recorder.perf;

import io.myflame.core.UsageError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How {@code perf record} samples the server.
 *
 * @param perf      the perf binary
 * @param event     the event asked for ({@code cycles} by default)
 * @param frequency samples per second ({@code -F}), or null
 * @param count     events per sample ({@code -c}), or null; excludes frequency
 * @param callGraph {@code fp}, {@code dwarf}, {@code dwarf,SIZE} or {@code lbr}
 * @param overheadRounds rounds of the overhead check before the window (8 s each), 0 for none
 * @param systemWide     sample every CPU ({@code -a}) instead of the server's threads ({@code -p PID}):
 *                       perf attaches nothing to the server's threads, whose every context switch would
 *                       otherwise switch its events too (MySQL 8.0.15's DELETE: 0.93 of the unprofiled
 *                       rate against 0.81, docs/recording.md); the capture, perf.data included, keeps
 *                       the server's samples. record's default where perf may ({@link PerfPermissions#everyCpuAllowed})
 */
public record PerfSettings(String perf, String event, Integer frequency, Long count, String callGraph,
                           int overheadRounds, boolean systemWide) {

    /**
     * How record walks the server's stacks unless told otherwise: perf's dwarf unwinding with 32 KB
     * of stack copied per sample. Frame pointers lose every caller of Debian's libc (36-48 % of a
     * DELETE capture's samples cut short); perf's default 8 KB dump runs out under the server's
     * deeper stacks; 16 KB still cuts 5.5 % of MariaDB 10.2's (its connection threads' frames are
     * larger) and 9.2 % of MySQL 8.0.15's DELETE stacks, 24 KB still 3.3 % of those; 32 KB leaves 0.6 % of
     * 11.4.5's and 1.4-2.4 % of MySQL 8.0.15's. The dump's size costs little throughput beside the
     * sampling rate (docs/recording.md, "Whole stacks" and "What perf costs").
     */
    public static final String DEFAULT_CALL_GRAPH = "dwarf,32768";
    /**
     * Samples per second unless --freq or --count says otherwise, whatever the call graph. Each sample
     * costs the server its interrupt and perf's work whatever it copies: on a quiet 2-core VM, MariaDB's
     * point selects ran at 0.86 of their unprofiled rate at 499 Hz (frame pointers 0.89) and at 0.935
     * at 199 Hz (docs/recording.md, "What perf costs"). 199 Hz still gives ~4,000 samples per busy
     * thread in record's default 20 s, and at 32 KB per sample ~4 MB/s of perf.data per busy CPU.
     */
    public static final int DEFAULT_FREQUENCY = 199;
    /** {@code dwarf,SIZE}: perf copies SIZE bytes of each stack (8192 by default). */
    private static final Pattern DWARF_WITH_SIZE = Pattern.compile("dwarf,(\\d{1,5})");
    /** The largest dump perf takes (a multiple of 8 below 64 KiB). */
    static final int MAX_DUMP = 65528;
    /** Declared after the patterns its constructor checks against (static fields initialise in order). */
    public static final PerfSettings DEFAULT = new PerfSettings("perf", "cycles", null, null, DEFAULT_CALL_GRAPH);

    /**
     * Rounds of the overhead check unless told otherwise: 18 s of sysbench, 6 s counted a side, which
     * says a point select's cost to about 0.03 and a DELETE's to 0.05-0.15 (docs/recording.md).
     */
    public static final int DEFAULT_OVERHEAD_ROUNDS = 2;
    /** The most rounds: 50 are 402 s of sysbench before the window. */
    public static final int MAX_OVERHEAD_ROUNDS = 50;

    /** With the overhead check before the window (docs/recording.md, "What perf costs"). */
    public PerfSettings(String perf, String event, Integer frequency, Long count, String callGraph) {
        this(perf, event, frequency, count, callGraph, DEFAULT_OVERHEAD_ROUNDS, false);
    }

    /** The same settings, perf on every CPU or on the server's threads. */
    public PerfSettings withSystemWide(boolean everyCpu) {
        return new PerfSettings(perf, event, frequency, count, callGraph, overheadRounds, everyCpu);
    }

    public PerfSettings {
        if (overheadRounds < 0 || overheadRounds > MAX_OVERHEAD_ROUNDS) {
            throw new UsageError("--overhead-rounds must be 1 to " + MAX_OVERHEAD_ROUNDS + ", not " + overheadRounds);
        }
        if (frequency != null && count != null) {
            throw new UsageError("--freq and --count exclude each other");
        }
        if (count != null && count < 1) {
            throw new UsageError("--count must be at least 1, not " + count);
        }
        frequency = frequency(frequency, count, maxSampleRate());
        if (!List.of("fp", "dwarf", "lbr").contains(callGraph) && !dumpSizeOk(callGraph)) {
            throw new UsageError("--call-graph must be fp, dwarf, dwarf,SIZE (bytes of stack copied per sample, "
                    + "8 to " + MAX_DUMP + ") or lbr, not '" + callGraph + "'");
        }
    }

    /**
     * The rate to sample at: {@code frequency} as asked, none when a {@code count} of events is asked
     * instead, else the default, taken down to {@code maxRate}, the kernel's highest.
     */
    static Integer frequency(Integer frequency, Long count, long maxRate) {
        if (frequency == null && count == null) {
            // The kernel lowers its maximum when sampling interrupts run long (busy VMs do): a default
            // above it is taken down to it, where a rate the user asked for is refused below.
            frequency = (int) Math.min(DEFAULT_FREQUENCY, maxRate);
        }
        if (frequency != null && (frequency < 1 || frequency > maxRate)) {
            // perf record fails on such a rate only once attached, and the capture holds no samples.
            throw new UsageError("--freq must be 1 to " + maxRate + " samples per second (this kernel's "
                    + "perf_event_max_sample_rate), not " + frequency);
        }
        return frequency;
    }

    /** The kernel's highest sampling rate ({@code kernel.perf_event_max_sample_rate}); unbounded when unreadable. */
    static long maxSampleRate() {
        try (var r = java.nio.file.Files.newBufferedReader(Path.of("/proc/sys/kernel/perf_event_max_sample_rate"))) {
            return Long.parseLong(r.readLine().strip());
        } catch (java.io.IOException | RuntimeException e) {
            return Integer.MAX_VALUE;
        }
    }

    private static boolean dumpSizeOk(String callGraph) {
        Matcher m = DWARF_WITH_SIZE.matcher(callGraph);
        return m.matches() && Integer.parseInt(m.group(1)) >= 8 && Integer.parseInt(m.group(1)) <= MAX_DUMP;
    }

    /**
     * {@code perf record -N -e cycles -g -p PID -o FILE}, with -F / -c / --call-graph as asked. {@code -N}:
     * perf would copy every binary it saw into ~/.debug (300 MB for a MariaDB release, per version); the
     * capture keeps what naming needs itself, in its symbol archive, and perf still writes the build ids.
     */
    List<String> recordArgs(long pid, Path output) {
        List<String> a = new ArrayList<>(List.of("record", "-N", "-e", event));
        if (callGraph.equals("fp")) {
            a.add("-g");
        } else {
            a.add("--call-graph=" + callGraph);
        }
        if (frequency != null) {
            a.add("-F");
            a.add(frequency.toString());
        }
        if (count != null) {
            a.add("-c");
            a.add(count.toString());
        }
        a.addAll(systemWide ? List.of("-a", "-o", output.toString()) : List.of("-p", Long.toString(pid), "-o", output.toString()));
        return a;
    }
}
