package io.myflame.diff;

import java.awt.Color;
import java.awt.Rectangle;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.svg.SVGGraphics2D;

/** The category breakdown as horizontal stacked bars, one bar per column, drawn to inline SVG. */
public final class CategoryChart {
    /** Colours for the categories in file order, chosen to stay apart when printed in grey. */
    private static final Color[] PALETTE = {
        new Color(0xd62728), new Color(0xff7f0e), new Color(0x9467bd), new Color(0x8c564b),
        new Color(0x1f77b4), new Color(0x2ca02c), new Color(0x17becf), new Color(0xbcbd22),
        new Color(0x7f7f7f), new Color(0xe377c2),
    };

    private CategoryChart() {
    }

    /** An {@code <svg>} element; names are escaped by JFreeSVG. */
    public static String svg(Diff categories, int width) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (DiffRow row : categories.rows()) {
            for (int c = 0; c < categories.columns().size(); c++) {
                Cell cell = row.cells().get(c);
                data.addValue(cell.present() ? cell.mean() : 0.0, row.key(), categories.columns().get(c).label());
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
        for (int r = 0; r < categories.rows().size(); r++) {
            renderer.setSeriesPaint(r, PALETTE[r % PALETTE.length]);
        }
        int height = 90 + 38 * categories.columns().size();
        SVGGraphics2D g2 = new SVGGraphics2D(width, height);
        // A fixed prefix keeps the SVG byte-identical between runs (the default uses the clock).
        g2.setDefsKeyPrefix("myflame-categories");
        chart.draw(g2, new Rectangle(0, 0, width, height));
        return g2.getSVGElement();
    }
}
