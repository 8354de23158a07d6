package io.myflame.cli;

import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * One rule for option values in every command: numbers are never negative and decimals are
 * finite ({@code --top -1}, {@code --min NaN}, {@code --minwidth Infinity} are usage errors, exit 2),
 * parser threads are bounded, and an output file is a file name rather than a directory.
 * The number rules are registered for every int, long and double option by {@link #register};
 * the others are named on their options.
 */
final class OptionValues {
    /** The most parser threads {@code --threads} takes ({@link io.myflame.core.task.Concurrency#MAX_THREADS}). */
    static final int MAX_THREADS = io.myflame.core.task.Concurrency.MAX_THREADS;

    private OptionValues() {
    }

    /**
     * Refuses options that do nothing in the mode chosen (exit 2): {@code --depth} without a tree,
     * {@code --widths} without {@code --diff}. Accepting them silently lets a typo'd intent pass.
     */
    static void onlyWith(CommandLine.Model.CommandSpec spec, boolean mode, String modeName, String... options) {
        if (mode) {
            return;
        }
        for (String o : options) {
            if (spec.commandLine().getParseResult().hasMatchedOption(o)) {
                throw new io.myflame.core.UsageError(o + " applies only with " + modeName);
            }
        }
    }

    /**
     * Refuses standard input named twice ({@code diff - -}): it can be read once, and the second
     * read found it closed ("Stream closed").
     */
    static void checkStdinOnce(CommandLine.ParseResult pr) {
        long dashes = 0;
        for (CommandLine.Model.PositionalParamSpec p : pr.matchedPositionals()) {
            dashes += p.originalStringValues().stream().filter(v -> v.equals("-") || v.equals("/dev/stdin")).count();
        }
        if (dashes > 1) {
            throw new io.myflame.core.UsageError("standard input (-) can be read only once; "
                    + "give the other inputs as files (or <(...) for a second stream)");
        }
    }

    /** Registers the number rules on a command line and all subcommands already added to it. */
    static void register(CommandLine cl) {
        ITypeConverter<Integer> ints = s -> (int) checked(parseLong(s), s, Integer.MAX_VALUE);
        ITypeConverter<Long> longs = s -> checked(parseLong(s), s, Long.MAX_VALUE);
        ITypeConverter<Double> doubles = OptionValues::finiteNonNegative;
        cl.registerConverter(Integer.class, ints).registerConverter(int.class, ints);
        cl.registerConverter(Long.class, longs).registerConverter(long.class, longs);
        cl.registerConverter(Double.class, doubles).registerConverter(double.class, doubles);
    }

    /**
     * A whole number in decimal digits: {@code 5.0}, {@code 1e3}, {@code 0x10}, {@code five} and the empty
     * string are refused in words (picocli's own converter quoted Java's NumberFormatException).
     */
    static long parseLong(String s) {
        String t = s.trim();
        if (!t.matches("[+-]?[0-9]+")) {
            throw new TypeConversionException("'" + s + "' is not a whole number");
        }
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + s + "' is too large");
        }
    }

    private static long checked(long v, String s, long max) {
        if (v < 0) {
            throw new TypeConversionException("'" + s + "' is negative");
        }
        if (v > max) {
            throw new TypeConversionException("'" + s + "' is too large");
        }
        return v;
    }

    private static double finiteNonNegative(String s) {
        double v;
        String t = s.trim();
        // Java also reads "1d", "0x1p3" and "NaN"; the options take plain decimals (1e-3 allowed).
        if (!t.matches("[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?")) {
            throw new TypeConversionException(t.matches("[+-]?(NaN|Infinity)") ? "'" + s + "' is not a finite number"
                    : "'" + s + "' is not a number");
        }
        try {
            v = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + s + "' is not a number");
        }
        if (!Double.isFinite(v)) {
            throw new TypeConversionException("'" + s + "' is not a finite number");
        }
        if (v < 0) {
            throw new TypeConversionException("'" + s + "' is negative");
        }
        return v;
    }

    /**
     * A decimal within {@code [min, max]}, on top of the rule for every decimal: finite and never negative.
     * Values far past any real one gave {@code Infinity} in what was drawn ({@code --scale 1e308}).
     */
    abstract static class BoundedDecimal implements ITypeConverter<Double> {
        private final double min;
        private final double max;
        private final boolean minIncluded;
        private final String what;

        BoundedDecimal(double min, boolean minIncluded, double max, String what) {
            this.min = min;
            this.minIncluded = minIncluded;
            this.max = max;
            this.what = what;
        }

        @Override
        public Double convert(String s) {
            double v = finiteNonNegative(s);
            if (v < min || (!minIncluded && v == min) || v > max) {
                throw new TypeConversionException("'" + s + "' is not " + what);
            }
            return v;
        }
    }

    /** A percentage of all samples: 0 to 100 ({@code --min}). */
    static final class Percent extends BoundedDecimal {
        Percent() {
            super(0, true, 100, "a percentage between 0 and 100");
        }
    }

    /**
     * The change the ends of a differential colour scale stand for ({@code --scale}): more than 0, at most
     * 10^12 (points, microseconds or cycles per transaction; no change is larger).
     */
    static final class ChangeScale extends BoundedDecimal {
        ChangeScale() {
            super(0, false, 1e12, "more than 0 and at most 1e12");
        }
    }

    /** A multiplier of the counts shown in tooltips ({@code --factor}): more than 0, at most 10^12. */
    static final class Factor extends BoundedDecimal {
        Factor() {
            super(0, false, 1e12, "more than 0 and at most 1e12");
        }
    }

    /** A TCP port: 1 to 65535 ({@code --port 0} and {@code --port 70000} reached no server). */
    static final class Port implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String s) {
            long v = checked(parseLong(s), s, Long.MAX_VALUE);
            if (v < 1 || v > 65535) {
                throw new TypeConversionException("'" + s + "' is not a port (1 to 65535)");
            }
            return (int) v;
        }
    }

    /** Parser threads: 1 to {@value #MAX_THREADS}. */
    static final class Threads implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String s) {
            long v = checked(parseLong(s), s, Long.MAX_VALUE);
            if (v < 1 || v > MAX_THREADS) {
                throw new TypeConversionException("'" + s + "' is not between 1 and " + MAX_THREADS);
            }
            return (int) v;
        }
    }

    /**
     * A count that must be at least 1: sysbench threads and measured seconds (sysbench reads
     * {@code --threads=0} as an error and {@code --time=0} as "run forever").
     */
    static final class Positive implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String s) {
            long v = checked(parseLong(s), s, Integer.MAX_VALUE);
            if (v < 1) {
                throw new TypeConversionException("'" + s + "' is not at least 1");
            }
            return (int) v;
        }
    }

    /**
     * The directory {@code record}, {@code sweep} and {@code demo} write ({@code --out}): an empty
     * name is the current directory to Java, and {@code sweep --out ''} began writing there.
     */
    static final class OutputDirectory implements ITypeConverter<Path> {
        @Override
        public Path convert(String s) {
            if (s.isBlank()) {
                throw new TypeConversionException("an empty directory name");
            }
            return Path.of(s);
        }
    }

    /** An output file: {@code -} for stdout, or a path that is not a directory ({@link OutputFileName}). */
    static final class OutputFile implements ITypeConverter<Path> {
        @Override
        public Path convert(String s) {
            String why = OutputFileName.problem(s);
            if (why != null) {
                throw new TypeConversionException(why);
            }
            return Path.of(s);
        }
    }
}
