package io.myflame.load;

import io.myflame.core.analysis.Aliases;
import io.myflame.core.analysis.ProfileFilter;

/**
 * How a profile read is prepared for analysis, in this order: weighted (sample periods, as perf
 * report sums them, or one per sample), its threads kept, its truncated share measured (and its cut
 * stacks marked, for flamegraphs), frames renamed and hidden, and functions renamed between versions
 * joined. {@link #AS_READ} changes nothing.
 *
 * @param countSamples  weigh each sample 1 ({@code --weight samples}) instead of its period
 * @param filter        threads kept, frames renamed and hidden ({@code --comm --tid --rename --hide})
 * @param filtersGiven  the filter flags given, for "no samples left after ..." ({@code --comm filter})
 * @param aliases       names joined ({@code --alias}, a row file's alternatives)
 * @param quiet         no warnings that change no number: a capture's own notes, truncated stacks
 * @param markTruncated cut stacks go under {@link io.myflame.core.analysis.TruncatedStacks#MARK}
 */
public record Preparation(boolean countSamples, ProfileFilter filter, String filtersGiven, Aliases aliases,
                          boolean quiet, boolean markTruncated) {
    public static final Preparation AS_READ = new Preparation(false, new ProfileFilter(null, null,
            java.util.List.of(), java.util.List.of()), "", Aliases.parse(java.util.List.of()), false, false);
}
