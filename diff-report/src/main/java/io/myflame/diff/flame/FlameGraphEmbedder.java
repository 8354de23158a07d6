package io.myflame.diff.flame;

import io.myflame.core.model.Profile;

/**
 * Draws the flamegraphs the HTML comparison embeds: one per column and a differential one from
 * the first column to the last. {@link SvgEmbedder} implements it; the command
 * passes it in (a plain call: a service registry buys nothing inside one jar). Without one the report
 * says so instead.
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
}
