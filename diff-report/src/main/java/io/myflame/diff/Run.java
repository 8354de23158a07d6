package io.myflame.diff;

import io.myflame.core.model.Profile;
import java.util.Objects;

/**
 * One input of a comparison: a profile (already loaded, renamed and filtered) and, when known,
 * how many transactions and queries the workload completed while it was sampled and what else
 * its capture recorded.
 *
 * @param transactions completed transactions during the profile, or null when unknown
 * @param queries      completed queries during the profile, or null when unknown
 * @param facts        what the capture recorded beside the samples (counters, setup); never null
 * @param joined       the aliased names that ran in this input, by the joined name the profile shows
 *                     ({@link io.myflame.core.analysis.Aliases#present}); never null
 */
public record Run(Profile profile, Long transactions, Long queries, RunFacts facts,
                  java.util.Map<String, java.util.List<String>> joined) {
    public Run {
        Objects.requireNonNull(profile);
        facts = facts == null ? RunFacts.NONE : facts;
        joined = joined == null ? java.util.Map.of() : java.util.Map.copyOf(joined);
    }

    public Run(Profile profile, Long transactions, Long queries, RunFacts facts) {
        this(profile, transactions, queries, facts, null);
    }

    /** This run, knowing which aliased names ran in it. */
    public Run withJoined(java.util.Map<String, java.util.List<String>> names) {
        return new Run(profile, transactions, queries, facts, names);
    }

    /** The names {@code function} (a joined name) stands for in this input: itself unless aliases joined others into it. */
    public java.util.List<String> originalNames(String function) {
        return joined.getOrDefault(function, java.util.List.of(function));
    }

    public Run(Profile profile, Long transactions, Long queries) {
        this(profile, transactions, queries, RunFacts.NONE);
    }

    public static Run of(Profile profile) {
        return new Run(profile, null, null);
    }

    /** Where the samples came from, for messages. */
    public String source() {
        String s = profile.info().source();
        return s == null ? profile.info().label() : s;
    }
}
