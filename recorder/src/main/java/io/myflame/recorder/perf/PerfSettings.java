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
 */
public record PerfSettings(String perf, String event, Integer frequency, Long count, String callGraph) {

    public static final PerfSettings DEFAULT = new PerfSettings("perf", "cycles", null, null, "fp");
    /** {@code dwarf,SIZE}: perf copies SIZE bytes of each stack (8192 by default). */
    private static final Pattern DWARF_WITH_SIZE = Pattern.compile("dwarf,(\\d{1,5})");
    /** The largest dump perf takes (a multiple of 8 below 64 KiB). */
    static final int MAX_DUMP = 65528;

    public PerfSettings {
        if (frequency != null && count != null) {
            throw new UsageError("--freq and --count exclude each other");
        }
        if (!List.of("fp", "dwarf", "lbr").contains(callGraph) && !dumpSizeOk(callGraph)) {
            throw new UsageError("--call-graph must be fp, dwarf, dwarf,SIZE (bytes of stack copied per sample, "
                    + "8 to " + MAX_DUMP + ") or lbr, not '" + callGraph + "'");
        }
    }

    private static boolean dumpSizeOk(String callGraph) {
        Matcher m = DWARF_WITH_SIZE.matcher(callGraph);
        return m.matches() && Integer.parseInt(m.group(1)) >= 8 && Integer.parseInt(m.group(1)) <= MAX_DUMP;
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
