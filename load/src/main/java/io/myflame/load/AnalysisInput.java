package io.myflame.load;

import io.myflame.core.model.Profile;
import java.util.List;
import java.util.Map;

/**
 * One input read once and prepared for analysis: everything a command needs of it.
 *
 * @param input    the input as the user named it
 * @param profiles its profile, or the base and new profiles of a differential folded file, prepared
 * @param joined   the aliased names that ran in the (first) profile, by the joined name it shows
 *                 ({@link io.myflame.core.analysis.Aliases#present}); empty when nothing was joined
 * @param capture  what its capture.json says, or null when the input is not a capture directory
 * @param warnings what reading and preparing it warned of, in order
 */
public record AnalysisInput(String input, List<Profile> profiles, Map<String, List<String>> joined,
                            CaptureSummary capture, List<Warnings.Warning> warnings) {
    public AnalysisInput {
        profiles = List.copyOf(profiles);
        joined = Map.copyOf(joined);
        warnings = List.copyOf(warnings);
    }

    /** The profile (the base one of a differential file). */
    public Profile profile() {
        return profiles.get(0);
    }

    /** Two profiles, base and new: a differential folded file. */
    public boolean differential() {
        return profiles.size() == 2;
    }
}
