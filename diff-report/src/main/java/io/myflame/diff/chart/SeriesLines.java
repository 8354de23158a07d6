package io.myflame.diff.chart;

import io.myflame.core.text.Escape;
import io.myflame.diff.ChartLabels;
import io.myflame.diff.Diff;
import io.myflame.diff.DiffRow;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What a {@link SeriesChart} draws, decided before anything is drawn so a test can read it: which
 * rows get a line, in which colour, and where each line's label sits. A row file of twenty rows drawn
 * whole gave repeated colours, a legend a third of the image and a bundle of lines near 0 that no
 * one could tell apart; so the chart draws at most {@link #MAX_LINES} rows — those that change most
 * across the inputs — in colours that never repeat, leaves out a row whose line would lie on one
 * already drawn (a parent holding nearly all of its one callee), names each line at its end instead
 * of in a legend, and says in its subtitle how many rows it left out and why. The table beside it
 * keeps every row.
 *
 * @param lines    the rows drawn, in row order
 * @param subtitle what was left out and how the lines were chosen; null when every row is drawn
 * @param top      the value axis' upper bound (its lower bound is 0)
 */
public record SeriesLines(List<Line> lines, String subtitle, double top) {
    /** Distinct line colours, one per drawn line: as many as a chart draws. */
    public static final List<Color> COLOURS = List.of(new Color(0xd6, 0x27, 0x28), new Color(0x1f, 0x77, 0xb4),
            new Color(0x2c, 0xa0, 0x2c), new Color(0xff, 0x7f, 0x0e), new Color(0x94, 0x67, 0xbd),
            new Color(0x8c, 0x56, 0x4b), new Color(0xe3, 0x77, 0xc2), new Color(0x17, 0xbe, 0xcf));
    /** The most lines one chart draws: beyond eight, colours stop being told apart at a glance. */
    public static final int MAX_LINES = COLOURS.size();
    /** Two lines closer than this share of the value axis at every input are drawn as one. */
    static final double SAME_LINE = 0.02;
    /** A label's height as a share of the value axis: the plot is about 400 px tall, a label 13 px. */
    public static final double LABEL_HEIGHT = 13.0 / 400;
    /** The longest label drawn at a line's end; the table keeps the whole name. */
    static final int LABEL_CHARS = 40;

    /**
     * One drawn row.
     *
     * @param row     the row's position in the table (0-based)
     * @param label   {@code N. name}, N the row's position counted from 1 as in the table
     * @param values  a value per input, null where the row's function is absent there (a gap: no line)
     * @param labelAt the value where the label sits: the line's last value, moved apart from the other labels
     */
    public record Line(int row, String label, Color colour, Double[] values, double labelAt) {
        /** The input the line ends at, where its label sits. */
        public int end() {
            for (int c = values.length - 1; c >= 0; c--) {
                if (values[c] != null) {
                    return c;
                }
            }
            return -1;
        }
    }

    /** The lines of {@code diff}'s rows (rows absent from every input have none). */
    public static SeriesLines of(Diff diff) {
        List<Double[]> values = new ArrayList<>();
        double max = 0;
        for (DiffRow row : diff.rows()) {
            Double[] v = new Double[diff.columns().size()];
            for (int c = 0; c < v.length; c++) {
                double m = row.cells().get(c).mean();
                v[c] = Double.isNaN(m) ? null : m;
                max = v[c] == null ? max : Math.max(max, v[c]);
            }
            values.add(v);
        }
        double top = max <= 0 ? 1 : max * 1.08;
        List<Integer> order = new ArrayList<>();
        for (int r = 0; r < values.size(); r++) {
            if (range(values.get(r)) >= 0) {
                order.add(r);
            }
        }
        // The largest change first; among equals, the table's order.
        order.sort(Comparator.comparingDouble((Integer r) -> -range(values.get(r))).thenComparing(r -> r));
        List<Integer> chosen = new ArrayList<>();
        int overlapping = 0;
        for (int r : order) {
            if (chosen.size() == MAX_LINES) {
                break;
            }
            if (chosen.stream().anyMatch(o -> sameLine(values.get(o), values.get(r), top))) {
                overlapping++;
            } else {
                chosen.add(r);
            }
        }
        chosen.sort(null);
        int smaller = order.size() - chosen.size() - overlapping;
        int absent = values.size() - order.size();
        return new SeriesLines(place(diff, chosen, values, top), subtitle(values.size(), chosen.size(), smaller,
                overlapping, absent), top);
    }

    /** Max minus min over the present values; -1 when none is present. */
    static double range(Double[] v) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Double x : v) {
            if (x != null) {
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
        }
        return hi < lo ? -1 : hi - lo;
    }

    /** Whether two rows would be drawn as one line: present in the same inputs, and close at every one. */
    static boolean sameLine(Double[] a, Double[] b, double top) {
        for (int c = 0; c < a.length; c++) {
            if ((a[c] == null) != (b[c] == null)) {
                return false;
            }
            if (a[c] != null && Math.abs(a[c] - b[c]) > SAME_LINE * top) {
                return false;
            }
        }
        return true;
    }

    private static String subtitle(int rows, int drawn, int smaller, int overlapping, int absent) {
        if (drawn == rows) {
            return null;
        }
        List<String> out = new ArrayList<>();
        if (smaller > 0) {
            out.add(smaller + " that changed less");
        }
        if (overlapping > 0) {
            out.add(overlapping + " lying on a drawn line");
        }
        if (absent > 0) {
            out.add(absent + " absent from every input");
        }
        return drawn + " of " + rows + " rows, those that change most across the inputs (max \u2212 min); left out: "
                + String.join(", ", out) + " (every row is in the table)";
    }

    /** The lines in row order, coloured in turn, their labels at their ends and moved apart where they would overlap. */
    private static List<Line> place(Diff diff, List<Integer> chosen, List<Double[]> values, double top) {
        List<Line> lines = new ArrayList<>();
        java.util.Set<String> used = new java.util.HashSet<>();
        for (int i = 0; i < chosen.size(); i++) {
            int r = chosen.get(i);
            Double[] v = values.get(r);
            // Rows of a row file may repeat a name under different parents: the position keeps each line apart.
            String name = shorten((r + 1) + ". " + Escape.name(diff.rows().get(r).spec().title()));
            lines.add(new Line(r, ChartLabels.shorten(name, used), COLOURS.get(i), v, 0));
        }
        List<Line> placed = new ArrayList<>(lines);
        for (int end = 0; end < diff.columns().size(); end++) {
            int column = end;
            List<Integer> here = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).end() == column) {
                    here.add(i);
                }
            }
            double[] at = spread(here.stream().mapToDouble(i -> lines.get(i).values()[column]).toArray(), top);
            for (int k = 0; k < here.size(); k++) {
                Line l = lines.get(here.get(k));
                placed.set(here.get(k), new Line(l.row(), l.label(), l.colour(), l.values(), at[k]));
            }
        }
        return placed;
    }

    private static String shorten(String label) {
        return label.length() <= LABEL_CHARS ? label : label.substring(0, LABEL_CHARS - 1) + "\u2026";
    }

    /**
     * Label positions for lines ending at {@code wanted} (same order back), each at least a label's
     * height from the next and inside [0, top]: pushed up from the lowest, then down from the top if
     * they ran over it.
     */
    static double[] spread(double[] wanted, double top) {
        int n = wanted.length;
        Integer[] byValue = new Integer[n];
        for (int i = 0; i < n; i++) {
            byValue[i] = i;
        }
        java.util.Arrays.sort(byValue, Comparator.comparingDouble((Integer i) -> wanted[i]).thenComparing(i -> i));
        double gap = LABEL_HEIGHT * top;
        double[] at = new double[n];
        double floor = gap / 2;
        for (int k = 0; k < n; k++) {
            int i = byValue[k];
            at[i] = Math.max(wanted[i], floor);
            floor = at[i] + gap;
        }
        double ceiling = top - gap / 2;
        for (int k = n - 1; k >= 0; k--) {
            int i = byValue[k];
            at[i] = Math.min(at[i], ceiling);
            ceiling = at[i] - gap;
        }
        return at;
    }
}
