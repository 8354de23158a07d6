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
 */
public record Run(Profile profile, Long transactions, Long queries, RunFacts facts) {
    public Run {
        Objects.requireNonNull(profile);
        facts = facts == null ? RunFacts.NONE : facts;
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
