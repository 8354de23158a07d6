package io.myflame.diff.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.xml.sax.InputSource;

class LineChartTest {
    private static final List<LineChart.Series> SERIES = List.of(
            new LineChart.Series("innodb <ahi> & on", new double[] {1, 2, 4}, new double[] {100, 180, 300}),
            new LineChart.Series("myrocks", new double[] {1, 2, 4}, new double[] {90, 170, 260}));

    @Test
    void pngIsTheSameChartAsAnImage() throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        LineChart.png("QPS", "threads", "qps", SERIES, true, 800, 500, out);
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(out.toByteArray()));
        assertEquals(800, img.getWidth());
        assertEquals(500, img.getHeight());
        // JFreeChart's first two series colours draw the lines.
        java.util.Set<Integer> colours = new java.util.HashSet<>();
        for (int x = 0; x < 800; x++) {
            for (int y = 0; y < 500; y++) {
                colours.add(img.getRGB(x, y) & 0xffffff);
            }
        }
        assertTrue(colours.contains(0xff5555) && colours.contains(0x5555ff), "both lines drawn");
    }

    @Test
    void sameDataSameBytes() {
        String a = LineChart.svg("QPS", "threads", "qps", SERIES, true, 800, 500);
        String b = LineChart.svg("QPS", "threads", "qps", SERIES, true, 800, 500);
        assertEquals(a, b);
    }

    @Test
    void isWellFormedSvgWithEveryNameEscaped() throws Exception {
        String svg = LineChart.svg("QPS", "threads", "qps", SERIES, true, 800, 500);
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        // the SVG doctype names a DTD on w3.org; well-formedness needs no network
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        f.newDocumentBuilder().parse(new InputSource(new StringReader(svg)));
        assertTrue(svg.contains("innodb &lt;ahi&gt; &amp; on"), "legend entry escaped");
        assertTrue(svg.contains(">myrocks<"), "legend entry");
    }
}
