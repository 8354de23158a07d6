package io.myflame.diff;

import io.myflame.core.text.Document;
import io.myflame.core.text.IndentedTable;
import io.myflame.diff.flame.SvgEmbedder;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A comparison as a {@link Document}: the table (and the category breakdown when asked for) in the
 * table formats, its own JSON with every cell's runs, and the HTML page with charts and flamegraphs.
 */
public final class DiffDocument implements Document {
    static final String CATEGORIES_TITLE = "CPU categories (a sample counts in the first category matching one of its frames)";

    private final Diff diff;
    private final Diff categories;
    private final boolean breakdownOnly;
    private String caption;
    private boolean counters;
    private Movers movers;
    private boolean sources = true;
    private String chart;

    private DiffDocument(Diff diff, Diff categories, boolean breakdownOnly) {
        this.diff = diff;
        this.categories = categories;
        this.breakdownOnly = breakdownOnly;
    }

    /** A comparison, followed by its category breakdown when {@code categories} is not null. */
    public static DiffDocument of(Diff diff, Diff categories) {
        return new DiffDocument(diff, categories, false);
    }

    /** The category breakdown on its own ({@code myflame categories}). */
    public static DiffDocument breakdown(Diff categories) {
        return new DiffDocument(categories, null, true);
    }

    /** A sentence under the table (null for none). */
    public DiffDocument caption(String c) {
        this.caption = c;
        return this;
    }

    /** Whether the table formats and JSON show the counters block (the HTML page always does when there is one). */
    public DiffDocument counters(boolean show) {
        this.counters = show;
        return this;
    }

    /** The ranking {@code --top} made (null for rows from a file or --focus): its notes and JSON lists. */
    public DiffDocument movers(Movers m) {
        this.movers = m;
        return this;
    }

    /** The series chart (an SVG document) the HTML page shows under the table; null for none. */
    public DiffDocument chart(String svg) {
        this.chart = svg;
        return this;
    }

    /** Whether column notes name the input paths (false: labels only, for publishing). */
    public DiffDocument sources(boolean show) {
        this.sources = show;
        return this;
    }

    private IndentedTable main() {
        IndentedTable t = DiffTables.of(diff, sources);
        if (movers != null) {
            DiffTables.moverNotes(t, diff, movers);
        }
        return t.caption(caption);
    }

    @Override
    public List<IndentedTable> tables() {
        List<IndentedTable> tables = new ArrayList<>(List.of(main()));
        IndentedTable block = counters ? CountersBlock.of(diff) : null;
        if (block != null) {
            tables.add(block);
        }
        if (categories != null) {
            tables.add(DiffTables.of(categories, sources).title(CATEGORIES_TITLE));
        }
        return tables;
    }

    @Override
    public void json(Writer w) throws IOException {
        DiffJson.write(diff, categories, caption, counters ? CountersBlock.of(diff) : null, movers, sources, w);
    }

    @Override
    public void html(Writer w) throws IOException {
        // Our SVG renderer, called directly: a service registry buys nothing inside one jar.
        DiffHtml.write(main(), diff, breakdownOnly ? diff : categories, sources, CountersBlock.of(diff), chart,
                Optional.of(new SvgEmbedder()), w);
    }
}
