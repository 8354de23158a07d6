package io.myflame.recorder.workload;

import io.myflame.recorder.error.RecordException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The summary sysbench 1.0 / 1.1 prints after a run, parsed. Its lines look like
 * <pre>
 *     transactions:                        3456   (345.50 per sec.)
 *     queries:                             6912   (691.00 per sec.)
 *     ignored errors:                      0      (0.00 per sec.)
 *     reconnects:                          0      (0.00 per sec.)
 *          min:                                    0.12
 *          95th percentile:                        4.03
 * </pre>
 * A field sysbench did not print (a run cut short) is -1 / NaN.
 */
public record SysbenchResults(long transactions, long queries, double tps, double qps,
                              double latencyMin, double latencyAvg, double latencyMax, double latencyP95,
                              long errors, long reconnects, double totalTime) {

    private static final Pattern COUNT = Pattern.compile(
            "^\\s*(transactions|queries|ignored errors|reconnects):\\s+(\\d+)\\s+\\(([\\d.]+) per sec\\.\\)", Pattern.MULTILINE);
    private static final Pattern LATENCY = Pattern.compile(
            "^\\s*(min|avg|max|\\d+(?:th|st|nd|rd) percentile):\\s+([\\d.]+)\\s*$", Pattern.MULTILINE);
    private static final Pattern TOTAL_TIME = Pattern.compile("^\\s*total time:\\s+([\\d.]+)s", Pattern.MULTILINE);
    /** {@code [ 3s ] thds: 1 tps: 3052.95 qps: 3052.95 (r/w/o: ...) lat (ms,95%): 0.45 err/s: 0.00 reconn/s: 0.00}. */
    public static final Pattern LIVE = Pattern.compile(
            "^\\[\\s*([\\d.]+)s\\s*\\]\\s+thds:\\s*\\d+\\s+tps:\\s*([\\d.]+).*?lat \\(ms,\\d+%\\):\\s*([\\d.]+)");

    public static SysbenchResults parse(String out) {
        long[] counts = {-1, -1, -1, -1};
        double[] rates = {Double.NaN, Double.NaN};
        Matcher m = COUNT.matcher(out);
        while (m.find()) {
            int i = switch (m.group(1)) {
                case "transactions" -> 0;
                case "queries" -> 1;
                case "ignored errors" -> 2;
                default -> 3;
            };
            counts[i] = Long.parseLong(m.group(2));
            if (i < 2) {
                rates[i] = Double.parseDouble(m.group(3));
            }
        }
        double[] lat = {Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        Matcher l = LATENCY.matcher(out);
        while (l.find()) {
            String k = l.group(1);
            int i = k.equals("min") ? 0 : k.equals("avg") ? 1 : k.equals("max") ? 2 : 3;
            lat[i] = Double.parseDouble(l.group(2));
        }
        Matcher t = TOTAL_TIME.matcher(out);
        double total = t.find() ? Double.parseDouble(t.group(1)) : Double.NaN;
        return new SysbenchResults(counts[0], counts[1], rates[0], rates[1], lat[0], lat[1], lat[2], lat[3],
                counts[2], counts[3], total);
    }

    /**
     * The report of a run that ended well (exit 0), which must hold at least the transaction count and
     * rate: without them there is no rate to publish and nothing to divide the counters by. A script
     * with its own report, or a sysbench that prints another format, is refused with what it printed.
     *
     * @param what the run, for the message ({@code measured run})
     * @param log  the file holding {@code out}, named in the message
     */
    public static SysbenchResults parseReport(String out, String what, Path log) throws RecordException {
        SysbenchResults r = parse(out);
        if (r.transactions() < 0 || Double.isNaN(r.tps())) {
            List<String> lines = out.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
            String last = lines.isEmpty() ? "nothing"
                    : String.join(" / ", lines.subList(Math.max(0, lines.size() - 2), lines.size()));
            throw new RecordException("sysbench's " + what + " printed no results (no 'transactions: N (R per sec.)' "
                    + "line; it ended with: " + last + "; see " + log + ")");
        }
        return r;
    }

    /** True when sysbench printed its final statistics. */
    public boolean complete() {
        return transactions >= 0 && queries >= 0;
    }
}
