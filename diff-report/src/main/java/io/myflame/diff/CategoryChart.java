package io.myflame.diff;

import io.myflame.core.flame.MysqlLayer;
import io.myflame.core.text.Graph;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.svg.SVGGraphics2D;

/** The category breakdown as horizontal stacked bars, one bar per column, drawn to inline SVG. */
public final class CategoryChart {
    /**
     * Colours for categories that are not a flamegraph layer, in file order: apart from each other
     * and from the layer colours, and apart when printed in grey.
     */
    private static final Color[] PALETTE = {
        new Color(0x8c564b), new Color(0x17becf), new Color(0xe377c2), new Color(0x2b4f81),
        new Color(0xbcbd22), new Color(0x1b7837), new Color(0x7f3b08), new Color(0x542788),
    };

    private CategoryChart() {
    }

    /** The chart {@code width} pixels wide, as a graph a command writes (PNG: {@code categories -o x.png}). */
    public static Graph graph(Diff categories, int width) {
        return Graph.of(w -> w.write(svg(categories, width)), out -> png(categories, width, out));
    }

    /** An {@code <svg>} element; names are escaped by JFreeSVG. */
    public static String svg(Diff categories, int width) {
        int height = height(categories);
        SVGGraphics2D g2 = new SVGGraphics2D(width, height);
        // A fixed prefix keeps the SVG byte-identical between runs (the default uses the clock).
        g2.setDefsKeyPrefix("myflame-categories");
        chart(categories).draw(g2, new Rectangle(0, 0, width, height));
        return g2.getSVGElement();
    }

    /** The same chart as a PNG image. */
    public static void png(Diff categories, int width, OutputStream out) throws IOException {
        int height = height(categories);
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            chart(categories).draw(g, new Rectangle(0, 0, width, height));
        } finally {
            g.dispose();
        }
        io.myflame.core.text.PngImage.write(image, out);
        out.flush();
    }


    private static int height(Diff categories) {
        return 90 + 38 * categories.columns().size();
    }

    /**
     * The colour of a category: a category named after a server layer of the mysql flamegraph
     * palette ({@code binlog}, {@code network}, {@code InnoDB foreground}, {@code SQL/foreground},
     * {@code other}, ...) takes that layer's colour, so bars and flamegraphs agree; the others
     * take the next palette colour in file order.
     */
    static Color colour(String category, int[] nextFree) {
        MysqlLayer layer = layerOf(category);
        if (layer != null) {
            return layer.base();
        }
        return PALETTE[nextFree[0]++ % PALETTE.length];
    }

    static MysqlLayer layerOf(String category) {
        String c = category.toLowerCase(java.util.Locale.ROOT).replace('/', ' ').trim();
        for (MysqlLayer l : MysqlLayer.values()) {
            String label = l.label().toLowerCase(java.util.Locale.ROOT);
            String word = label.split(" ")[0];
            if (c.equals(label) || c.equals(word) || c.equals(word + " foreground")) {
                return l;
            }
        }
        return null;
    }

    private static JFreeChart chart(Diff categories) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        java.util.Set<String> usedColumns = new java.util.HashSet<>();
        java.util.List<String> columns = new java.util.ArrayList<>();
        for (int c = 0; c < categories.columns().size(); c++) {
            columns.add(io.myflame.diff.ChartLabels.shorten(categories.columns().get(c).label(), usedColumns));
        }
        java.util.Set<String> usedRows = new java.util.HashSet<>();
        for (DiffRow row : categories.rows()) {
            String key = io.myflame.diff.ChartLabels.shorten(row.key(), usedRows);
            for (int c = 0; c < categories.columns().size(); c++) {
                Cell cell = row.cells().get(c);
                data.addValue(cell.present() ? cell.mean() : 0.0, key, columns.get(c));
            }
        }
        String unit = categories.units().isEmpty() ? "%" : categories.deltaUnit();
        JFreeChart chart = ChartFactory.createStackedBarChart(null, null, unit, data,
                PlotOrientation.HORIZONTAL, true, false, false);
        chart.setBackgroundPaint(Color.WHITE);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        StackedBarRenderer renderer = (StackedBarRenderer) plot.getRenderer();
        renderer.setShadowVisible(false);
        renderer.setBarPainter(new org.jfree.chart.renderer.category.StandardBarPainter());
        int[] nextFree = {0};
        for (int r = 0; r < categories.rows().size(); r++) {
            renderer.setSeriesPaint(r, colour(categories.rows().get(r).key(), nextFree));
        }
        return chart;
    }
}
