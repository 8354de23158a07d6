package io.myflame.diff.flame;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.flame.MysqlLayer;
import io.myflame.core.text.Escape;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import one.convert.Arguments;
import one.convert.CallStack;
import one.convert.FlameGraph;
import one.convert.Frame;

/**
 * The self-contained HTML flamegraph of async-profiler's converter ({@code one.convert.FlameGraph},
 * its canvas view with search, invert and zoom), fed from our call tree so every filter and
 * rename applies. The converter escapes quotes and backslashes for its script but not a
 * {@code </script>} inside a name, so the frame list is made safe here.
 */
public final class HtmlFlameGraph {
    private final String title;
    private final double minWidthPercent;
    private final boolean inverted;

    public HtmlFlameGraph(String title, double minWidthPercent, boolean inverted) {
        this.title = title;
        this.minWidthPercent = minWidthPercent;
        this.inverted = inverted;
    }

    /** Writes the page for {@code tree} (node 0 is the converter's own "all" root). */
    public void write(CallTree tree, OutputStream out) throws IOException {
        Arguments args = new Arguments();
        args.title = Escape.xml(title);
        args.minwidth = minWidthPercent;
        args.inverted = inverted;
        FlameGraph graph = new FlameGraph(args);
        String[] names = new String[tree.size()];
        byte[] types = new byte[tree.size()];
        for (int n = 1; n < tree.size(); n++) {
            names[n] = scriptSafe(tree.name(n));
            types[n] = type(tree, n);
        }
        addSamples(tree, 0, new CallStack(), graph, names, types);
        ByteArrayOutputStream page = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(page, false, StandardCharsets.UTF_8)) {
            graph.dump(ps);
        }
        out.write(closeNoScript(page.toString(StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Each node's own weight (total minus its callees') becomes one sample of its call path. */
    private static void addSamples(CallTree tree, int node, CallStack stack, FlameGraph graph, String[] names,
                                   byte[] types) {
        long own = tree.total(node);
        for (int c : tree.children(node)) {
            own -= tree.total(c);
            stack.push(names[c], types[c]);
            addSamples(tree, c, stack, graph, names, types);
            stack.pop();
        }
        if (own > 0 && node != 0) {
            graph.addSample(stack, own);
        }
    }

    private static byte type(CallTree tree, int node) {
        return switch (MysqlLayer.of(tree, node)) {
            case KERNEL -> Frame.TYPE_KERNEL;
            case LIBC -> Frame.TYPE_NATIVE;
            default -> Frame.TYPE_CPP;
        };
    }

    /** Line breaks would end the converter's JavaScript string literals. */
    static String scriptSafe(String name) {
        StringBuilder sb = null;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean bad = c < 0x20 || c == '\u2028' || c == '\u2029';
            if (bad && sb == null) {
                sb = new StringBuilder(name.substring(0, i));
            }
            if (sb != null) {
                sb.append(bad ? '\uFFFD' : c);
            }
        }
        return sb == null ? name : sb.toString();
    }

    /**
     * Inside the page's last script element, which holds the frame names, {@code </} would end it
     * (and {@code <!--} confuse the parser); in a JavaScript string {@code <\/} and {@code <\!--}
     * mean the same text. (Converter 4.5's page has a small theme script before the title.)
     */
    static String closeNoScript(String html) {
        // The data script is the first after the (escaped) title; names can only be inside it.
        int start = html.indexOf("<script>", Math.max(0, html.indexOf("</h1>")));
        int end = html.lastIndexOf("</script>");
        if (start < 0 || end < start) {
            throw new IllegalStateException("converter page without its script");
        }
        String body = html.substring(start + "<script>".length(), end)
                .replace("</", "<\\/").replace("<!--", "<\\!--");
        return html.substring(0, start + "<script>".length()) + body + html.substring(end);
    }
}
