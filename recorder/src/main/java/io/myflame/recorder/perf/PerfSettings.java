package io.myflame.recorder.perf;

import io.myflame.core.UsageError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How {@code perf record} samples the server.
 *
 * @param perf      the perf binary
 * @param event     the event asked for ({@code cycles} by default)
 * @param frequency samples per second ({@code -F}), or null
 * @param count     events per sample ({@code -c}), or null; excludes frequency
 * @param callGraph {@code fp}, {@code dwarf} or {@code lbr}
 */
public record PerfSettings(String perf, String event, Integer frequency, Long count, String callGraph) {

    public static final PerfSettings DEFAULT = new PerfSettings("perf", "cycles", null, null, "fp");

    public PerfSettings {
        if (frequency != null && count != null) {
            throw new UsageError("--freq and --count exclude each other");
        }
        if (!List.of("fp", "dwarf", "lbr").contains(callGraph)) {
            throw new UsageError("--call-graph must be fp, dwarf or lbr, not '" + callGraph + "'");
        }
    }

    /** {@code perf record -e cycles -g -p PID -o FILE}, with -F / -c / --call-graph as asked. */
    List<String> recordArgs(long pid, Path output) {
        List<String> a = new ArrayList<>(List.of("record", "-e", event));
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
        a.addAll(List.of("-p", Long.toString(pid), "-o", output.toString()));
        return a;
    }
}
