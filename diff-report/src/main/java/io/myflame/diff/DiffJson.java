package io.myflame.diff;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.myflame.core.text.IndentedTable;
import io.myflame.core.text.TableColumn;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link Diff} as JSON: every cell with its mean, spread, per-run values and the name that
 * matched, so scripts need not re-parse the text table. Numbers are rounded to 4 decimals;
 * absent values are {@code null}. Each object of a list (an input, a run, a row, a cell, a ranked function)
 * is described by its {@link JsonField}s, so a new field is a line in its list; the derived
 * columns come from the table's own {@link TableColumn}s.
 */
public final class DiffJson {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** An input (a column of the comparison) and the unit of its cells, as JSON describes it. */
    record Input(Column column, String unit) {
    }

    /** What JSON says of each run of an input; a new field is a line here. */
    static final List<JsonField<Run>> RUN_FIELDS = List.of(
            JsonField.text("source", Run::source),
            JsonField.count("samples", r -> r.profile().totalSamples()),
            JsonField.count("weight", r -> r.profile().totalWeight()),
            JsonField.knownCount("transactions", Run::transactions),
            JsonField.knownCount("queries", Run::queries),
            JsonField.measured("truncated_share", r -> r.profile().info().truncatedShare()));

    /** What JSON says of each input, under {@code "columns"}: its label, unit, event, samples and runs. */
    static final List<JsonField<Input>> INPUT_FIELDS = List.of(
            JsonField.text("label", i -> i.column().label()),
            JsonField.text("unit", Input::unit),
            JsonField.text("event", i -> i.column().event()),
            JsonField.count("samples", i -> i.column().samples()),
            JsonField.objects("runs", i -> i.column().runs(), RUN_FIELDS));

    /** What JSON says of each cell of a row: the mean, its spread, each run's value and the names that matched. */
    static final List<JsonField<Cell>> CELL_FIELDS = List.of(
            JsonField.number("value", Cell::mean),
            JsonField.number("spread", Cell::spread),
            JsonField.numbers("runs", Cell::values),
            JsonField.names("matched", Cell::matched));

    /** A function found in only some inputs ({@code --top}), under its input's label. */
    static final List<JsonField<Movers.Only>> ONLY_FIELDS = List.of(
            JsonField.name("function", Movers.Only::function),
            JsonField.rounded("value", Movers.Only::value));

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
        write(diff, categories, caption, counters, movers, true, out);
    }

    /** Writes as above; without {@code sources} no run names its input path ({@code --no-paths}). */
    public static void write(Diff diff, Diff categories, String caption, IndentedTable counters, Movers movers,
                             boolean sources, Writer out) throws IOException {
        ObjectNode root = tree(diff);
        if (movers != null) {
            movers(root, diff, movers);
        }
        if (caption != null) {
            root.put("caption", caption);
        }
        if (counters != null) {
            ObjectNode block = root.putObject("counters");
            // A counter's values per input, as the block's columns gave them.
            CountersBlock.values(counters).forEach((name, values) -> JsonField.putNumbers(block, name, values));
        }
        if (categories != null) {
            root.set("categories", tree(categories));
        }
        if (!sources) {
            // A run's "source" is its input's path; every other field stays.
            root.findParents("source").forEach(n -> ((ObjectNode) n).remove("source"));
        }
        MAPPER.writeValue(new NonClosingWriter(out), root);
        out.write("\n");
        out.flush();
    }

    /**
     * A ranked row of {@code --top}, {@code "changed"}: the function, its value per input and its
     * change ({@code delta_pts} in points, {@code delta} in the --per unit).
     */
    static List<JsonField<DiffRow>> changedFields(Diff diff) {
        return List.of(
                JsonField.name("function", DiffRow::key),
                JsonField.roundedEach("values", r -> r.cells().stream().mapToDouble(Cell::mean).toArray()),
                JsonField.number(diff.per() == Per.PERCENT ? "delta_pts" : "delta", DiffRow::delta),
                JsonField.flag("significant", DiffRow::significant));
    }

    /**
     * A row of the comparison: as written, a cell per input, then the derived columns the table
     * shows ({@link DiffTables#derived}) by key.
     */
    static List<JsonField<DiffRow>> rowFields(Diff diff) {
        List<JsonField<DiffRow>> fields = new ArrayList<>(List.of(
                JsonField.name("row", DiffRow::key),
                JsonField.names("names", r -> r.spec().names()),
                JsonField.count("depth", r -> r.spec().depth()),
                JsonField.count("parent", r -> r.spec().parent()),
                JsonField.objects("cells", DiffRow::cells, CELL_FIELDS)));
        for (TableColumn<DiffRow> d : DiffTables.derived(diff)) {
            fields.add(JsonField.number(d.key(), d::number));
        }
        fields.add(JsonField.flag("significant", DiffRow::significant));
        return fields;
    }

    /** {@code "changed"} in rank order, {@code "wrappers_left_out"}, and {@code "only_in": {"LABEL": [...]}}. */
    private static void movers(ObjectNode root, Diff diff, Movers movers) {
        JsonField.addAll(root.putArray("changed"), changedFields(diff), diff.rows());
        root.put("wrappers_left_out", movers.wrappers());
        ObjectNode only = root.putObject("only_in");
        movers.onlyIn().forEach((label, list) -> JsonField.addAll(only.putArray(label), ONLY_FIELDS, list));
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
        List<Input> inputs = new ArrayList<>();
        for (int c = 0; c < diff.columns().size(); c++) {
            inputs.add(new Input(diff.columns().get(c), diff.units().get(c)));
        }
        JsonField.addAll(root.putArray("columns"), INPUT_FIELDS, inputs);
        JsonField.addAll(root.putArray("rows"), rowFields(diff), diff.rows());
        return root;
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
