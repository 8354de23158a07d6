package io.myflame.diff.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Rectangle;
import java.util.List;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;
import io.myflame.diff.ChartLabels;

/**
 * A line chart as SVG — one line per series, drawn by JFreeChart onto jfreesvg — for sweep results
 * such as QPS or p95 latency against client threads. The x axis is logarithmic (base 2) when asked,
 * since thread counts double. The same data gives the same bytes.
 */
public final class LineChart {
    /** One line: a name and its points. */
    public record Series(String name, double[] x, double[] y) {
    }

    private LineChart() {
    }

    public static String svg(String title, String xLabel, String yLabel, List<Series> series, boolean log2X,
                             int width, int height) {
        JFreeChart chart = chart(title, xLabel, yLabel, series, log2X);
        SVGGraphics2D g = new SVGGraphics2D(width, height);
        // jfreesvg picks a random prefix for its ids; a fixed one keeps the output deterministic.
        g.setDefsKeyPrefix("myflame-chart");
        chart.draw(g, new Rectangle(0, 0, width, height));
        return g.getSVGDocument();
    }

    /** The same chart as a PNG image. */
    public static void png(String title, String xLabel, String yLabel, List<Series> series, boolean log2X,
                           int width, int height, java.io.OutputStream out) throws java.io.IOException {
        JFreeChart chart = chart(title, xLabel, yLabel, series, log2X);
        java.awt.image.BufferedImage image = new java.awt.image.BufferedImage(width, height,
                java.awt.image.BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(java.awt.RenderingHints.KEY_ANTIALIASING, java.awt.RenderingHints.VALUE_ANTIALIAS_ON);
            chart.draw(g, new Rectangle(0, 0, width, height));
        } finally {
            g.dispose();
        }
        io.myflame.core.text.PngImage.write(image, out);
        out.flush();
    }

    private static JFreeChart chart(String title, String xLabel, String yLabel, List<Series> series, boolean log2X) {
        System.setProperty("java.awt.headless", "true");
        XYSeriesCollection data = new XYSeriesCollection();
        java.util.Set<String> used = new java.util.HashSet<>();
        for (Series s : series) {
            XYSeries xy = new XYSeries(ChartLabels.shorten(s.name(), used), true, false);
            for (int i = 0; i < s.x().length; i++) {
                xy.add(s.x()[i], s.y()[i]);
            }
            data.addSeries(xy);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(ChartLabels.shorten(title), xLabel, yLabel, data, PlotOrientation.VERTICAL,
                true, false, false);
        style(chart, xLabel, log2X);
        return chart;
    }

    private static void style(JFreeChart chart, String xLabel, boolean log2X) {
        chart.setBackgroundPaint(Color.WHITE);
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        if (log2X) {
            LogAxis axis = new LogAxis(xLabel);
            axis.setBase(2);
            axis.setTickUnit(new NumberTickUnit(1));
            axis.setMinorTickMarksVisible(false);
            axis.setNumberFormatOverride(new java.text.DecimalFormat("0"));
            plot.setDomainAxis(axis);
        }
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < plot.getDataset().getSeriesCount(); i++) {
            r.setSeriesStroke(i, new BasicStroke(2f));
        }
        plot.setRenderer(r);
    }
}
