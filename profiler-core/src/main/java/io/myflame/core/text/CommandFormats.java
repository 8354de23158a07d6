package io.myflame.core.text;

import io.myflame.core.UsageError;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The {@link OutputFormat}s one command writes, and the one rule every command applies to its
 * output: {@code --format X} when given, otherwise the format the extension of {@code -o} names,
 * otherwise the command's {@code fallback} (stdout, no extension, an extension no format claims).
 * An extension naming a format the command does not write is a usage error, never a file of one
 * format under another's name; only a table command's {@code --format} overrides the name
 * ({@code report --format csv -o x.svg} writes CSV, as asked).
 *
 * @param command    the command's name, as refusals say it
 * @param formats    what it writes, in the order refusals list them
 * @param fallback   what it writes when neither the flag nor the name chooses
 * @param flagWins   whether an explicit {@code --format} overrides the name of {@code -o}
 * @param hint       appended to a refused {@code --format} (may be empty)
 */
public record CommandFormats(String command, List<OutputFormat> formats, OutputFormat fallback, boolean flagWins,
                             String hint) {

    public CommandFormats {
        formats = List.copyOf(formats);
        if (!formats.contains(fallback)) {
            throw new IllegalArgumentException(command + " does not write its fallback " + fallback);
        }
    }

    /** A command that writes tables in every table format, chosen by {@code --format} or the name. */
    public static CommandFormats tables(String command) {
        return new CommandFormats(command, OutputFormat.TABLES, OutputFormat.TEXT, true, "");
    }

    /**
     * A command whose {@code -o} name chooses among {@code formats} (the first when it names none);
     * a {@code --format}, where the command has one, must agree with the name.
     */
    public static CommandFormats byName(String command, OutputFormat... formats) {
        return new CommandFormats(command, List.of(formats), formats[0], false, "");
    }

    /** This command with a sentence appended to a refused {@code --format}. */
    public CommandFormats withHint(String h) {
        return new CommandFormats(command, formats, fallback, flagWins, h);
    }

    /** True when this command writes {@code f}. */
    public boolean writes(OutputFormat f) {
        return formats.contains(f);
    }

    /**
     * The format for {@code --format flag} (null when not given) and {@code -o output} (null for stdout).
     *
     * @throws UsageError with one line for the user when the format is unknown or not one this command writes
     */
    public OutputFormat choose(String flag, Path output) {
        OutputFormat asked = flag == null ? null : OutputFormat.parse(flag);
        if (flag != null && (asked == null || !writes(asked))) {
            throw new UsageError("--format must be " + flags() + ", not '" + flag + "'" + hint);
        }
        if (asked != null && flagWins) {
            return asked;
        }
        OutputFormat named = OutputFormat.named(output);
        if (named != null && !writes(named)) {
            throw new UsageError("-o " + output.getFileName() + " names " + named.description()
                    + ", which this command does not write: " + remedy());
        }
        return asked != null ? asked : named != null ? named : fallback;
    }

    /** What a refused name should be instead. */
    private String remedy() {
        List<String> exts = formats.stream().filter(f -> !f.extensions().isEmpty())
                .map(f -> "." + f.extensions().get(0)).toList();
        if (flagWins) {
            return "give a name ending in " + String.join(", ", exts) + ", or --format";
        }
        List<String> titles = formats.stream().map(OutputFormat::title).toList();
        return command + " writes " + either(titles) + " (name the file " + either(exts) + ")";
    }

    /** The {@code --format} values, as usage messages list them. */
    public String flags() {
        return formats.stream().map(OutputFormat::flag).collect(Collectors.joining(", "));
    }

    /** {@code a}, {@code a or b}, {@code a, b or c}. */
    private static String either(List<String> items) {
        if (items.size() == 1) {
            return items.get(0);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " or " + items.get(items.size() - 1);
    }
}
