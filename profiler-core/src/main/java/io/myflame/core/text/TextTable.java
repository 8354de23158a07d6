package io.myflame.core.text;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * The plain-text layouts of tables: two of an {@link IndentedTable}, and {@link #columns}, the
 * {@code perf report} layout of a {@link ColumnTable}. {@link #text} is the aligned table: a
 * name column as wide as the longest name (never less than 40, never more than 72 characters:
 * a longer name is cut in the middle and given in full in a note, so no row wraps onto a second
 * line; indentation stops at 20 levels, deeper rows say their depth), then a column per value, with the unit in the header. {@link #list} is the layout of
 * published function lists: one block per input, the number first, then the name indented by depth:
 *
 * <pre>
 * 10.2.11 (% of samples)
 *   17.77   mysql_delete
 *    0.35     QUICK_RANGE_SELECT::reset
 * </pre>
 */
final class TextTable {
    static final int MIN_NAME = 40;
    static final int MAX_NAME = 72;
    static final String CUT = "\u2026";
    /** The deepest row indented in full: 40 of the name column's 72 characters. */
    static final int MAX_INDENT_LEVELS = 20;
    /** The width of a number in the {@code perf report} layout, before its unit ({@code "  %7.2f"}). */
    private static final int NUMBER_WIDTH = 9;

    private TextTable() {
    }

    static void text(IndentedTable t, Writer out) throws IOException {
        List<String> cutNotes = new ArrayList<>();
        List<String> names = new ArrayList<>();
        int nameWidth = MIN_NAME;
        for (IndentedTable.Row r : t.rows()) {
            String name = fit(indent(r.depth()), Escape.name(r.name()), r.marked() ? " *" : "", cutNotes);
            names.add(name);
            nameWidth = Math.max(nameWidth, name.length() + 2);
        }
        String unit = t.unit() == null ? "" : Escape.text(t.unit());
        nameWidth = Math.max(nameWidth, unit.length() + 2);
        int[] widths = widths(t);
        if (t.title() != null) {
            out.write("# " + Escape.text(t.title()) + "\n");
        }
        StringBuilder header = new StringBuilder(unit).append(" ".repeat(nameWidth - unit.length()));
        for (int c = 0; c < widths.length; c++) {
            header.append(pad(Escape.text(t.columns().get(c)), widths[c]));
        }
        out.write(header.toString().stripTrailing() + "\n");
        for (int i = 0; i < names.size(); i++) {
            IndentedTable.Row r = t.rows().get(i);
            StringBuilder line = new StringBuilder(names.get(i)).append(" ".repeat(nameWidth - names.get(i).length()));
            for (int c = 0; c < widths.length; c++) {
                line.append(pad(TableFormat.cell(t, r, c), widths[c]));
            }
            out.write(line.toString().stripTrailing() + "\n");
        }
        footer(t, cutNotes, out);
    }

    static void list(IndentedTable t, Writer out) throws IOException {
        if (t.title() != null) {
            out.write("# " + Escape.text(t.title()) + "\n");
        }
        for (int c = 0; c < t.inputs(); c++) {
            if (c > 0) {
                out.write("\n");
            }
            String label = Escape.text(t.columns().get(c));
            out.write(t.unit() == null ? label + "\n" : label + " (" + Escape.text(t.unit()) + ")\n");
            int width = 5;
            for (IndentedTable.Row r : t.rows()) {
                width = Math.max(width, TableFormat.cell(t, r, c).length());
            }
            for (int i = 0; i < t.rows().size(); i++) {
                IndentedTable.Row r = t.rows().get(i);
                String number = TableFormat.cell(t, r, c);
                String line = " ".repeat(width + 2 - number.length()) + number + "   " + indent(r.depth())
                        + Escape.name(t.listName(i, c)) + (r.marked() ? " *" : "");
                out.write(line.stripTrailing() + "\n");
            }
        }
        footer(t, List.of(), out);
    }

    /**
     * The layout of {@code perf report}: per row the numbers first, each followed by its unit, then
     * the name; the notes as comment lines, as perf report writes them. Data-only columns are left out.
     * Rows end in the platform's line separator, the other lines in {@code \n}, as they always have.
     */
    static <R> void columns(ColumnTable<R> t, Writer out) throws IOException {
        List<TableColumn<R>> shown = t.shown();
        if (t.title() != null) {
            out.write("# " + Escape.text(t.title()) + "\n");
        }
        StringBuilder header = new StringBuilder();
        for (TableColumn<R> c : shown) {
            header.append(padded(c.name(), NUMBER_WIDTH + c.unit().length()));
        }
        out.write(header + "  " + t.naming().heading() + "\n");
        for (R r : t.rows()) {
            StringBuilder line = new StringBuilder();
            for (TableColumn<R> c : shown) {
                line.append(padded(c.text(r), NUMBER_WIDTH)).append(c.unit());
            }
            out.write(line + "  " + Escape.name(t.naming().name().apply(r)) + System.lineSeparator());
        }
        for (String n : t.notes()) {
            out.write("# " + Escape.text(n) + "\n");
        }
    }

    private static void footer(IndentedTable t, List<String> cutNotes, Writer out) throws IOException {
        if (t.caption() != null) {
            out.write("\n" + Escape.text(t.caption()) + "\n");
        }
        for (String n : t.notes()) {
            out.write(Escape.text(n) + "\n");
        }
        for (String n : cutNotes) {
            out.write(n + "\n");
        }
    }

    /**
     * Two spaces a level up to {@link #MAX_INDENT_LEVELS}; deeper rows keep that indentation and say
     * their depth ({@code [depth 37] }), so a name always keeps room in the column (stacks nest
     * hundreds of levels deep).
     */
    static String indent(int depth) {
        if (depth <= MAX_INDENT_LEVELS) {
            return "  ".repeat(depth);
        }
        return "  ".repeat(MAX_INDENT_LEVELS) + "[depth " + depth + "] ";
    }

    /** The name cell: indentation, name and marker, the name cut in the middle when it is too long. */
    static String fit(String indent, String name, String marker, List<String> cutNotes) {
        // At least a few characters of the name on each side of the cut, whatever the indentation.
        int room = Math.max(9, MAX_NAME - indent.length() - marker.length());
        if (name.length() <= room) {
            return indent + name + marker;
        }
        int head = (room - 1) / 2;
        int tail = room - 1 - head;
        cutNotes.add(CUT + " " + name);
        return indent + name.substring(0, head) + CUT + name.substring(name.length() - tail) + marker;
    }

    private static int[] widths(IndentedTable t) {
        int[] widths = new int[t.columns().size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = Math.max(6, t.columns().get(c).length());
            for (IndentedTable.Row r : t.rows()) {
                widths[c] = Math.max(widths[c], TableFormat.cell(t, r, c).length());
            }
            widths[c] += 3;
        }
        return widths;
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? " " + s : " ".repeat(width - s.length()) + s;
    }

    /** {@code s} right-aligned in {@code width} characters, without a formatter per cell. */
    private static String padded(String s, int width) {
        return " ".repeat(Math.max(0, width - s.length())) + s;
    }
}
