package io.myflame.core.flame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.analysis.CallTrees;
import io.myflame.core.model.Profile;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * The PNG is the SVG's drawing on a BufferedImage: decoded with ImageIO it has the SVG's size, and
 * the pixels of frames wide enough to check have their frames' colours where the SVG puts them.
 */
class PngFlameGraphTest {
    @Test
    void pixelsOfKnownFramesHaveTheirColours() throws Exception {
        Profile p = Fixtures.folded("delete-10.2.folded");
        CallTree tree = CallTrees.full(p, true);
        for (FlameOptions o : new FlameOptions[] {
                FlameOptions.defaults().withStyle(Palette.MYSQL.style(false)),
                FlameOptions.defaults().withInverted(true).withWidth(900).withFrameHeight(20)
                        .withBackground(Background.YELLOW).withStyle(Palette.HOT.style(true))}) {
            SvgFlameGraph graph = new SvgFlameGraph(o);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            graph.writePng(tree, out);
            Files.write(Fixtures.target("delete-" + o.width() + ".png"), out.toByteArray());
            BufferedImage img = ImageIO.read(new ByteArrayInputStream(out.toByteArray()));
            FlameLayout layout = graph.layout(tree);
            FlameDrawing d = new FlameDrawing(o, layout, false);
            assertEquals(o.width(), img.getWidth());
            assertEquals(d.height, img.getHeight());
            int checked = 0;
            for (int i = 0; i < layout.size(); i++) {
                if (layout.width(i) < 40) {
                    continue;
                }
                int depth = layout.depth(i);
                double y = o.inverted() ? d.top + depth * o.frameHeight()
                        : d.height - d.bottom - d.legendHeight - (depth + 1) * o.frameHeight();
                int px = (int) (layout.x(i) + layout.width(i)) - 2;
                Color want = o.style().fill(tree, layout.node(i));
                Color got = new Color(img.getRGB(px, (int) y + 1));
                assertEquals(want, got, tree.name(layout.node(i)) + " at " + px + "," + (int) (y + 1));
                checked++;
            }
            assertTrue(checked > 20, "frames checked: " + checked);
            Color corner = new Color(img.getRGB(1, 1));
            assertEquals(o.background().top(), corner, "background at the top");
        }
    }
}
