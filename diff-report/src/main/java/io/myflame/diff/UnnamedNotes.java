package io.myflame.diff;

import io.myflame.core.analysis.UnnamedCode;
import java.util.ArrayList;
import java.util.List;

/**
 * The note a table or chart carries when an input is partly symbolised: the stderr warning alone
 * was lost once the table was pasted into a report, and a reader of Debian's stripped server saw
 * blank cells and a large 'other' with nothing saying why. One line per input whose self time in code without
 * symbols exceeds {@link UnnamedCode#WARN_ABOVE} ({@link UnnamedCode#note}), measured as the
 * capture's own check measures it.
 */
public final class UnnamedNotes {
    private UnnamedNotes() {
    }

    /** One note per input over the threshold, in column order; empty when every input is named. */
    public static List<String> of(Diff diff) {
        List<String> notes = new ArrayList<>();
        for (Column c : diff.columns()) {
            UnnamedCode worst = null;
            for (Run r : c.runs()) {
                UnnamedCode u = UnnamedCode.of(r.profile());
                if (worst == null || u.share() > worst.share()) {
                    worst = u;
                }
            }
            if (worst != null && worst.worthWarning()) {
                notes.add(worst.note(c.label()));
            }
        }
        return notes;
    }
}
