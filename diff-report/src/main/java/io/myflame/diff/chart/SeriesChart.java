package io.myflame.diff.chart;

import io.myflame.core.text.Escape;
import io.myflame.diff.Diff;
import io.myflame.diff.DiffRow;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.svg.SVGGraphics2D;
import io.myflame.diff.ChartLabels;

/**
 * A comparison's rows as lines across its inputs in order (10.2 → 10.11 → 11.4): how a regression
 * hunt across versions is read. One line per row, in a fixed colour per row position so the same
 * rows get the same colours in every chart; a cell absent in an input leaves a gap. Drawn by
 * JFreeChart onto jfreesvg (SVG) or an image (PNG); the same diff gives the same bytes.
 */
public final class SeriesChart {
    /** Distinguishable line colours, in row order (they repeat past the twelfth row). */
    public static final List<Color> COLOURS = List.of(new Color(0xd6, 0x27, 0x28), new Color(0x1f, 0x77, 0xb4),
            new Color(0x2c, 0xa0, 0x2c), new Color(0xff, 0x7f, 0x0e), new Color(0x94, 0x67, 0xbd),
            new Color(0x8c, 0x56, 0x4b), new Color(0xe3, 0x77, 0xc2), new Color(0x7f, 0x7f, 0x7f),
            new Color(0xbc, 0xbd, 0x22), new Color(0x17, 0xbe, 0xcf), new Color(0x00, 0x00, 0x80),
            new Color(0x80, 0x00, 0x00));
    public static final int WIDTH = 900;
    public static final int HEIGHT = 520;

    private SeriesChart() {
    }

    /** The chart as an SVG document. */
    public static String svg(Diff diff, String yLabel) {
        JFreeChart chart = chart(diff, yLabel);
        SVGGraphics2D g = new SVGGraphics2D(WIDTH, HEIGHT);
        // jfreesvg picks a random prefix for its ids; a fixed one keeps the output deterministic.
        g.setDefsKeyPrefix("myflame-series");
        chart.draw(g, new Rectangle(0, 0, WIDTH, HEIGHT));
        return g.getSVGDocument();
    }

    /** The chart as a PNG image. */
    public static void png(Diff diff, String yLabel, OutputStream out) throws IOException {
        JFreeChart chart = chart(diff, yLabel);
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            chart.draw(g, new Rectangle(0, 0, WIDTH, HEIGHT));
        } finally {
            g.dispose();
        }
        io.myflame.core.text.PngImage.write(image, out);
        out.flush();
    }

    private static JFreeChart chart(Diff diff, String yLabel) {
        System.setProperty("java.awt.headless", "true");
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        java.util.Set<String> usedColumns = new java.util.HashSet<>();
        List<String> columns = new java.util.ArrayList<>();
        for (String label : diff.labels()) {
            columns.add(ChartLabels.shorten(label, usedColumns));
        }
        for (int r = 0; r < diff.rows().size(); r++) {
            DiffRow row = diff.rows().get(r);
            // Rows of a row file may repeat a name under different parents: the position keeps each line apart.
            String name = ChartLabels.shorten((r + 1) + ". " + Escape.name(row.spec().title()));
            for (int c = 0; c < diff.columns().size(); c++) {
                double v = row.cells().get(c).mean();
                data.addValue(Double.isNaN(v) ? null : v, name, columns.get(c));
            }
        }
        String title = diff.title() == null ? null : ChartLabels.shorten(diff.title().replaceFirst("^# ", ""));
        JFreeChart chart = ChartFactory.createLineChart(title, null, yLabel, data, PlotOrientation.VERTICAL,
                true, false, false);
        chart.setBackgroundPaint(Color.WHITE);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        LineAndShapeRenderer r = new LineAndShapeRenderer(true, true);
        for (int i = 0; i < diff.rows().size(); i++) {
            r.setSeriesPaint(i, COLOURS.get(i % COLOURS.size()));
            r.setSeriesStroke(i, new BasicStroke(3f));
        }
        plot.setRenderer(r);
        return chart;
    }
}
