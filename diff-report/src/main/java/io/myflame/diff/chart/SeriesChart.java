package io.myflame.diff.chart;

import io.myflame.core.text.Graph;
import io.myflame.diff.Diff;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.CategoryTextAnnotation;
import org.jfree.chart.axis.CategoryAnchor;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.svg.SVGGraphics2D;
import io.myflame.diff.ChartLabels;

/**
 * A comparison's rows as lines across its inputs in order (10.2 → 10.11 → 11.4): how a regression
 * hunt across versions is read. {@link SeriesLines} decides what is drawn — at most eight rows, the
 * largest changes, each in its own colour and named at its end (no legend); the subtitle says what
 * was left out. A cell absent in an input leaves a gap: no line runs to or across it. Drawn by
 * JFreeChart onto jfreesvg (SVG) or an image (PNG); the same diff gives the same bytes.
 */
public final class SeriesChart {
    public static final int WIDTH = 900;
    public static final int HEIGHT = 520;
    private static final Font LABEL_FONT = new Font("SansSerif", Font.PLAIN, 11);
    private static final Font SUBTITLE_FONT = new Font("SansSerif", Font.PLAIN, 11);

    private SeriesChart() {
    }

    /** The chart, written as SVG or PNG as its file is named ({@code diff --chart}). */
    public static Graph graph(Diff diff, String yLabel) {
        return Graph.of(w -> w.write(svg(diff, yLabel)), out -> png(diff, yLabel, out));
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
        SeriesLines lines = SeriesLines.of(diff);
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        java.util.Set<String> usedColumns = new java.util.HashSet<>();
        List<String> columns = new java.util.ArrayList<>();
        for (String label : diff.labels()) {
            columns.add(ChartLabels.shorten(label, usedColumns));
        }
        for (SeriesLines.Line line : lines.lines()) {
            for (int c = 0; c < columns.size(); c++) {
                // null is a gap: JFreeChart draws no segment to or from it.
                data.addValue(line.values()[c], line.label(), columns.get(c));
            }
        }
        String title = diff.title() == null ? null : ChartLabels.shorten(diff.title().replaceFirst("^# ", ""));
        JFreeChart chart = ChartFactory.createLineChart(title, null, yLabel, data, PlotOrientation.VERTICAL,
                false, false, false);
        chart.setBackgroundPaint(Color.WHITE);
        for (String note : subtitles(diff, lines)) {
            TextTitle t = new TextTitle(note, SUBTITLE_FONT);
            t.setMaximumLinesToDisplay(2);
            chart.addSubtitle(t);
        }
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        // Room at the right of the last input for the labels at the lines' ends.
        plot.getDomainAxis().setUpperMargin(0.32);
        plot.getDomainAxis().setLowerMargin(0.04);
        plot.getRangeAxis().setRange(0, lines.top());
        LineAndShapeRenderer r = new LineAndShapeRenderer(true, true);
        for (int i = 0; i < lines.lines().size(); i++) {
            SeriesLines.Line line = lines.lines().get(i);
            r.setSeriesPaint(i, line.colour());
            r.setSeriesStroke(i, new BasicStroke(3f));
            // The annotation has no offset: spaces keep the label clear of the line's last marker.
            CategoryTextAnnotation label = new CategoryTextAnnotation("   " + line.label(), columns.get(line.end()),
                    line.labelAt());
            label.setCategoryAnchor(CategoryAnchor.MIDDLE);
            label.setTextAnchor(TextAnchor.HALF_ASCENT_LEFT);
            label.setFont(LABEL_FONT);
            label.setPaint(line.colour());
            plot.addAnnotation(label);
        }
        plot.setRenderer(r);
        return chart;
    }

    /** The subtitles: what the chart left out, then each input's missing names (they blank cells and lower others). */
    static List<String> subtitles(Diff diff, SeriesLines lines) {
        List<String> out = new java.util.ArrayList<>();
        if (lines.subtitle() != null) {
            out.add(lines.subtitle());
        }
        out.addAll(io.myflame.diff.UnnamedNotes.of(diff));
        return out;
    }
}
