package io.myflame.diff;

import io.myflame.core.Decimals;
import io.myflame.core.analysis.TruncatedStacks;
import io.myflame.core.analysis.UnnamedCode;
import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * How much of a profile perf could not name: the share of weight in stacks holding an unresolved
 * frame of the program, which the tidied names show as the file it lies in ({@code [mariadbd]} for
 * a stripped server), or {@code [unknown]}. Category patterns cannot match such frames, so above a few percent a
 * column's categories are guesses, and the column is marked.
 */
public final class UnresolvedFrames {
    /** A column with more unresolved weight than this is marked unreliable. */
    public static final double MAX_RELIABLE = 0.03;
    /** Appended to the label of an unreliable column. */
    public static final String MARK = " (unreliable)";

    private UnresolvedFrames() {
    }

    /**
     * Share of {@code p}'s weight in stacks with an unresolved frame of the program (see
     * {@link #unresolved(String)}); the {@code [unknown]} a truncated stack ends on is where it was
     * cut, not a name missing ({@link TruncatedStacks#cutUnknown}).
     */
    public static double share(Profile p) {
        FrameTable frames = p.frames();
        TruncatedStacks truncated = TruncatedStacks.of(p);
        byte[] unresolved = new byte[frames.size()];
        long total = 0;
        long bad = 0;
        int[] stack = new int[64];
        for (int i = 0; i < p.size(); i++) {
            long w = p.weight(i);
            total += w;
            stack = p.stack(i, stack);
            for (int j = truncated.cutUnknown(i), len = p.depth(i); j < len; j++) {
                if (unresolved(frames, stack[j], unresolved)) {
                    bad += w;
                    break;
                }
            }
        }
        return total == 0 ? 0 : bad / (double) total;
    }

    private static boolean unresolved(FrameTable frames, int f, byte[] memo) {
        if (memo[f] == 0) {
            memo[f] = (byte) (unresolved(frames.name(f)) ? 2 : 1);
        }
        return memo[f] == 2;
    }

    /**
     * {@code [unknown]}, or a program's own file ({@code [mariadbd]}, or one of its functions without symbol,
     * {@code mariadbd+0x7e3a80}); not a shared library
     * ({@code [libstdc++.so.6.0.30]}, mostly the thread-start frame below everything a category
     * matches), the kernel or the vDSO.
     */
    static boolean unresolved(String frame) {
        // A function named by file and start (mariadbd+0x7e3a80) is as unnamed to a category as [mariadbd].
        String name = UnnamedCode.isFunction(frame) ? "[" + UnnamedCode.fileOf(frame) + "]" : frame;
        if (!name.startsWith("[") || !name.endsWith("]")) {
            return false;
        }
        return name.equals("[unknown]") || !(name.contains(".so") || name.contains("kernel") || name.contains("vdso"));
    }

    /** The columns, those with too much unresolved weight relabelled {@code LABEL (unreliable)} and told to {@code warn}. */
    public static List<Column> mark(List<Column> columns, Consumer<String> warn) {
        List<Column> out = new ArrayList<>();
        for (Column c : columns) {
            double worst = c.runs().stream().mapToDouble(r -> share(r.profile())).max().orElse(0);
            if (worst > MAX_RELIABLE) {
                warn.accept(String.format(Locale.ROOT, "%s: %s%% of the samples pass through a function of the "
                        + "program without a name ([FILE], FILE+0xSTART or [unknown]) somewhere in their stack, "
                        + "which no category can match: its categories are unreliable (install the server's "
                        + "debug symbols, or record a full-symbol release with --mariadb VERSION)", c.label(), Decimals.onePlace(100 * worst)));
                out.add(new Column(c.label() + MARK, c.runs()));
            } else {
                out.add(c);
            }
        }
        return out;
    }
}
