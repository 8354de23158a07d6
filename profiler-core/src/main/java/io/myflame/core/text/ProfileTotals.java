package io.myflame.core.text;

import com.fasterxml.jackson.core.JsonGenerator;
import io.myflame.core.model.Profile;
import java.io.IOException;

/**
 * What a one-profile table was computed from, as numbers for programs: where it came from, the
 * event sampled (null when the input does not say), and the samples and weight after filters. The
 * text formats say the same in their title line; JSON gives them as fields.
 */
public record ProfileTotals(String source, String event, long samples, long weight) {
    public static ProfileTotals of(Profile p) {
        return new ProfileTotals(p.info().source(), p.info().event(), p.totalSamples(), p.totalWeight());
    }

    /** The fields {@code source}, {@code event}, {@code samples}, {@code weight} of the object being written. */
    void writeFields(JsonGenerator g) throws IOException {
        if (source != null) {
            g.writeStringField("source", source);
        }
        g.writeStringField("event", event);
        g.writeNumberField("samples", samples);
        g.writeNumberField("weight", weight);
    }
}
