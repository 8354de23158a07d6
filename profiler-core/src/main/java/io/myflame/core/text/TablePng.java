package io.myflame.core.text;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Tables as a PNG image (blog platforms take images, not preformatted text): the text layout of
 * {@link TextTable} drawn with a monospaced font on a {@link BufferedImage}, title and header in
 * bold, significant rows highlighted, notes in grey. No browser is needed.
 */
final class TablePng {
    private static final int MARGIN = 16;
    private static final Color HIGHLIGHT = new Color(0xfff4e0);
    private static final Color NOTE = new Color(0x555555);
    /** More rows than a reader can take in from an image; also bounds the image's memory (~17 px a row). */
    static final int MAX_ROWS = 1000;
    /** A line is cut here (a 1.5 MB function name would make a 12M-pixel-wide image). */
    static final int MAX_CHARS = 240;

    private enum Kind { TITLE, HEADER, ROW, MARKED, NOTE }

    private record Line(String text, Kind kind) {
    }

    private TablePng() {
    }

    /**
     * Refuses, before any layout, a PNG of more than {@link #MAX_ROWS} rows: the work and the image
     * would grow with rows nobody can read in a picture (a million rows crashed).
     */
    public static void checkRows(long rows) {
        if (rows > MAX_ROWS) {
            throw new io.myflame.core.DataError(String.format(java.util.Locale.ROOT,
                    "a PNG table of %,d rows is too large (at most %,d): choose fewer rows (--top N, --min PCT) "
                            + "or another --format", rows, MAX_ROWS));
        }
    }

    static void write(List<IndentedTable> tables, OutputStream out) throws IOException {
        checkRows(tables.stream().mapToLong(t -> t.rows().size()).sum());
        List<Line> lines = new ArrayList<>();
        for (IndentedTable t : tables) {
            if (!lines.isEmpty()) {
                lines.add(new Line("", Kind.NOTE));
            }
            lines.addAll(lines(t));
        }
        Font plain = new Font(Font.MONOSPACED, Font.PLAIN, 14);
        Font bold = plain.deriveFont(Font.BOLD);
        FontMetrics fm = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics().getFontMetrics(plain);
        int widest = lines.stream().mapToInt(l -> fm.stringWidth(l.text())).max().orElse(0);
        int height = fm.getHeight();
        BufferedImage img = new BufferedImage(widest + 2 * MARGIN, lines.size() * height + 2 * MARGIN,
                BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, img.getWidth(), img.getHeight());
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            int top = MARGIN + i * height;
            if (l.kind() == Kind.MARKED) {
                g.setColor(HIGHLIGHT);
                g.fillRect(MARGIN / 2, top, widest + MARGIN, height);
            }
            g.setFont(l.kind() == Kind.TITLE || l.kind() == Kind.HEADER || l.kind() == Kind.MARKED ? bold : plain);
            g.setColor(l.kind() == Kind.NOTE ? NOTE : Color.BLACK);
            g.drawString(l.text(), MARGIN, top + fm.getAscent());
        }
        g.dispose();
        PngImage.write(img, out);
    }

    /** {@code text} cut to {@link #MAX_CHARS} characters, the cut marked. */
    private static String clipped(String text) {
        return text.length() <= MAX_CHARS ? text : text.substring(0, MAX_CHARS - 1) + "\u2026";
    }

    /** The text layout's lines, each told what it is: one title line, one header, one line per row. */
    private static List<Line> lines(IndentedTable t) throws IOException {
        StringWriter w = new StringWriter();
        TextTable.text(t, w);
        List<String> text = w.toString().lines().map(TablePng::clipped).toList();
        List<Line> out = new ArrayList<>();
        int at = 0;
        if (t.title() != null) {
            // The text layout marks its title as a Markdown heading; an image shows the title alone.
            out.add(new Line(text.get(at++).replaceFirst("^# ", ""), Kind.TITLE));
        }
        out.add(new Line(text.get(at++), Kind.HEADER));
        for (IndentedTable.Row r : t.rows()) {
            out.add(new Line(text.get(at++), r.marked() ? Kind.MARKED : Kind.ROW));
        }
        while (at < text.size()) {
            out.add(new Line(text.get(at++), Kind.NOTE));
        }
        return out;
    }
}
