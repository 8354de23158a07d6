package io.myflame.recorder.perf;

import io.myflame.recorder.process.Processes;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.error.RecordException;

import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a perf.data really holds, read back with perf itself: the event recorded (a VM without a
 * PMU records {@code cpu-clock} when {@code cycles} was asked for, silently), its sampling
 * frequency or period, and the sample and lost-event counts.
 *
 * @param event     first event name, e.g. {@code cpu-clock} or {@code cycles:P}
 * @param frequency samples per second when sampled by frequency, else -1
 * @param period    events per sample when sampled by period, else -1
 * @param samples   SAMPLE events
 * @param lost      events perf lost (ring buffer overruns)
 */
public record PerfFacts(String event, long frequency, long period, long samples, long lost) {

    /** {@code cpu-clock: type: 1, size: 128, { sample_period, sample_freq }: 4000, ... freq: 1, ...}. */
    private static final Pattern SAMPLE_VALUE = Pattern.compile("\\{ sample_period, sample_freq \\}: (\\d+)");
    private static final Pattern FREQ_FLAG = Pattern.compile("\\bfreq: 1\\b");
    /** {@code           SAMPLE events:         16}. */
    private static final Pattern STAT = Pattern.compile("^\\s*(SAMPLE|LOST|LOST_SAMPLES) events:\\s+(\\d+)", Pattern.MULTILINE);

    public static PerfFacts read(String perf, Path data, Processes processes) throws RecordException {
        ExternalCommand.Result ev = ExternalCommand.of(perf, "evlist", "-v", "-i", data.toString())
                .run(processes, Duration.ofMinutes(2));
        if (ev.exit() != 0 || ev.stdout().isBlank()) {
            throw new RecordException("perf evlist cannot read " + data + ": " + ev.said());
        }
        String first = ev.stdout().lines().findFirst().orElse("");
        int colon = first.indexOf(": ");
        String event = (colon < 0 ? first : first.substring(0, colon)).strip();
        Matcher v = SAMPLE_VALUE.matcher(first);
        long value = v.find() ? Long.parseLong(v.group(1)) : -1;
        boolean byFreq = FREQ_FLAG.matcher(first).find();
        ExternalCommand.Result st = ExternalCommand.of(perf, "report", "--stats", "-i", data.toString())
                .run(processes, Duration.ofMinutes(10));
        long samples = -1;
        long lost = 0;
        Matcher m = STAT.matcher(st.stdout());
        boolean sawSamples = false;
        while (m.find()) {
            long n = Long.parseLong(m.group(2));
            // perf prints the totals first, then per-event sections: the first of each kind counts.
            if (m.group(1).equals("SAMPLE") && !sawSamples) {
                samples = n;
                sawSamples = true;
            } else if (m.group(1).startsWith("LOST") && sawSamples && lost == 0) {
                lost = n;
            }
        }
        if (st.exit() != 0 || (!sawSamples && !st.stderr().isBlank())) {
            // Not "no samples": perf could not count them. On a file cut short perf prints "failed to
            // process sample" and no count, and still exits 0.
            throw new RecordException("perf report --stats cannot read " + data + ": " + st.said());
        }
        return new PerfFacts(event, byFreq ? value : -1, byFreq ? -1 : value, samples, lost);
    }

    /** The event name without modifiers: {@code cycles:P} → {@code cycles}. */
    public static String baseName(String event) {
        int c = event.indexOf(':');
        return c < 0 ? event : event.substring(0, c);
    }
}
