package io.myflame.diff;

import io.myflame.core.model.Profile;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Draws the flamegraphs the HTML comparison embeds: one per column and a differential one from
 * the first column to the last. The flamegraph renderer implements this and registers itself in
 * {@code META-INF/services/io.myflame.diff.FlameGraphEmbedder}; until one is on the class path the
 * report says so instead.
 *
 * <p>A fragment is inserted as is into the page's {@code <body>}: it must be self-contained
 * (inline SVG, or HTML with its own {@code <style>}/{@code <script>}), escape every name it shows,
 * and prefix every element id with {@code idPrefix} so several fragments live on one page.
 */
public interface FlameGraphEmbedder {
    /** An HTML fragment showing {@code profile}'s flamegraph. */
    String flamegraph(Profile profile, String title, String idPrefix);

    /** An HTML fragment showing where {@code after} spends more or less than {@code before}. */
    String differential(Profile before, Profile after, String title, String idPrefix);

    /** The first renderer registered as a service, if any. */
    static Optional<FlameGraphEmbedder> discover() {
        return ServiceLoader.load(FlameGraphEmbedder.class).findFirst();
    }
}
