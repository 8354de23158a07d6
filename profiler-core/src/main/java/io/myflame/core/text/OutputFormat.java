package io.myflame.core.text;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Every kind of file myflame writes, each with its {@code --format} name and the {@code -o}
 * extensions that name it: the one registry of output formats. Which of them a command writes is
 * a {@link CommandFormats}; {@link CommandFormats#choose} is the one rule that picks one. Tables
 * ({@link Document}) and graphs ({@link Graph}) are written here, each by its {@code write}; folded
 * stacks and pprof by their own modules.
 * {@link #RECORDING} is written by no command: its names are known only to be refused.
 */
public enum OutputFormat {
    TEXT("text", "text", "text", "txt", "text"),
    MARKDOWN("markdown", "Markdown", "markdown text", "md", "markdown"),
    CSV("csv", "CSV", "csv text", "csv"),
    JSON("json", "JSON", "json text", "json"),
    HTML("html", "HTML", "an HTML page", "html", "htm"),
    /** The published-list layout of a table; no file name says it. */
    LIST("list", "list", "a list"),
    PNG("png", "PNG", "a PNG image", "png"),
    SVG("svg", "SVG", "an SVG image", "svg", "svgz"),
    FOLDED("folded", "folded stacks", "folded stacks", "folded", "collapsed", "folded.gz"),
    PPROF("pprof", "pprof", "a pprof profile", "pb.gz", "pprof", "pb"),
    RECORDING("perf.data", "perf.data", "a perf recording", "perf.data");

    /** The formats of a table, in the order usage messages list them. */
    public static final List<OutputFormat> TABLES = List.of(TEXT, MARKDOWN, CSV, JSON, HTML, LIST, PNG);

    private final String flag;
    private final String title;
    private final String description;
    private final List<String> extensions;

    OutputFormat(String flag, String title, String description, String... extensions) {
        this.flag = flag;
        this.title = title;
        this.description = description;
        this.extensions = List.of(extensions);
    }

    /** The value of {@code --format} that selects this format. */
    public String flag() {
        return flag;
    }

    /** The format's name in a sentence ({@code SVG}, {@code folded stacks}). */
    public String title() {
        return title;
    }

    /** What a file of this format holds, as a refusal says it ({@code -o x.svg names an SVG image}). */
    public String description() {
        return description;
    }

    /** The extensions that name this format, the usual one first (none for {@link #LIST}). */
    public List<String> extensions() {
        return extensions;
    }

    /**
     * The format an output name's extension names ({@code x.md}, {@code x.folded.gz}, {@code perf.data}),
     * or null for stdout, a name without extension and an extension no format claims.
     */
    public static OutputFormat named(Path output) {
        if (output == null || output.getFileName() == null) {
            return null;
        }
        String name = output.getFileName().toString().toLowerCase(Locale.ROOT);
        OutputFormat found = null;
        String longest = "";
        for (OutputFormat f : values()) {
            for (String ext : f.extensions) {
                // A two-part extension may be the whole name (perf.data); one part needs its dot.
                boolean matches = name.endsWith("." + ext) || ext.contains(".") && name.equals(ext);
                if (matches && ext.length() > longest.length()) {
                    found = f;
                    longest = ext;
                }
            }
        }
        return found;
    }

    /** The format {@code --format flag} names, or null. */
    static OutputFormat parse(String flag) {
        for (OutputFormat f : values()) {
            if (f.flag.equals(flag.toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        return null;
    }

    /**
     * Refuses, before the table is computed, a table this format cannot hold: a PNG has at most
     * {@link TablePng#MAX_ROWS} rows. Other formats take any number.
     */
    public void checkRows(long rows) {
        if (this == PNG) {
            TablePng.checkRows(rows);
        }
    }

    /** Writes {@code doc} in this table format: the one dispatch of every table command. */
    public void write(Document doc, OutputStream out) throws IOException {
        if (this == PNG) {
            doc.png(out);
            out.flush();
            return;
        }
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        switch (this) {
            case TEXT -> doc.text(w);
            case MARKDOWN -> doc.markdown(w);
            case CSV -> doc.csv(w);
            case JSON -> doc.json(w);
            case HTML -> doc.html(w);
            case LIST -> doc.list(w);
            default -> throw new IllegalStateException(this + " is not a table format");
        }
        w.flush();
    }

    /** Writes {@code graph} in this graph format: the one dispatch of every graph a command draws. */
    public void write(Graph graph, OutputStream out) throws IOException {
        switch (this) {
            case SVG -> {
                Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
                graph.svg(w);
                w.flush();
            }
            case PNG -> graph.png(out);
            case HTML -> graph.html(out);
            default -> throw new IllegalStateException(this + " is not a graph format");
        }
        out.flush();
    }
}
