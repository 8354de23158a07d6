package io.myflame.core.flame;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;

/** A rendered flamegraph parsed back with the JDK's XML parser: well-formedness and the frame tree. */
final class SvgDocument {
    final Document doc;

    SvgDocument(String svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        doc = f.newDocumentBuilder().parse(new InputSource(new StringReader(svg)));
    }

    /** The frames group's first frame ("all"). */
    Frame root() {
        Element frames = doc.getElementById("frames");
        if (frames == null) {
            frames = byId("frames");
        }
        return new Frame(frameChildren(frames).get(0));
    }

    Element byId(String id) {
        var all = doc.getElementsByTagNameNS("*", "*");
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            if (id.equals(e.getAttribute("id"))) {
                return e;
            }
        }
        return null;
    }

    static List<Element> frameChildren(Element g) {
        List<Element> out = new ArrayList<>();
        for (Node c = g.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c instanceof Element e && e.getLocalName().equals("g") && e.getAttribute("class").equals("f")) {
                out.add(e);
            }
        }
        return out;
    }

    /** One frame: name, weight, and its rectangle. */
    record Frame(Element g) {
        String name() {
            return g.getAttribute("data-n");
        }

        long weight() {
            return Long.parseLong(g.getAttribute("data-w"));
        }

        Element rect() {
            for (Node c = g.getFirstChild(); c != null; c = c.getNextSibling()) {
                if (c instanceof Element e && e.getLocalName().equals("rect")) {
                    return e;
                }
            }
            throw new AssertionError("frame without rect: " + name());
        }

        double x() {
            return Double.parseDouble(rect().getAttribute("x"));
        }

        double y() {
            return Double.parseDouble(rect().getAttribute("y"));
        }

        double width() {
            return Double.parseDouble(rect().getAttribute("width"));
        }

        String fill() {
            return rect().getAttribute("style");
        }

        List<Frame> children() {
            return frameChildren(g).stream().map(Frame::new).toList();
        }

        void forEach(java.util.function.Consumer<Frame> action) {
            action.accept(this);
            for (Frame c : children()) {
                c.forEach(action);
            }
        }
    }
}
