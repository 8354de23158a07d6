package io.myflame.recorder.check;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * perf's cost measured on one sysbench run whose sampling was switched on and off in slices of a
 * few seconds ({@link OverheadSchedule}): the mean of sysbench's per-second rates while perf sampled
 * against the mean while it did not, on the same table, the same server and the same machine load,
 * so neither a table that changes over the run nor a neighbour's build decides the ratio. The log is
 * sysbench's output with myflame's marks of each switch, as {@code sysbench-overhead.txt} keeps it:
 * <pre>
 *     [ 3s ] thds: 1 tps: 9512.93 qps: 9512.93 (r/w/o: 0.00/9512.93/0.00) lat (ms,95%): 0.14 err/s: 0.00 reconn/s: 0.00
 *     myflame: perf on after 3s
 *     [ 4s ] thds: 1 tps: 8012.00 qps: 8012.00 (r/w/o: 0.00/8012.00/0.00) lat (ms,95%): 0.17 err/s: 0.00 reconn/s: 0.00
 * </pre>
 * The second after each switch is left out: the switch lands a few milliseconds into it, and perf
 * still writes out what it buffered after it stops sampling. Second 1 (connecting) is left out too.
 *
 * @param rounds            pairs of an unprofiled and a profiled slice
 * @param profiledSeconds   seconds counted while perf sampled
 * @param unprofiledSeconds seconds counted while it did not
 * <p>How far the ratio may be from perf's real cost, {@link #ratioStandardError}, comes from how much
 * the counted seconds' rates varied on each side: the standard errors of the two means, relative to
 * each, combined as for any quotient of independent means (the delta method). Seconds are taken as
 * independent; a rate that drifts within a slice makes neighbouring seconds alike, so it is a floor on
 * the error rather than a bound. On a quiet machine a point select's ratio comes out within about 0.03,
 * a DELETE's (whose rate swings with purge and flushing) 0.05-0.15 (docs/recording.md).
 *
 * @param profiledTps       mean transactions per second while perf sampled
 * @param unprofiledTps     mean while it did not
 * @param profiledSd        standard deviation of the sampled seconds' rates
 * @param unprofiledSd      standard deviation of the others'
 */
public record InterleavedOverhead(int rounds, int profiledSeconds, int unprofiledSeconds, double profiledTps,
                                  double unprofiledTps, double profiledSd, double unprofiledSd) {
    /** {@code [ 12s ] thds: 1 tps: 9512.93 ...}: the second the interval ends at, and its rate. */
    private static final Pattern INTERVAL = Pattern.compile("^\\[\\s*(\\d+)s\\s*\\]\\s+thds:\\s*\\d+\\s+tps:\\s*([\\d.]+)");
    /** {@code myflame: perf on after 3s}: from the interval ending at second 4, perf sampled. */
    private static final Pattern SWITCH = Pattern.compile("^myflame: perf (on|off) after (\\d+)s");

    /** The mark {@link #of} reads: perf sampled ({@code on}) or not from the second after {@code second}. */
    public static String mark(boolean on, int second) {
        return "myflame: perf " + (on ? "on" : "off") + " after " + second + "s";
    }

    /** Reads a log with marks; null when it holds no profiled or no unprofiled second to compare. */
    public static InterleavedOverhead of(String log) {
        boolean on = false;
        int lastSwitch = 0;
        int switches = 0;
        double[] sum = new double[2];
        double[] squares = new double[2];
        int[] seconds = new int[2];
        for (String line : log.split("\n")) {
            Matcher s = SWITCH.matcher(line);
            if (s.find()) {
                boolean next = s.group(1).equals("on");
                if (next != on) {
                    on = next;
                    lastSwitch = Integer.parseInt(s.group(2));
                    switches++;
                }
                continue;
            }
            Matcher m = INTERVAL.matcher(line);
            if (m.find()) {
                int second = Integer.parseInt(m.group(1));
                if (second > 1 && second > lastSwitch + 1) {
                    int side = on ? 1 : 0;
                    double tps = Double.parseDouble(m.group(2));
                    sum[side] += tps;
                    squares[side] += tps * tps;
                    seconds[side]++;
                }
            }
        }
        if (seconds[0] == 0 || seconds[1] == 0) {
            return null;
        }
        return new InterleavedOverhead((switches + 1) / 2, seconds[1], seconds[0], sum[1] / seconds[1],
                sum[0] / seconds[0], sd(sum[1], squares[1], seconds[1]), sd(sum[0], squares[0], seconds[0]));
    }

    /** The sample standard deviation of {@code n} values from their sum and sum of squares; 0 for one value. */
    private static double sd(double sum, double squares, int n) {
        if (n < 2) {
            return 0;
        }
        double mean = sum / n;
        return Math.sqrt(Math.max(0, (squares - n * mean * mean) / (n - 1)));
    }

    /**
     * One standard error of {@link #ratio}: NaN when a side has a single counted second (no spread to
     * judge by), 0 only when every second of each side ran at one rate.
     */
    public double ratioStandardError() {
        if (profiledSeconds < 2 || unprofiledSeconds < 2) {
            return Double.NaN;
        }
        double p = profiledSd / profiledTps;
        double u = unprofiledSd / unprofiledTps;
        return ratio() * Math.sqrt(p * p / profiledSeconds + u * u / unprofiledSeconds);
    }

    /** Profiled over unprofiled throughput: 1 when perf cost nothing. */
    public double ratio() {
        return profiledTps / unprofiledTps;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%.0f tps sampled against %.0f not (%d s and %d s, %d rounds): %.2f ± %.2f",
                profiledTps, unprofiledTps, profiledSeconds, unprofiledSeconds, rounds, ratio(), ratioStandardError());
    }
}
