package io.myflame.core.flame;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.text.Escape;
import io.myflame.core.text.Graph;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
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

    /** The page for {@code tree} as a graph written as {@link io.myflame.core.text.OutputFormat#HTML}. */
    public Graph page(CallTree tree) {
        return new Graph() {
            @Override
            public void html(OutputStream out) throws IOException {
                write(tree, out);
            }
        };
    }

    /** Writes the page for {@code tree} (node 0 is the converter's own "all" root). */
    public void write(CallTree tree, OutputStream out) throws IOException {
        Arguments args = new Arguments();
        args.title = Escape.xml(Escape.text(title));
        args.minwidth = minWidthPercent;
        args.inverted = inverted;
        FlameGraph graph = new FlameGraph(args);
        String[] names = new String[tree.size()];
        byte[] types = new byte[tree.size()];
        byte[] layers = MysqlLayer.layers(tree);
        for (int n = 1; n < tree.size(); n++) {
            names[n] = scriptSafe(Escape.name(tree.name(n)));
            types[n] = type(MysqlLayer.values()[layers[n]]);
        }
        addSamples(tree, graph, names, types);
        out.write(closeNoScript(dump(graph)).getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /**
     * The converter writes its frame tree recursively, one call per level; a thread with a stack
     * large enough for 100,000-frame stacks (reserved, not committed, memory) keeps that from
     * overflowing.
     */
    private static String dump(FlameGraph graph) throws IOException {
        ByteArrayOutputStream page = new ByteArrayOutputStream();
        Throwable[] failure = new Throwable[1];
        java.lang.Thread t = new java.lang.Thread(null, () -> {
            try (PrintStream ps = new PrintStream(page, false, StandardCharsets.UTF_8)) {
                graph.dump(ps);
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, "html-flamegraph", 2L << 30);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            java.lang.Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing the HTML flamegraph", e);
        }
        if (failure[0] instanceof IOException io) {
            throw io;
        } else if (failure[0] != null) {
            throw new IllegalStateException("the converter failed to write the page", failure[0]);
        }
        return page.toString(StandardCharsets.UTF_8);
    }

    /**
     * Each node's own weight (total minus its callees') becomes one sample of its call path,
     * walking the tree with an explicit stack (no recursion over the depth).
     */
    private static void addSamples(CallTree tree, FlameGraph graph, String[] names, byte[] types) {
        CallStack stack = new CallStack();
        int[] open = new int[64];
        int[][] kids = new int[64][];
        int[] next = new int[64];
        int top = 0;
        kids[0] = tree.children(0);
        while (top >= 0) {
            int node = open[top];
            if (next[top] < kids[top].length) {
                int c = kids[top][next[top]++];
                stack.push(names[c], types[c]);
                if (++top == open.length) {
                    open = Arrays.copyOf(open, top * 2);
                    kids = Arrays.copyOf(kids, top * 2);
                    next = Arrays.copyOf(next, top * 2);
                }
                open[top] = c;
                kids[top] = tree.children(c);
                next[top] = 0;
                continue;
            }
            long own = tree.total(node);
            for (int c : kids[top]) {
                own -= tree.total(c);
            }
            if (own > 0 && node != 0) {
                graph.addSample(stack, own);
            }
            kids[top] = null;
            if (top-- > 0) {
                stack.pop();
            }
        }
    }

    private static byte type(MysqlLayer layer) {
        return switch (layer) {
            case KERNEL -> Frame.TYPE_KERNEL;
            case LIBC -> Frame.TYPE_NATIVE;
            default -> Frame.TYPE_CPP;
        };
    }

    /**
     * Line breaks would end the converter's JavaScript string literals; U+FFFE, U+FFFF and a
     * surrogate without its pair are not characters a page may hold (an XML or HTML parser stops
     * there), whatever they are inside.
     */
    static String scriptSafe(String name) {
        StringBuilder sb = null;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean lone = Character.isHighSurrogate(c) ? i + 1 == name.length() || !Character.isLowSurrogate(name.charAt(i + 1))
                    : Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(name.charAt(i - 1)));
            boolean bad = c < 0x20 || c == '\u2028' || c == '\u2029' || c == '\uFFFE' || c == '\uFFFF' || lone;
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
     * Inside the script element holding the frame names (the page's last; converter 4.5 also has a
     * theme script in its head), {@code </} would end it (and {@code <!--} confuse the parser); in
     * a JavaScript string {@code <\/} and {@code <\!--} mean the same text. The page's own markup
     * before that script is left alone.
     */
    static String closeNoScript(String html) {
        int names = html.indexOf("const cpool");
        int start = names < 0 ? -1 : html.lastIndexOf("<script>", names);
        int end = html.lastIndexOf("</script>");
        if (start < 0 || end < names) {
            throw new IllegalStateException("converter page without its frame script");
        }
        String body = html.substring(start + "<script>".length(), end)
                .replace("</", "<\\/").replace("<!--", "<\\!--");
        return html.substring(0, start + "<script>".length()) + body + html.substring(end);
    }
}
