package io.myflame.core.flame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.analysis.CallTrees;
import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.SampledThread;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** async-profiler's HTML page fed from our tree: one script element, names cannot end it. */
class HtmlFlameGraphTest {
    @Test
    void namesCannotCloseTheScriptAndPagesAreRepeatable() throws Exception {
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames);
        int t = b.thread(new SampledThread("mysqld", 1, 1));
        int[] evil = {frames.intern("do_command"), frames.intern("</script><script>alert(1)</script>"),
            frames.intern("std::vector<int>::push_back"), frames.intern("it's \\ <!-- x")};
        b.add(t, evil, 4, 30, 3);
        b.add(t, new int[] {frames.intern("do_command")}, 1, 10, 1);
        Profile p = b.build();
        String page = html(p, "<i>t</i>");
        // The converter's own page (its script elements, its markup) with plain names, to compare with.
        FrameTable plainFrames = new FrameTable();
        Profile.Builder plain = Profile.builder(plainFrames);
        plain.add(plain.thread(new SampledThread("mysqld", 1, 1)), new int[] {plainFrames.intern("do_command")}, 1, 10, 1);
        String reference = html(plain.build(), "t");
        int scripts = reference.split("<script>", -1).length - 1;
        assertEquals(scripts + 1, page.split("<script>", -1).length - 1, "the page's script elements and one inside a string");
        assertEquals(scripts, page.split("</script", -1).length - 1, "only the page's own script end tags");
        assertFalse(page.substring(0, page.indexOf("const cpool")).contains("<\\/"),
                "markup before the names' script untouched (converter 4.5 has a script in its head)");
        assertFalse(page.contains("<!-- x"));
        assertTrue(page.contains("<h1>&lt;i&gt;t&lt;/i&gt;</h1>"), page.substring(0, 2000));
        assertEquals(page, html(p, "<i>t</i>"));
    }

    static String html(Profile p, String title) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new HtmlFlameGraph(title, 0, false).write(CallTrees.full(p, true), out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
