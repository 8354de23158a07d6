package io.myflame.diff.flame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.SampledThread;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;

/** The HTML comparison finds our SVG renderer as a service and embeds well-formed, isolated graphs. */
class SvgEmbedderTest {
    private static Profile profile(long w) {
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames);
        int t = b.thread(new SampledThread("mariadbd", 1, 1));
        int[] stack = {frames.intern("do_command"), frames.intern("mysql_delete"), frames.intern("<script>alert(1)</script>")};
        b.add(t, stack, 3, w, 1);
        b.add(t, stack, 2, 10, 1);
        return b.build();
    }

    @Test
    void graphsAreIframesHoldingWellFormedSvg() throws Exception {
        FlameGraphEmbedder e = new SvgEmbedder();
        for (String html : new String[] {e.flamegraph(profile(5), "10.2 <old>", "col0"),
                e.differential(profile(5), profile(30), "diff & more", "diff")}) {
            assertTrue(html.startsWith("<iframe id=\""), html);
            assertFalse(html.contains("<script>"), "a name reached the page: " + html);
            Matcher m = Pattern.compile("base64,([A-Za-z0-9+/=]+)\"").matcher(html);
            assertTrue(m.find());
            byte[] svg = Base64.getDecoder().decode(m.group(1));
            var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(svg));
            assertEquals("svg", doc.getDocumentElement().getLocalName() == null
                    ? doc.getDocumentElement().getNodeName() : doc.getDocumentElement().getLocalName());
            String text = new String(svg, StandardCharsets.UTF_8);
            assertTrue(text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
            Matcher box = Pattern.compile("viewBox='0 0 (\\d+) (\\d+)'").matcher(text);
            assertTrue(box.find());
            assertTrue(text.contains("width='100%' height='100%' viewBox"), "the drawing scales to its frame");
            assertTrue(html.contains("max-width:" + box.group(1) + "px;aspect-ratio:" + box.group(1) + " / "
                    + box.group(2) + ";"), "the frame has the drawing's proportions: " + html.substring(0, 200));
        }
    }
}
