package io.myflame.diff;

import io.myflame.core.analysis.UnnamedCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The note a table or chart carries when an input is partly symbolised: the stderr warning alone
 * was lost once the table was pasted into a report, and a reader of Debian's stripped server saw
 * blank cells and a large 'other' with nothing saying why. One line per input whose self time in code without
 * symbols exceeds {@link UnnamedCode#WARN_ABOVE}, naming the input and the files, the way the
 * capture's own check measures it.
 */
public final class UnnamedNotes {
    /** How many files a note names. */
    private static final int FILES = 2;

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
                notes.add(note(c.label(), worst));
            }
        }
        return notes;
    }

    private static String note(String label, UnnamedCode u) {
        List<String> files = new ArrayList<>();
        for (int i = 0; i < Math.min(FILES, u.byFile().size()); i++) {
            UnnamedCode.FileShare f = u.byFile().get(i);
            files.add(String.format(Locale.ROOT, "%s %.1f %%", f.file(), 100.0 * f.weight() / u.total()));
        }
        return String.format(Locale.ROOT, "%s is partly symbolised: %.1f %% of its samples' self time is in code without "
                + "symbols (%s): a row naming one of those functions is blank there and no category claims them; named "
                + "functions' inclusive shares are exact",
                label, 100 * u.share(), String.join(", ", files));
    }
}
