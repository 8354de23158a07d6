package io.myflame.core.text;

import io.myflame.core.UsageError;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The formats a table command writes, and the one rule that chooses it: {@code --format X} when
 * given, otherwise the extension of {@code -o} ({@code .html}, {@code .png}, {@code .md},
 * {@code .csv}, {@code .json}), otherwise text. The same rule holds for every command.
 */
public enum OutputFormat {
    TEXT("text"), MARKDOWN("markdown"), CSV("csv"), JSON("json"), HTML("html"), LIST("list"), PNG("png");

    private final String flag;

    OutputFormat(String flag) {
        this.flag = flag;
    }

    /** The value of {@code --format} that selects this format. */
    public String flag() {
        return flag;
    }

    /**
     * The format for {@code --format flag} (null when not given) and {@code -o output} (null for
     * stdout), among the {@code supported} ones.
     *
     * @throws IllegalArgumentException with a message for the user when the format is unknown or unsupported
     */
    public static OutputFormat choose(String flag, Path output, Set<OutputFormat> supported) {
        String other = flag == null ? otherArtefact(output) : null;
        if (other != null) {
            throw new UsageError("-o " + output.getFileName() + " names " + other + ", which this command does not write: "
                    + "give a name ending in ." + names(supported).replace(", ", ", .") + ", or --format");
        }
        OutputFormat f = flag != null ? parse(flag, supported) : fromExtension(output);
        if (!supported.contains(f)) {
            throw new UsageError("--format must be " + names(supported) + ", not '" + f.flag + "'"
                    + (flag == null ? " (from the name " + output.getFileName() + ")" : ""));
        }
        return f;
    }

    private static OutputFormat parse(String flag, Set<OutputFormat> supported) {
        for (OutputFormat f : values()) {
            if (f.flag.equals(flag.toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        throw new UsageError("--format must be " + names(supported) + ", not '" + flag + "'");
    }

    /** The format an output file's extension names; text for stdout and other names. */
    public static OutputFormat fromExtension(Path output) {
        if (output == null || output.getFileName() == null) {
            return TEXT;
        }
        String name = output.getFileName().toString().toLowerCase(Locale.ROOT);
        String ext = name.substring(name.lastIndexOf('.') + 1);
        return switch (ext) {
            case "html", "htm" -> HTML;
            case "png" -> PNG;
            case "md", "markdown" -> MARKDOWN;
            case "csv" -> CSV;
            case "json" -> JSON;
            default -> TEXT;
        };
    }

    /**
     * What an output name's extension says the file holds when that is not a table: an image or
     * page of a flamegraph, folded stacks, a pprof profile, a perf recording (null otherwise). The
     * rule every command applies to {@code -o}: an extension naming something it does not write
     * is a usage error, never a file of one format under another's name.
     */
    public static String otherArtefact(Path output) {
        if (output == null || output.getFileName() == null) {
            return null;
        }
        String name = output.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".svg") || name.endsWith(".svgz")) {
            return "an SVG image";
        }
        if (name.endsWith(".folded") || name.endsWith(".collapsed") || name.endsWith(".folded.gz")) {
            return "folded stacks";
        }
        if (name.endsWith(".pb.gz") || name.endsWith(".pprof") || name.endsWith(".pb")) {
            return "a pprof profile";
        }
        if (name.equals("perf.data") || name.endsWith(".perf.data")) {
            return "a perf recording";
        }
        return null;
    }

    /** Every format but the ones listed. */
    public static Set<OutputFormat> allBut(OutputFormat... excluded) {
        EnumSet<OutputFormat> s = EnumSet.allOf(OutputFormat.class);
        s.removeAll(Set.of(excluded));
        return s;
    }

    static String names(Set<OutputFormat> formats) {
        return formats.stream().sorted().map(OutputFormat::flag).collect(Collectors.joining(", "));
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

    /** Writes {@code doc} in this format: the one dispatch of every table command. */
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
            case PNG -> throw new IllegalStateException("PNG is written to the stream");
        }
        w.flush();
    }
}
