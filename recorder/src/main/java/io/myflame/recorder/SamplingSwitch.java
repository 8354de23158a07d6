package io.myflame.recorder;

import io.myflame.recorder.check.InterleavedOverhead;
import io.myflame.recorder.check.OverheadSchedule;
import io.myflame.recorder.perf.PerfRecording;
import io.myflame.recorder.workload.SysbenchResults;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;

/**
 * Switches a paused perf on and off as the overhead check's sysbench reports its seconds: after
 * {@code [ 3s ] thds: 1 tps: ...} it sets what the interval ending at second 4 runs with ({@link
 * OverheadSchedule}) and returns the mark for the log ({@link InterleavedOverhead#mark}). A perf
 * that does not answer ends the switching: what the seconds after ran with is then unknown.
 */
final class SamplingSwitch implements UnaryOperator<String> {
    private final PerfRecording perf;
    private boolean sampling;
    private boolean answered = true;

    SamplingSwitch(PerfRecording perf) {
        this.perf = perf;
    }

    @Override
    public String apply(String line) {
        Matcher m = SysbenchResults.LIVE.matcher(line);
        if (!answered || !m.find()) {
            return null;
        }
        int second = (int) Math.round(Double.parseDouble(m.group(1)));
        boolean wanted = OverheadSchedule.sampling(second + 1);
        if (wanted == sampling) {
            return null;
        }
        answered = perf.sample(wanted);
        sampling = wanted;
        return answered ? InterleavedOverhead.mark(wanted, second) : "myflame: perf did not answer";
    }

    /** Whether perf acknowledged every switch. */
    boolean answered() {
        return answered;
    }
}
