package io.myflame.diff;

import io.myflame.core.text.Decimals;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.myflame.core.text.Escape;
import io.myflame.core.text.IndentedTable;
import io.myflame.core.text.TableColumn;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * A {@link Diff} as JSON: every cell with its mean, spread, per-run values and the name that
 * matched, so scripts need not re-parse the text table. Numbers are rounded to 4 decimals;
 * absent values are {@code null}.
 */
public final class DiffJson {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private DiffJson() {
    }

    public static void write(Diff diff, Writer out) throws IOException {
        write(diff, null, out);
    }

    /** Writes the diff and, when not null, the category breakdown as a second table. */
    public static void write(Diff diff, Diff categories, Writer out) throws IOException {
        write(diff, categories, null, null, out);
    }

    /** Writes the diff and, each when not null, its caption, the counters block and the category breakdown. */
    public static void write(Diff diff, Diff categories, String caption, IndentedTable counters, Writer out)
            throws IOException {
        write(diff, categories, caption, counters, null, out);
    }

    /** Writes as {@link #write(Diff, Diff, String, IndentedTable, Writer)}, with --top's ranking when not null. */
    public static void write(Diff diff, Diff categories, String caption, IndentedTable counters, Movers movers,
                             Writer out) throws IOException {
        ObjectNode root = tree(diff);
        if (movers != null) {
            movers(root, diff, movers);
        }
        if (caption != null) {
            root.put("caption", caption);
        }
        if (counters != null) {
            ObjectNode block = root.putObject("counters");
            CountersBlock.values(counters).forEach((name, values) -> {
                ArrayNode a = block.putArray(name);
                for (double v : values) {
                    if (Double.isNaN(v)) {
                        a.addNull();
                    } else {
                        a.add(round(v));
                    }
                }
            });
        }
        if (categories != null) {
            root.set("categories", tree(categories));
        }
        MAPPER.writeValue(new NonClosingWriter(out), root);
        out.write("\n");
        out.flush();
    }

    /**
     * {@code "changed": [{"function", "values", "delta_pts"}]} in rank order ({@code "delta"} in the
     * --per unit), and {@code "only_in": {"LABEL": [{"function", "value"}]}}.
     */
    private static void movers(ObjectNode root, Diff diff, Movers movers) {
        ArrayNode changed = root.putArray("changed");
        String deltaField = diff.per() == Per.PERCENT ? "delta_pts" : "delta";
        for (DiffRow row : diff.rows()) {
            ObjectNode o = changed.addObject();
            o.put("function", Escape.decode(row.key()));
            ArrayNode values = o.putArray("values");
            row.cells().forEach(c -> values.add(round(c.mean())));
            number(o, deltaField, row.delta());
            o.put("significant", row.significant());
        }
        root.put("wrappers_left_out", movers.wrappers());
        ObjectNode only = root.putObject("only_in");
        movers.onlyIn().forEach((label, list) -> {
            ArrayNode a = only.putArray(label);
            for (Movers.Only o : list) {
                ObjectNode e = a.addObject();
                e.put("function", Escape.decode(o.function()));
                e.put("value", round(o.value()));
            }
        });
    }

    static ObjectNode tree(Diff diff) {
        ObjectNode root = MAPPER.createObjectNode();
        if (diff.title() != null) {
            root.put("title", diff.title());
        }
        root.put("measure", diff.measure().name().toLowerCase(java.util.Locale.ROOT));
        root.put("cells", DiffTables.describe(diff));
        root.put("unit", DiffTables.unit(diff));
        root.put("threshold", diff.threshold());
        ArrayNode cols = root.putArray("columns");
        for (int c = 0; c < diff.columns().size(); c++) {
            Column col = diff.columns().get(c);
            ObjectNode o = cols.addObject();
            o.put("label", col.label());
            o.put("unit", diff.units().get(c));
            o.put("event", col.event());
            o.put("samples", col.samples());
            ArrayNode runs = o.putArray("runs");
            for (Run r : col.runs()) {
                ObjectNode ro = runs.addObject();
                ro.put("source", r.source());
                ro.put("samples", r.profile().totalSamples());
                ro.put("weight", r.profile().totalWeight());
                ro.put("transactions", r.transactions());
                ro.put("queries", r.queries());
                double truncated = r.profile().info().truncatedShare();
                if (!Double.isNaN(truncated)) {
                    ro.put("truncated_share", Decimals.round(truncated, 4));
                }
            }
        }
        ArrayNode rows = root.putArray("rows");
        List<TableColumn<DiffRow>> derived = DiffTables.derived(diff);
        for (DiffRow row : diff.rows()) {
            rows.add(row(row, derived));
        }
        return root;
    }

    private static ObjectNode row(DiffRow row, List<TableColumn<DiffRow>> derived) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("row", Escape.decode(row.key()));
        ArrayNode names = o.putArray("names");
        row.spec().names().forEach(n -> names.add(Escape.decode(n)));
        o.put("depth", row.spec().depth());
        o.put("parent", row.spec().parent());
        ArrayNode cells = o.putArray("cells");
        for (Cell c : row.cells()) {
            ObjectNode co = cells.addObject();
            number(co, "value", c.mean());
            number(co, "spread", c.spread());
            ArrayNode values = co.putArray("runs");
            for (double v : c.values()) {
                if (Double.isNaN(v)) {
                    values.addNull();
                } else {
                    values.add(round(v));
                }
            }
            ArrayNode matched = co.putArray("matched");
            c.matched().forEach(n -> matched.add(Escape.decode(n)));
        }
        for (TableColumn<DiffRow> d : derived) {
            number(o, d.key(), d.number(row));
        }
        o.put("significant", row.significant());
        return o;
    }

    private static void number(ObjectNode o, String field, double v) {
        if (Double.isNaN(v)) {
            o.putNull(field);
        } else {
            o.put(field, round(v));
        }
    }

    private static double round(double v) {
        return Decimals.round(v, 4);
    }

    /** Jackson closes the writer it is given; the caller owns it. */
    private static final class NonClosingWriter extends java.io.FilterWriter {
        NonClosingWriter(Writer out) {
            super(out);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
